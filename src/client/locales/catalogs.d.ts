/** A .po catalog imported by the client is compiled at build time by Lingui's Vite plugin (lingui.config.ts). */
declare module '*.po' {
  import type { Messages } from '@lingui/core';

  export const messages: Messages;
}
