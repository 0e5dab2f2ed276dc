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

/** Kinds of file that need tools, with what each needs (audio: a release's tracks, not the photo upload). */
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
export function runTool(
  file: string,
  args: string[],
  options: { timeoutMs: number; cwd?: string; onOutput?: (chunk: string) => void },
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { cwd: options.cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    const stdout: Buffer[] = [];
    let stdoutLength = 0;
    let stderr = '';
    let timedOut = false;
    child.stdout.on('data', (chunk: Buffer) => {
      options.onOutput?.(chunk.toString('utf8'));
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

// ---- ffmpeg, shared by every kind of media it reads (video, audio) ----

/** What ffprobe says of a media file: its length, its first video and audio streams. */
export interface MediaProbe {
  /** ffprobe's format names ("mov,mp4,m4a,3gp,3g2,mj2", "matroska,webm"…). */
  formatName: string;
  /** Seconds; null when the container does not say. */
  duration: number | null;
  /** The first video stream as it plays: width and height upright (a phone's 90° turn applied). */
  video: { codec: string; width: number; height: number; rotation: number } | null;
  audio: { codec: string; channels: number; sampleRate: number } | null;
}

const PROBE_TIMEOUT_MS = 30_000;

interface ProbedStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  channels?: number;
  sample_rate?: string;
  duration?: string;
  tags?: Record<string, string>;
  side_data_list?: Array<{ rotation?: number }>;
  disposition?: { attached_pic?: number };
}

/** ffprobe's JSON (`-show_format -show_streams`) as a MediaProbe; null when it names no stream. */
export function parseProbe(json: string): MediaProbe | null {
  let parsed: { format?: { format_name?: string; duration?: string }; streams?: ProbedStream[] };
  try {
    parsed = JSON.parse(json) as typeof parsed;
  } catch {
    return null;
  }
  const streams = parsed.streams ?? [];
  const number = (text: string | undefined) => {
    const value = Number.parseFloat(text ?? '');
    return Number.isFinite(value) && value > 0 ? value : null;
  };
  // A cover picture in an audio file is a video stream too, marked as attached.
  const video = streams.find((stream) => stream.codec_type === 'video' && stream.disposition?.attached_pic !== 1 && stream.width && stream.height);
  const audio = streams.find((stream) => stream.codec_type === 'audio');
  if (!video && !audio) return null;
  const rotation = video
    ? (video.side_data_list?.find((data) => typeof data.rotation === 'number')?.rotation ?? Number(video.tags?.['rotate'] ?? 0)) || 0
    : 0;
  const turned = Math.abs(rotation) % 180 === 90;
  return {
    formatName: parsed.format?.format_name ?? '',
    duration: number(parsed.format?.duration) ?? number(video?.duration) ?? number(audio?.duration),
    video: video
      ? { codec: video.codec_name ?? '', width: turned ? video.height! : video.width!, height: turned ? video.width! : video.height!, rotation }
      : null,
    audio: audio ? { codec: audio.codec_name ?? '', channels: audio.channels ?? 0, sampleRate: Number(audio.sample_rate) || 0 } : null,
  };
}

/** Reads a media file's streams with ffprobe (headers only); null when it holds none ffmpeg knows. */
export async function probeMedia(tools: SystemTools, file: string): Promise<MediaProbe | null> {
  const args = ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file];
  const output = await runTool(tools.path('ffprobe'), args, { timeoutMs: PROBE_TIMEOUT_MS }).catch(() => null);
  return output === null ? null : parseProbe(output);
}

/**
 * Runs ffmpeg with `-progress pipe:1` added, calling `onPercent` as it reaches further into a
 * source of `durationSeconds` (whole percents, each once, 100 only when it has ended).
 */
export async function runFfmpeg(
  tools: SystemTools,
  args: string[],
  options: { timeoutMs: number; durationSeconds: number | null; onPercent?: (percent: number) => void; cwd?: string },
): Promise<void> {
  let last = -1;
  let pending = '';
  const onOutput = (chunk: string) => {
    pending += chunk;
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      // out_time_us is in microseconds despite ffmpeg's out_time_ms naming the same value.
      const match = /^out_time_us=(\d+)/.exec(line.trim());
      if (!match || !options.durationSeconds) continue;
      const percent = Math.min(99, Math.floor(Number(match[1]) / 10_000 / options.durationSeconds));
      if (percent > last) {
        last = percent;
        options.onPercent?.(percent);
      }
    }
  };
  const progressArgs = ['-hide_banner', '-nostdin', '-nostats', '-progress', 'pipe:1'];
  await runTool(tools.path('ffmpeg'), [...progressArgs, ...args], { timeoutMs: options.timeoutMs, cwd: options.cwd, onOutput });
  options.onPercent?.(100);
}
