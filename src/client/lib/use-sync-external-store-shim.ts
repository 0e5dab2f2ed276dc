/**
 * What `use-sync-external-store/shim` resolves to in the build (vite.config.ts): wouter imports
 * that shim for React 17, and React 19 has the hook itself.
 */
export { useSyncExternalStore } from 'react';
