import fsp from 'node:fs/promises';
import path from 'node:path';
import { runFfmpeg, runTool, type SystemTools } from './system-tools.ts';

/**
 * A video's copies, made by ffmpeg (Debian's `ffmpeg`): the poster frame the image pipeline draws
 * the display image, widths and thumbnail from, and the MP4s the browser plays. The choices are in
 * docs/decisions/0012-video-through-ffmpeg-as-a-job.md.
 */

/** The largest copy's short side (1080p), and the smaller copy's, made when the source is larger. */
export const VIDEO_HEIGHTS = [1080, 720] as const;

/** H.264 (High, 8-bit 4:2:0, which every browser plays) and AAC, with the index before the data. */
export const VIDEO_ENCODE_ARGS = [
  '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-profile:v', 'high', '-pix_fmt', 'yuv420p',
  '-c:a', 'aac', '-b:a', '128k', '-ac', '2',
  '-movflags', '+faststart',
  // Nothing of the original's metadata: no location (an iPhone's ©xyz and its mdta keys), no
  // device, no chapters; the track's language stays a default.
  '-map_metadata', '-1', '-map_chapters', '-1',
] as const;

/** The poster is taken a second in, or halfway through a shorter clip: a first frame is often black. */
export function posterTime(durationSeconds: number | null): number {
  if (!durationSeconds) return 0;
  return Math.min(1, durationSeconds / 2);
}

/** A still of the video at `target` (a JPEG without metadata: ffmpeg writes no EXIF, no GPS), upright. */
export async function extractPoster(tools: SystemTools, source: string, durationSeconds: number | null, target: string, timeoutMs: number): Promise<void> {
  const at = posterTime(durationSeconds).toFixed(3);
  const args = ['-hide_banner', '-nostdin', '-v', 'error', '-ss', at, '-i', source, '-frames:v', '1', '-map_metadata', '-1', '-q:v', '2', '-f', 'image2', '-y', target];
  await runTool(tools.path('ffmpeg'), args, { timeoutMs });
  const written = await fsp.stat(target).catch(() => null);
  if (!written || written.size === 0) {
    // A seek past the last key frame of a very short clip gives nothing: the first frame then.
    await runTool(tools.path('ffmpeg'), args.map((arg) => (arg === at ? '0' : arg)), { timeoutMs });
  }
}

export interface VideoSize {
  width: number;
  height: number;
}

/** The copies' sizes for a source of `size` (upright): short side at most 1080, then 720 when smaller; even numbers. */
export function videoCopySizes(size: VideoSize): VideoSize[] {
  const short = Math.min(size.width, size.height);
  const even = (value: number) => Math.max(2, Math.round(value / 2) * 2);
  const sizes: VideoSize[] = [];
  for (const target of VIDEO_HEIGHTS) {
    if (sizes.length > 0 && target >= short) break;
    const scale = Math.min(1, target / short);
    sizes.push({ width: even(size.width * scale), height: even(size.height * scale) });
  }
  return sizes;
}

/** The ffmpeg arguments that make `outputs` (one per size) from `source` in one decode. */
export function transcodeArgs(source: string, outputs: Array<VideoSize & { file: string }>): string[] {
  const split = outputs.length > 1 ? `[0:v:0]split=${outputs.length}${outputs.map((_, index) => `[s${index}]`).join('')};` : '';
  const scales = outputs
    .map((output, index) => `${outputs.length > 1 ? `[s${index}]` : '[0:v:0]'}scale=${output.width}:${output.height}:flags=lanczos,setsar=1[v${index}]`)
    .join(';');
  return [
    '-i', source,
    '-filter_complex', split + scales,
    ...outputs.flatMap((output, index) => ['-map', `[v${index}]`, '-map', '0:a:0?', ...VIDEO_ENCODE_ARGS, '-y', output.file]),
  ];
}

/** Transcodes `source` into `folder`, one MP4 per size; answers each file's path with its size. */
export async function transcodeVideo(
  tools: SystemTools,
  source: string,
  options: { size: VideoSize; durationSeconds: number | null; folder: string; timeoutMs: number; onPercent?: (percent: number) => void },
): Promise<Array<VideoSize & { file: string }>> {
  const outputs = videoCopySizes(options.size).map((size) => ({ ...size, file: path.join(options.folder, `${size.height}x${size.width}.mp4`) }));
  await runFfmpeg(tools, ['-v', 'error', ...transcodeArgs(source, outputs)], {
    timeoutMs: options.timeoutMs,
    durationSeconds: options.durationSeconds,
    ...(options.onPercent ? { onPercent: options.onPercent } : {}),
  });
  return outputs;
}
