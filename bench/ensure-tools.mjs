// The benchmark's own tools (Lighthouse, autocannon) live in bench/package.json, out of the
// project's `npm ci` that every CI run and every developer pays for. Each bench script runs this
// first: it installs them into bench/node_modules from bench/package-lock.json when missing.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const bench = import.meta.dirname;
const { dependencies } = JSON.parse(fs.readFileSync(path.join(bench, 'package.json'), 'utf8'));
const missing = Object.keys(dependencies).filter((name) => !fs.existsSync(path.join(bench, 'node_modules', name, 'package.json')));
if (missing.length > 0) {
  console.log(`Installing the bench's tools (${missing.join(', ')}) into bench/node_modules…`);
  const npm = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: bench, stdio: 'inherit' });
  if (npm.status !== 0) process.exit(npm.status ?? 1);
}
