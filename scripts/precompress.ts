import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { promisify } from 'node:util';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Writes `.br` and `.gz` beside each built script and stylesheet, compressed once at the
 * strongest setting; the server sends them to browsers that accept them (@fastify/static's
 * preCompressed), so nothing is compressed per request.
 */
export function precompress(): Plugin {
  return {
    name: 'atelier:precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist/client';
      const names = Object.keys(bundle).filter((name) => /\.(?:js|css|html|svg)$/.test(name));
      await Promise.all(
        names.map(async (name) => {
          const file = path.join(dir, name);
          const data = await readFile(file);
          // Below a packet, compression saves nothing.
          if (data.length < 1024) return;
          const [br, gz] = await Promise.all([
            brotli(data, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
              },
            }),
            gzipAsync(data, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
        }),
      );
    },
  };
}
