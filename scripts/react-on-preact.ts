import { fileURLToPath } from 'node:url';
import type { Alias } from 'vite';

const shim = (file: string) => fileURLToPath(new URL(`../src/client/lib/${file}`, import.meta.url));

/**
 * The browser runs the client on Preact (docs/decisions/0014), unless CLIENT_RENDERER=react: `react` and `react-dom`, ours and
 * every package's (Radix, dnd-kit, TanStack Query…), resolve to src/client/lib/react-on-preact.ts,
 * Preact's compatibility layer with React 19's ref-as-prop and `use(context)`. Vite's build and the
 * browser project of Vitest both use these, so the component tests run what a visitor runs.
 * Vite's dev server and Vitest pre-bundle the shim with the dependencies that import `react`, and
 * keep that bundle until the lockfile or the config changes: after editing the shim, start Vite with
 * `--force` and delete node_modules/.vite/vitest (left out of the pre-bundling, the shim and the
 * bundled packages got two copies of Preact).
 */
export const reactOnPreact: Alias[] = [
  { find: /^react$/, replacement: shim('react-on-preact.ts') },
  { find: /^react-dom$/, replacement: shim('react-on-preact.ts') },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-(?:dev-)?runtime$/, replacement: shim('react-on-preact-jsx.ts') },
  // @lingui/react's stand-in for React 18's useSyncExternalStore, a CommonJS module with a fallback
  // of its own; Preact has the hook, and the shim re-exports it.
  { find: /^use-sync-external-store\/shim$/, replacement: shim('react-on-preact.ts') },
];

/** What Vitest's browser project bundles before the first test (a module found mid-run reloads the page). */
export const preactDependencies = ['preact', 'preact/hooks', 'preact/compat', 'preact/compat/client', 'preact/jsx-runtime'];

/**
 * Whether this build runs the client on Preact: the default. CLIENT_RENDERER=react builds it on
 * React DOM instead, which the code is still written for, to compare the two or to tell a bug of
 * the compatibility layer from one of ours.
 */
export const clientOnPreact = process.env.CLIENT_RENDERER !== 'react';
