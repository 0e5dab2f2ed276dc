// Bundles the server entry points with esbuild; dependencies stay in node_modules.
import { build } from 'esbuild';

await build({
  entryPoints: { main: 'src/server/main.ts', cli: 'src/server/cli.ts' },
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: process.argv.includes('--quiet') ? 'warning' : 'info',
});
