import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { promisify } from 'node:util';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** V8's explicit compile hint (Chrome 136 on), which it reads only as a script's very first line. */
const ALL_FUNCTIONS_CALLED_ON_LOAD = '//# allFunctionsCalledOnLoad\n';

/**
 * Marks the entry chunk for V8 to compile whole as it streams in, off the main thread: it holds
 * only what the first screen runs, and compiled lazily instead, each function was compiled on the
 * main thread at its first call, inside the page's longest task (hydration). Written into the
 * file, before it is compressed (`precompress`, next): the minifier drops a banner's comment.
 */
export function compileEntryOnLoad(): Plugin {
  return {
    name: 'atelier:compile-entry-on-load',
    apply: 'build',
    writeBundle: {
      sequential: true,
      order: 'pre',
      async handler(options, bundle) {
        const dir = options.dir ?? 'dist/client';
        const entries = Object.values(bundle).filter((chunk) => chunk.type === 'chunk' && chunk.isEntry);
        await Promise.all(
          entries.map(async (chunk) => {
            const file = path.join(dir, chunk.fileName);
            await writeFile(file, ALL_FUNCTIONS_CALLED_ON_LOAD + (await readFile(file, 'utf8')));
          }),
        );
      },
    },
  };
}

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
