import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { CAMERA_ACCEPT, PHOTO_ACCEPT, REPLACE_FILE_FIELD, UPLOAD_FILES_FIELD } from '#contract/photos.ts';
import { processOutput, readArgs, textOf, type CliOutput } from './command.ts';

/**
 * `publish <folder> --site <url> --category <name> [--delete]`: keeps a category of a site in step
 * with a folder an editor exports to (darktable, Capture One, Lightroom), through the public HTTP
 * API only, with the owner's token (ATELIER_TOKEN): a new file is uploaded into the category, a
 * changed one (same name, other bytes) replaces its photo's file in place (same photo, page and
 * picks), and with --delete a file gone from the folder takes its photo to the trash.
 *
 * What was sent is remembered in the folder itself (MANIFEST_NAME): per site and category, each
 * file's name, the SHA-256 of its bytes and its photo's id. A run compares the folder with it,
 * so a second run over an unchanged folder sends nothing and reads no photo back.
 */

export const MANIFEST_NAME = '.atelier-publish.json';

/** The extensions the upload may take (HEIC and RAW need the server's decoders; it says so if not). */
const ACCEPTED: ReadonlyArray<Record<string, readonly string[]>> = [PHOTO_ACCEPT, CAMERA_ACCEPT.heic, CAMERA_ACCEPT.raw];
const EXTENSIONS = new Set(ACCEPTED.flatMap((accept) => Object.values(accept).flat()).map((extension) => extension.toLowerCase()));

interface SentFile {
  id: number;
  sha256: string;
}

interface Manifest {
  version: 1;
  /** By `<site> <category>`: what was sent there, by file name. */
  targets: Record<string, { files: Record<string, SentFile> }>;
}

export interface PublishReport {
  uploaded: string[];
  replaced: string[];
  deleted: string[];
  unchanged: string[];
  failed: Array<{ name: string; reason: string }>;
}

class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    message: string,
  ) {
    super(message);
  }
}

