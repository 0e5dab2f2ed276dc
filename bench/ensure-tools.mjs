// The benchmark's own tools (Lighthouse, autocannon) live in bench/tools/package.json, out of the
// project's `npm ci` that every CI run and every developer pays for. Each bench script runs this
// first: it installs them into bench/tools/node_modules from its lock file when missing.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const tools = path.join(import.meta.dirname, 'tools');
const { dependencies } = JSON.parse(fs.readFileSync(path.join(tools, 'package.json'), 'utf8'));
const missing = Object.keys(dependencies).filter((name) => !fs.existsSync(path.join(tools, 'node_modules', name, 'package.json')));
if (missing.length > 0) {
  console.log(`Installing the bench's tools (${missing.join(', ')}) into bench/tools/node_modules…`);
  const npm = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: tools, stdio: 'inherit' });
  if (npm.status !== 0) process.exit(npm.status ?? 1);
}
