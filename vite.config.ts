import { lingui } from '@lingui/vite-plugin';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type UserConfig } from 'vite';
import { firstLoadModules } from './scripts/first-load-modules.ts';
import { compileEntryOnLoad, precompress } from './scripts/precompress.ts';
import { clientOnPreact, reactOnPreact } from './scripts/react-on-preact.ts';

/**
 * Screens a visitor opens only by landing on them (a client's gallery link, a mailed reset link,
 * the forgot-password form from the login screen, an unknown address, the cache page): the server
 * names their chunks in the page's head (src/server/web/route-chunks.ts), so the entry need not
 * list their dependencies for an in-app visit, a list that cost every first load 0.15 KB gzip.
 */
const LANDING_ONLY_SCREEN = /^assets\/(?:gallery|login|reset-password|forgot-password|not-found|clear-cache)-[\w-]+\.js$/;

/**
 * What the visitor's page fetches when it is idle, the portfolio's dialogs
 * (src/client/app/portfolio/lazy-dialogs.tsx) and the toaster (deferred-toaster.tsx): the
 * browser finds their imports as it fetches them. Vite's preload links, one per dependency (the
 * photo dialog has 17), took a phone at 4× CPU 75-140 ms in one task (resolving each address,
 * then inserting each link), a long task while the visitor scrolled.
 */
const FETCHED_WHEN_IDLE = /^assets\/(?:(?:photo|release|about|contact)-dialog|toaster)-[\w-]+\.js$/;

function preloadedWithScreen(chunk: string, dependencies: string[]): string[] {
  return LANDING_ONLY_SCREEN.test(chunk) || FETCHED_WHEN_IDLE.test(chunk) ? [] : dependencies;
}

/** The first script of a page the server drew (src/server/web/route-chunks.ts reads its file from the manifest). */
const BOOT_SOURCE = 'src/client/boot.ts';

// The API server's dev port (scripts/dev.mjs starts it beside Vite).
const apiServer = 'http://localhost:3001';

/**
 * `vite build --ssr src/client/entry-server.tsx` (npm run build:client): the server's render of a
 * visitor's first screen (docs/decisions/0018), into dist/ssr for the page route to import. Every
 * package is bundled in, so the aliases put the same Preact under every `react` import there too.
 */
const serverRender: UserConfig = {
  plugins: [lingui({ macroTransform: true }), react({ refreshExclude: /./ })],
  resolve: { alias: reactOnPreact },
  ssr: { noExternal: true },
  build: { outDir: 'dist/ssr', emptyOutDir: true, ssr: 'src/client/entry-server.tsx', copyPublicDir: false, rolldownOptions: { input: 'src/client/entry-server.tsx' } },
};

export default defineConfig(({ isSsrBuild }) => isSsrBuild ? serverRender : {
  // On Preact, no Fast Refresh: React's refresh runtime finds no React renderer there, so an edited
  // component would stay stale; left out, an edit reloads the page.
  // Lingui's macros are compiled by its native transform (no Babel), and each .po catalog imported
  // is compiled at build time (lingui.config.ts, docs/translating.md).
  plugins: [
    lingui({ macroTransform: true }),
    react(clientOnPreact ? { refreshExclude: /./ } : {}),
    tailwindcss(),
    compileEntryOnLoad(),
    precompress(),
    firstLoadModules(),
  ],
  // `#client/*` and `#contract/*` resolve through package.json `imports`, which Vite follows; unless
  // CLIENT_RENDERER=react the aliases put Preact under every `react` import (scripts/react-on-preact.ts).
  resolve: { alias: clientOnPreact ? reactOnPreact : [] },
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    // dist/client/.vite/manifest.json: what each entry loads, for scripts/bundle-size.mjs (and
    // .vite/first-load-modules.json beside it, from firstLoadModules: what the first load is made of).
    manifest: true,
    // Every browser the site serves has modulepreload (Chrome 66, Firefox 115, Safari 17): the
    // polyfill was 0.2 KB gzip of every first load.
    modulePreload: { polyfill: false, resolveDependencies: preloadedWithScreen },
    // Everything the entry loads statically in the entry's one chunk: split into the shared chunks
    // the lazy screens also import, the same code cost a visitor 3 KB more gzip and more requests.
    // The boot a page the server drew runs first (src/client/boot.ts) is an entry of its own,
    // kept out of that chunk: it must load nothing else.
    rolldownOptions: {
      input: { index: 'index.html', boot: BOOT_SOURCE },
      output: {
        codeSplitting: { groups: [{ name: 'first-load', tags: ['$initial'], test: (id: string) => !id.endsWith(`/${BOOT_SOURCE}`) }] },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: apiServer },
      '/uploads': { target: apiServer },
    },
  },
});
