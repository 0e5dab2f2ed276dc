import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Where the table goes, beside the manifest: read by scripts/bundle-size.mjs. */
export const FIRST_LOAD_MODULES_FILE = '.vite/first-load-modules.json';

export interface FirstLoadModule {
  /** The source file, relative to the project root (`node_modules/react-dom/…`, `src/client/…`). */
  id: string;
  /** Bytes of the minified chunk that came from this file. */
  bytes: number;
  /** Its share of the chunk's gzip size (see below). */
  gzip: number;
}

export interface FirstLoadChunk {
  file: string;
  bytes: number;
  gzip: number;
  modules: FirstLoadModule[];
}

const UNMAPPED = '(bundler runtime and glue)';
const GZIP_FRAME = gzipSync('', { level: 9 }).length;
const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const BASE64_VALUE = new Map([...BASE64].map((char, index) => [char, index]));

/** The fields of one source-map segment (base64 VLQ, deltas as written). */
function decodeSegment(segment: string): number[] {
  const fields: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = BASE64_VALUE.get(char) ?? 0;
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
    } else {
      fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return fields;
}

/** Each source's part of the minified code, from the chunk's source map. */
function attribute(code: string, mappings: string, sources: (string | null)[]): Map<string, string> {
  const parts = new Map<string, string[]>();
  const add = (source: string, text: string) => {
    if (!text) return;
    const list = parts.get(source);
    if (list) list.push(text);
    else parts.set(source, [text]);
  };
  const lines = code.split('\n');
  const mappingLines = mappings.split(';');
  let sourceIndex = 0;
  lines.forEach((text, lineIndex) => {
    const line = lineIndex < lines.length - 1 ? `${text}\n` : text;
    const starts: { column: number; source: string }[] = [];
    let column = 0;
    for (const segment of (mappingLines[lineIndex] ?? '').split(',')) {
      if (!segment) continue;
      const fields = decodeSegment(segment);
      column += fields[0] ?? 0;
      // Only the column and source fields matter here; a one-field segment maps to no source.
      if (fields.length >= 4) sourceIndex += fields[1] ?? 0;
      starts.push({ column, source: fields.length >= 4 ? (sources[sourceIndex] ?? UNMAPPED) : UNMAPPED });
    }
    add(UNMAPPED, line.slice(0, starts[0]?.column ?? line.length));
    starts.forEach((start, index) => add(start.source, line.slice(start.column, starts[index + 1]?.column ?? line.length)));
  });
  return new Map([...parts].map(([source, list]) => [source, list.join('')]));
}

/**
 * Writes which source files make up a visitor's first load, and how much of it each one is, to
 * dist/client/.vite/first-load-modules.json (`npm run build:client`; scripts/bundle-size.mjs
 * prints it). The first load is every entry chunk and the chunks it imports statically.
 *
 * Bytes come from the minified chunk's source map (a hidden one, not written out unless the build
 * asks for maps): every mapped span is counted to its source file. Gzip does not split by file,
 * so each file's part is gzipped alone and the figures scaled to add up to the chunk's real gzip
 * size: an estimate, good for ranking and for before/after, not to the byte (taking a module out
 * saves about its figure, give or take a third).
 */
export function firstLoadModules(): Plugin {
  let root = process.cwd();
  let keepMaps = false;
  return {
    name: 'atelier:first-load-modules',
    apply: 'build',
    config(config) {
      keepMaps = Boolean(config.build?.sourcemap);
      if (!keepMaps) return { build: { sourcemap: 'hidden' } };
    },
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      // The maps are read in writeBundle from the chunks themselves; the files are not shipped.
      if (!keepMaps) for (const name of Object.keys(bundle)) if (name.endsWith('.map')) delete bundle[name];
    },
    // Once the code is final: Vite's own generateBundle still writes the preload lists into it.
    writeBundle(options, bundle) {
      const outDir = path.resolve(root, options.dir ?? 'dist/client');
      const chunks = new Map(Object.values(bundle).flatMap((item) => (item.type === 'chunk' ? [[item.fileName, item]] : [])));
      const firstLoad: string[] = [];
      const visit = (fileName: string) => {
        const chunk = chunks.get(fileName);
        if (!chunk || firstLoad.includes(fileName)) return;
        firstLoad.push(fileName);
        chunk.imports.forEach(visit);
      };
      for (const chunk of chunks.values()) if (chunk.isEntry) visit(chunk.fileName);

      const table: FirstLoadChunk[] = firstLoad.map((fileName) => {
        const chunk = chunks.get(fileName)!;
        const gzip = gzipSync(chunk.code, { level: 9 }).length;
        const map = chunk.map;
        if (!map) return { file: fileName, bytes: Buffer.byteLength(chunk.code), gzip, modules: [] };
        const chunkDir = path.dirname(path.join(outDir, fileName));
        const sources = map.sources.map((source) =>
          source ? path.relative(root, path.resolve(chunkDir, source)).split(path.sep).join('/') : null,
        );
        const parts = [...attribute(chunk.code, map.mappings, sources)].map(([id, text]) => ({
          id,
          bytes: Buffer.byteLength(text),
          // Less gzip's own header and trailer, which the chunk pays once, not per file.
          alone: Math.max(1, gzipSync(text, { level: 9 }).length - GZIP_FRAME),
        }));
        const scale = gzip / parts.reduce((sum, part) => sum + part.alone, 0);
        const modules = parts
          .map(({ id, bytes, alone }) => ({ id, bytes, gzip: Math.round(alone * scale) }))
          .sort((a, b) => b.gzip - a.gzip);
        return { file: fileName, bytes: Buffer.byteLength(chunk.code), gzip, modules };
      });
      const file = path.join(outDir, FIRST_LOAD_MODULES_FILE);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, JSON.stringify(table, null, 1));
    },
  };
}