/** The site's API, with the token, answering parsed JSON or throwing the error's code and text. */
function apiOf(site: string, token: string) {
  return async <T>(method: string, pathname: string, body?: FormData | object): Promise<T> => {
    const isForm = body instanceof FormData;
    const response = await fetch(new URL(pathname, site), {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body && !isForm ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: isForm ? body : JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    const parsed = text ? (JSON.parse(text) as unknown) : undefined;
    if (!response.ok) {
      const error = (parsed ?? {}) as { code?: string; message?: string };
      throw new ApiError(response.status, error.code, `${method} ${pathname}: ${response.status} ${error.code ?? ''} ${error.message ?? text}`.trim());
    }
    return parsed as T;
  };
}

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

async function readManifest(file: string): Promise<Manifest> {
  try {
    const parsed = JSON.parse(await fsp.readFile(file, 'utf8')) as Manifest;
    if (parsed.version === 1 && parsed.targets) return parsed;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  return { version: 1, targets: {} };
}

/** Written whole and renamed into place after every change: a run cut short keeps what it sent. */
async function writeManifest(file: string, manifest: Manifest): Promise<void> {
  const partial = `${file}.partial`;
  await fsp.writeFile(partial, `${JSON.stringify(manifest, null, 2)}\n`);
  await fsp.rename(partial, file);
}

/** The photo files of the folder (not its subfolders, not hidden files), by name. */
async function photoFilesOf(folder: string): Promise<string[]> {
  const entries = await fsp.readdir(folder, { withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && !entry.name.startsWith('.') && EXTENSIONS.has(path.extname(entry.name).toLowerCase()))
    .map((entry) => entry.name)
    .sort();
}

async function formWith(field: string, file: string): Promise<FormData> {
  const form = new FormData();
  form.append(field, await fs.openAsBlob(file), path.basename(file));
  return form;
}

/** The category's id by its name, made when the site has none of that name (categories:write). */
async function categoryIdOf(api: ReturnType<typeof apiOf>, name: string): Promise<number> {
  const categories = await api<Array<{ id: number; name: string }>>('GET', '/api/categories');
  const found = categories.find((category) => category.name === name);
  if (found) return found.id;
  return (await api<{ id: number }>('POST', '/api/categories', { name })).id;
}

export interface PublishOptions {
  folder: string;
  site: string;
  category: string;
  token: string;
  delete: boolean;
  onProgress?: (line: string) => void;
}

export async function publishFolder(options: PublishOptions): Promise<PublishReport> {
  const api = apiOf(options.site, options.token);
  const say = options.onProgress ?? (() => {});
  const manifestFile = path.join(options.folder, MANIFEST_NAME);
  const manifest = await readManifest(manifestFile);
  const targetKey = `${new URL(options.site).origin} ${options.category}`;
  const target = (manifest.targets[targetKey] ??= { files: {} });
  const report: PublishReport = { uploaded: [], replaced: [], deleted: [], unchanged: [], failed: [] };
  const names = await photoFilesOf(options.folder);
  let categoryId: number | undefined;

  const upload = async (name: string, file: string, sha256: string) => {
    categoryId ??= await categoryIdOf(api, options.category);
    const answer = await api<{ ids: number[] }>('POST', `/api/photos/upload?categoryId=${categoryId}`, await formWith(UPLOAD_FILES_FIELD, file));
    target.files[name] = { id: answer.ids[0]!, sha256 };
    report.uploaded.push(name);
    say(`uploaded ${name}`);
  };

  // New photos go first in their category: sent last name first, the folder's order is the page's.
  for (const name of [...names].reverse()) {
    const file = path.join(options.folder, name);
    try {
      const sha256 = await sha256Of(file);
      const sent = target.files[name];
      if (sent?.sha256 === sha256) {
        report.unchanged.push(name);
        continue;
      }
      if (sent) {
        try {
          await api('PUT', `/api/photos/${sent.id}/file`, await formWith(REPLACE_FILE_FIELD, file));
          target.files[name] = { id: sent.id, sha256 };
          report.replaced.push(name);
          say(`replaced ${name}`);
        } catch (error) {
          // Deleted on the site meanwhile: the file is sent as a new photo.
          if (!(error instanceof ApiError && error.status === 404)) throw error;
          await upload(name, file, sha256);
        }
      } else {
        await upload(name, file, sha256);
      }
      await writeManifest(manifestFile, manifest);
    } catch (error) {
      report.failed.push({ name, reason: error instanceof Error ? error.message : String(error) });
      say(`failed ${name}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  if (options.delete) {
    const present = new Set(names);
    for (const [name, sent] of Object.entries(target.files)) {
      if (present.has(name)) continue;
      try {
        await api('DELETE', `/api/photos/${sent.id}`).catch((error: unknown) => {
          // Gone from the site already: nothing left to do.
          if (!(error instanceof ApiError && error.status === 404)) throw error;
        });
        delete target.files[name];
        report.deleted.push(name);
        say(`deleted ${name}`);
        await writeManifest(manifestFile, manifest);
      } catch (error) {
        report.failed.push({ name, reason: error instanceof Error ? error.message : String(error) });
      }
    }
  }
  report.unchanged.sort();
  return report;
}

const USAGE = 'Usage: npm run cli -- publish <folder> --site <url> --category <name> [--delete]   (token in ATELIER_TOKEN)\n';

export const publishCommand = {
  /** Talks to a site over HTTP only: no configuration or database of its own. */
  async remote(args: string[], env: NodeJS.ProcessEnv, output: CliOutput = processOutput): Promise<number> {
    const { positionals, values } = readArgs(args, { site: 'string', category: 'string', delete: 'boolean' });
    const [folder] = positionals;
    const site = textOf(values.site);
    const category = textOf(values.category)?.trim();
    const token = env.ATELIER_TOKEN?.trim();
    if (!folder || !site || !category) {
      output.stderr(USAGE);
      return 2;
    }
    if (!token) {
      output.stderr('Set ATELIER_TOKEN to a token of the site with photos:read, photos:write (and categories:write to make the category).\n');
      return 2;
    }
    if (!fs.existsSync(folder) || !fs.statSync(folder).isDirectory()) {
      output.stderr(`No folder at ${folder}\n`);
      return 2;
    }
    const report = await publishFolder({
      folder,
      site,
      category,
      token,
      delete: values.delete === true,
      onProgress: (line) => output.stdout(`${line}\n`),
    });
    output.stdout(
      `Uploaded ${report.uploaded.length}, replaced ${report.replaced.length}, deleted ${report.deleted.length}, unchanged ${report.unchanged.length}, failed ${report.failed.length}.\n`,
    );
    for (const failure of report.failed) output.stderr(`${failure.name}: ${failure.reason}\n`);
    return report.failed.length > 0 ? 1 : 0;
  },
};
