import fs from 'node:fs';
import { PEAK_PAIRS, type AudioFormat } from '#contract/audio.ts';
import { runTool, type SystemTools } from '#server/images/system-tools.ts';

/**
 * ffmpeg and ffprobe on a track: what the file is (at upload, before anything is stored), and its
 * preview with the waveform's samples (in the transcode job). The demuxer is always named, so
 * ffmpeg reads the file only as the format ffprobe found, never as whatever its bytes claim later.
 */

/** A probe reads a header: seconds. */
const PROBE_TIMEOUT_MS = 30_000;
/** A 30-minute track transcodes in well under a minute; a stuck decoder is killed. */
const TRANSCODE_TIMEOUT_MS = 10 * 60_000;
/** The preview: AAC-LC at 128 kb/s stereo in MP4 (docs/decisions/0013-audio-previews.md). */
export const PREVIEW_BITRATE = '128k';
/** The waveform is read from mono samples at this rate: plenty for 1,000 columns. */
const PEAKS_SAMPLE_RATE = 8000;

export interface ProbedAudio {
  format: AudioFormat;
  durationMs: number;
}

/** ffprobe's names for the formats taken; anything else is refused. */
const FORMAT_NAMES: Record<string, AudioFormat> = { wav: 'wav', flac: 'flac', mp3: 'mp3' };

/** The file's format and length; null when it is not a WAV, FLAC or MP3 with an audio stream. */
export async function probeAudio(tools: SystemTools, file: string): Promise<ProbedAudio | null> {
  let output: string;
  try {
    output = await runTool(
      tools.path('ffprobe'),
      ['-v', 'error', '-protocol_whitelist', 'file', '-print_format', 'json', '-show_format', '-show_streams', file],
      { timeoutMs: PROBE_TIMEOUT_MS },
    );
  } catch {
    return null;
  }
  const probed = JSON.parse(output) as {
    format?: { format_name?: string; duration?: string };
    streams?: Array<{ codec_type?: string; duration?: string }>;
  };
  const format = FORMAT_NAMES[probed.format?.format_name ?? ''];
  const audio = probed.streams?.find((stream) => stream.codec_type === 'audio');
  if (!format || !audio) return null;
  const seconds = Number(probed.format?.duration ?? audio.duration);
  if (!Number.isFinite(seconds) || seconds <= 0) return null;
  return { format, durationMs: Math.round(seconds * 1000) };
}

/**
 * Writes the preview (the first `seconds`, or all) to `preview` and the same span as 16-bit mono
 * samples to `samples`, in one decode.
 */
export async function transcodeAudio(
  tools: SystemTools,
  input: { file: string; format: AudioFormat },
  seconds: number | null,
  output: { preview: string; samples: string },
): Promise<void> {
  const cut = seconds === null ? [] : ['-t', String(seconds)];
  await runTool(
    tools.path('ffmpeg'),
    [
      '-nostdin', '-v', 'error', '-y', '-protocol_whitelist', 'file',
      '-f', input.format, '-i', input.file,
      // The preview: no cover art, no tags (the release's own page says what it is).
      '-map', '0:a:0', ...cut, '-map_metadata', '-1', '-vn',
      '-c:a', 'aac', '-b:a', PREVIEW_BITRATE, '-ac', '2', '-movflags', '+faststart', '-f', 'mp4', output.preview,
      // The waveform's samples.
      '-map', '0:a:0', ...cut, '-vn', '-ac', '1', '-ar', String(PEAKS_SAMPLE_RATE), '-c:a', 'pcm_s16le', '-f', 's16le', output.samples,
    ],
    { timeoutMs: TRANSCODE_TIMEOUT_MS },
  );
}

/** The preview's length as ffprobe reads it from the MP4. */
export async function durationOf(tools: SystemTools, file: string): Promise<number> {
  const output = await runTool(
    tools.path('ffprobe'),
    ['-v', 'error', '-protocol_whitelist', 'file', '-show_entries', 'format=duration', '-of', 'csv=p=0', file],
    { timeoutMs: PROBE_TIMEOUT_MS },
  );
  return Math.round(Number(output.trim()) * 1000);
}

/**
 * The waveform: the samples cut into PEAK_PAIRS equal spans, each its lowest and highest sample
 * scaled to -127…127, flat ([min0, max0, min1, max1, …]). Read as a stream: a long track's
 * samples never sit in memory whole.
 */
export async function peaksOf(samples: string): Promise<number[]> {
  const total = Math.floor(fs.statSync(samples).size / 2);
  const mins = new Int16Array(PEAK_PAIRS);
  const maxs = new Int16Array(PEAK_PAIRS);
  let index = 0;
  let carry: Buffer | null = null;
  for await (const chunk of fs.createReadStream(samples)) {
    let data = chunk as Buffer;
    if (carry) {
      data = Buffer.concat([carry, data]);
      carry = null;
    }
    const whole = data.length - (data.length % 2);
    for (let offset = 0; offset < whole; offset += 2) {
      const sample = data.readInt16LE(offset);
      const pair = Math.min(PEAK_PAIRS - 1, Math.floor((index * PEAK_PAIRS) / Math.max(total, 1)));
      if (sample < mins[pair]!) mins[pair] = sample;
      if (sample > maxs[pair]!) maxs[pair] = sample;
      index += 1;
    }
    if (whole < data.length) carry = data.subarray(whole);
  }
  const scale = (value: number) => Math.max(-127, Math.min(127, Math.round((value / 32768) * 127)));
  const peaks: number[] = [];
  for (let pair = 0; pair < PEAK_PAIRS; pair += 1) peaks.push(scale(mins[pair]!), scale(maxs[pair]!));
  return peaks;
}
