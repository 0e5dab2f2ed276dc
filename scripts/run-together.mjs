// Runs npm scripts side by side and fails when any of them fails. `npm test` uses it for the type
// check, lint and the build: the first two are one busy thread each, and the build's bundlers wait on
// the disk as often as not, so on two cores the three take little more time than lint alone.
// Vitest follows them rather than joining them: in two CI runs beside them the four took 736 and
// 778 s, lint alone stretching from 70 s to 320, where one after the other they had taken about
// 470 (a few dozen tests fewer then).
// Each script's output is held and printed whole when it ends, so they never interleave.
import { spawn } from 'node:child_process';

const names = process.argv.slice(2);
if (names.length === 0) {
  console.error('usage: node scripts/run-together.mjs <npm script>…');
  process.exit(2);
}

const run = (name) =>
  new Promise((resolve) => {
    const started = Date.now();
    const child = spawn('npm', ['run', '--silent', name], { stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code, signal) => {
      const took = `in ${Math.round((Date.now() - started) / 1000)} s`;
      const status = code === 0 ? `passed ${took}` : `failed (${signal ?? `exit code ${code}`}) ${took}`;
      process.stdout.write(`── npm run ${name}: ${status}\n${Buffer.concat(output).toString()}`);
      resolve(code === 0);
    });
  });

const results = await Promise.all(names.map(run));
process.exit(results.every(Boolean) ? 0 : 1);
