import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The media tools npm cannot carry, from Debian's packages: found on the search path at start,
 * run as child processes. What the server can take follows from which are there; a file of a
 * kind whose tool is missing is refused with the package to install, and nothing else changes.
 */

/** Each tool and the Debian package that installs it. */
export const SYSTEM_TOOLS = {
  'heif-convert': 'libheif-examples',
  'raw-identify': 'libraw-bin',
  simple_dcraw: 'libraw-bin',
  dcraw_emu: 'libraw-bin',
  ffmpeg: 'ffmpeg',
  ffprobe: 'ffmpeg',
} as const;
export type ToolName = keyof typeof SYSTEM_TOOLS;

/** Kinds of file that need tools, with what each needs; video waits for its pipeline. Audio: a release's tracks. */
export const TOOL_KINDS = {
  heic: { label: 'HEIC', tools: ['heif-convert'] },
  raw: { label: 'RAW', tools: ['raw-identify', 'simple_dcraw', 'dcraw_emu'] },
  video: { label: 'video', tools: ['ffmpeg', 'ffprobe'] },
  audio: { label: 'audio', tools: ['ffmpeg', 'ffprobe'] },
} as const satisfies Record<string, { label: string; tools: readonly ToolName[] }>;
export type ToolKind = keyof typeof TOOL_KINDS;

export interface MissingTool {
  tool: ToolName;
  package: string;
}

export class SystemTools {
  private constructor(private readonly found: ReadonlyMap<ToolName, string>) {}

  /** Looks for every tool in the folders of `searchPath` (PATH's form), once. */
  static find(searchPath: string): SystemTools {
    const folders = searchPath.split(path.delimiter).filter(Boolean);
    const found = new Map<ToolName, string>();
    for (const name of Object.keys(SYSTEM_TOOLS) as ToolName[]) {
      const file = folders.map((folder) => path.join(folder, name)).find(isExecutable);
      if (file) found.set(name, file);
    }
    return new SystemTools(found);
  }

  /** No tool at all: the sharp formats only. */
  static none(): SystemTools {
    return new SystemTools(new Map());
  }

  /** The tool's path; throws when it is missing (ask `missing` first). */
  path(name: ToolName): string {
    const file = this.found.get(name);
    if (!file) throw new Error(`${name} is not installed (Debian package ${SYSTEM_TOOLS[name]})`);
    return file;
  }

  /** The first tool the kind needs that is not there, with its package; null when it has them all. */
  missing(kind: ToolKind): MissingTool | null {
    const tool = TOOL_KINDS[kind].tools.find((name) => !this.found.has(name));
    return tool ? { tool, package: SYSTEM_TOOLS[tool] } : null;
  }

  takes(kind: ToolKind): boolean {
    return this.missing(kind) === null;
  }

  /** What is there and what is not, for the log at start and the owner's upload panel. */
  report(): Array<{ kind: ToolKind; label: string; available: boolean; package: string | null }> {
    return (Object.keys(TOOL_KINDS) as ToolKind[]).map((kind) => {
      const missing = this.missing(kind);
      return { kind, label: TOOL_KINDS[kind].label, available: !missing, package: missing?.package ?? null };
    });
  }
}

function isExecutable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/** A tool that ran too long, or ended with an error; its stderr's last lines say why. */
export class ToolError extends Error {
  constructor(
    readonly reason: 'timeout' | 'failed',
    message: string,
  ) {
    super(message);
    this.name = 'ToolError';
  }
}

/** The most of a tool's output kept in memory: decoders write their images to files, not here. */
const OUTPUT_LIMIT = 1024 * 1024;

/**
 * Runs a tool with arguments (no shell), in `cwd`, killed after `timeoutMs`. Resolves with its
 * standard output (at most 1 MB kept) when it exits with 0.
 */
export function runTool(file: string, args: string[], options: { timeoutMs: number; cwd?: string }): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { cwd: options.cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    const stdout: Buffer[] = [];
    let stdoutLength = 0;
    let stderr = '';
    let timedOut = false;
    child.stdout.on('data', (chunk: Buffer) => {
      if (stdoutLength < OUTPUT_LIMIT) stdout.push(chunk);
      stdoutLength += chunk.length;
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-2000);
    });
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, options.timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new ToolError('failed', `${path.basename(file)}: ${error.message}`));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const name = path.basename(file);
      if (timedOut) reject(new ToolError('timeout', `${name} ran longer than ${options.timeoutMs} ms`));
      else if (code !== 0) reject(new ToolError('failed', `${name} ended with ${code ?? signal}: ${stderr.trim()}`));
      else resolve(Buffer.concat(stdout).toString('utf8'));
    });
  });
}
