import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './scripts/precompress.ts';

// The API server's dev port (scripts/dev.mjs starts it beside Vite).
const apiServer = 'http://localhost:3001';

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  // `#client/*` and `#contract/*` resolve through package.json `imports`, which Vite follows.
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    // dist/client/.vite/manifest.json: what each entry loads, for scripts/bundle-size.mjs.
    manifest: true,
  },
  server: {
    proxy: {
      '/api': { target: apiServer },
      '/uploads': { target: apiServer },
    },
  },
});
