import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { SystemTools } from '#server/images/system-tools.ts';
import { transcodeArgs, transcodeVideo, videoCopySizes } from '#server/images/video.ts';
import { ratioOf, round2, type BenchRow } from './report.ts';

/**
 * The video rows (`npm run bench -- video`, and at the end of the whole run): a 1080p clip with
 * sound transcoded the server's way (images/video.ts: its 1080p and 720p MP4s in one ffmpeg run,
 * reading `-progress` for the admin's percentage) against bare ffmpeg with the same arguments, and
 * the server process's memory while it transcodes (ffmpeg is a child process: Node only reads its
 * progress, so its own resident memory should not move).
 */

const RUNS = 3;
const SECONDS = 6;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function videoRows(workDir: string, log: (line: string) => void): Promise<BenchRow[]> {
  const tools = SystemTools.find(process.env.PATH ?? '');
  const missing = tools.missing('video');
  if (missing) {
    return [{ name: 'Video transcode', figure: 0, unit: 'ms', target: 'ffmpeg installed', met: false, note: `install the Debian package ${missing.package}` }];
  }
  fs.mkdirSync(workDir, { recursive: true });
  const source = path.join(workDir, 'source.mov');
  log(`Making a ${SECONDS} s 1080p clip with sound…`);
  execFileSync(tools.path('ffmpeg'), [
    '-v', 'error', '-f', 'lavfi', '-i', `testsrc2=size=1920x1080:rate=30:duration=${SECONDS}`,
    '-f', 'lavfi', '-i', `sine=frequency=440:duration=${SECONDS}`,
    '-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '18', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', '-y', source,
  ]);
  const size = { width: 1920, height: 1080 };

  log('Transcoding it the server\'s way and with bare ffmpeg, in turns…');
  const ours: number[] = [];
  const bare: number[] = [];
  let rssBefore = 0;
  let rssPeak = 0;
  // ffmpeg reports every half second, so a fast machine gets few reports: the row asks for at
  // least one per run (the admin's percentage is read at all), and says how many came.
  const reports: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const folder = path.join(workDir, `ours-${run}`);
    fs.mkdirSync(folder, { recursive: true });
    rssBefore = process.memoryUsage().rss;
    rssPeak = rssBefore;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 50);
    let started = performance.now();
    let percents = 0;
    await transcodeVideo(tools, source, { size, durationSeconds: SECONDS, folder, timeoutMs: 600_000, onPercent: () => (percents += 1) });
    ours.push(performance.now() - started);
    clearInterval(sampler);
    reports.push(percents);

    const bareFolder = path.join(workDir, `bare-${run}`);
    fs.mkdirSync(bareFolder, { recursive: true });
    const outputs = videoCopySizes(size).map((each) => ({ ...each, file: path.join(bareFolder, `${each.height}.mp4`) }));
    started = performance.now();
    execFileSync(tools.path('ffmpeg'), ['-hide_banner', '-nostdin', '-v', 'error', ...transcodeArgs(source, outputs)]);
    bare.push(performance.now() - started);
  }
  const oursMs = Math.round(median(ours));
  const bareMs = Math.round(median(bare));
  const ratio = ratioOf(bareMs, oursMs);
  const mb = (bytes: number) => round2(bytes / 1024 / 1024);
  return [
    {
      name: `Video transcode, ${SECONDS} s 1080p30 with sound to 1080p + 720p H.264/AAC (the server's path)`,
      figure: oursMs,
      unit: 'ms',
      baseline: { name: 'bare ffmpeg, same arguments', figure: bareMs },
      ratio,
      target: '≥ 0.9 × bare ffmpeg, with progress reports',
      met: ratio >= 0.9 && Math.min(...reports) > 0,
      note: `${round2((SECONDS * 1000) / oursMs)}× real time on this machine; ${reports.join(', ')} progress reports per run`,
    },
    {
      name: 'Server process memory while transcoding (RSS peak above its start)',
      figure: mb(rssPeak - rssBefore),
      unit: 'MB',
      target: '< 50 MB (ffmpeg is a child process)',
      met: rssPeak - rssBefore < 50 * 1024 * 1024,
      note: `RSS ${mb(rssBefore)} MB before, ${mb(rssPeak)} MB at its peak`,
    },
  ];
}
