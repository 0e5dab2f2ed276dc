// `npm run lint`: ESLint over the repository, then each planted violation of
// scripts/architecture-violations.js linted by the same ESLint, whose TypeScript program is already
// built, so proving the rules still fire costs seconds instead of a second type checker.
// With paths (`npm run lint -- src/x.ts`) it lints those alone and plants nothing.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { plantedViolations } from './architecture-violations.js';

const root = path.resolve(import.meta.dirname, '..');
const paths = process.argv.slice(2);
const eslint = new ESLint({ cwd: root });

const eslintPaths = paths.filter((file) => !file.endsWith('.lua'));
const results = paths.length > 0 && eslintPaths.length === 0 ? [] : await eslint.lintFiles(paths.length > 0 ? eslintPaths : ['.']);
const formatter = await eslint.loadFormatter('stylish');
const report = await formatter.format(results);
if (report) process.stdout.write(report);
let failed = results.some((result) => result.errorCount > 0 || result.fatalErrorCount > 0);

// A reader of the code has no issue tracker: a comment says the reason, not "issue 16".
const ISSUE_NUMBER = /\bissues? \d+/i;
for (const { filePath } of results) {
  if (!path.relative(root, filePath).startsWith(`src${path.sep}`)) continue;
  for (const [index, line] of fs.readFileSync(filePath, 'utf8').split('\n').entries()) {
    if (!ISSUE_NUMBER.test(line)) continue;
    console.error(`${path.relative(root, filePath)}:${index + 1}: names an issue number; say the reason instead`);
    failed = true;
  }
}

// The Lightroom plug-in is Lua, which ESLint does not read: Debian's luac5.4 parses every file
// (one file a run: luac 5.4.4 given several with -p can crash freeing them).
const luaFiles = (paths.length > 0 ? paths : ['integrations', 'tests/integrations']).flatMap((start) => luaFilesUnder(path.resolve(root, start)));
for (const file of luaFiles) {
  try {
    execFileSync('luac5.4', ['-p', file], { stdio: ['ignore', 'ignore', 'pipe'] });
  } catch (error) {
    const { code, stderr } = /** @type {{ code?: string, stderr?: Buffer }} */ (error);
    console.error(code === 'ENOENT' ? 'luac5.4 is missing: apt-get install lua5.4' : String(stderr).trim());
    failed = true;
    if (code === 'ENOENT') break;
  }
}

/** The .lua files at or under `start` (none when it does not exist). */
function luaFilesUnder(start) {
  if (!fs.existsSync(start)) return [];
  if (!fs.statSync(start).isDirectory()) return start.endsWith('.lua') ? [start] : [];
  return fs.readdirSync(start, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.lua'))
    .map((name) => path.join(start, name));
}

// The catalogs (lingui.config.ts, docs/translating.md): each holds every message the code has and
// no other (what `npx lingui extract --clean` would write), and every translation is written, none
// left to English by the fallback. The pseudo-locale is made by the build, not written.
if (paths.length === 0) {
  const lingui = path.join(root, 'node_modules/@lingui/cli/dist/lingui.js');
  const translated = 'de,fr,es,ja,ar';
  for (const check of [['sync', '--clean'], ['missing', '--mode', 'catalog', '--locale', translated]]) {
    try {
      execFileSync(process.execPath, [lingui, 'check', ...check, '--verbose', '--workers', '1'], { cwd: root, stdio: 'inherit' });
    } catch {
      console.error(`the catalogs fail \`lingui check ${check.join(' ')}\`: run npx lingui extract --clean, then translate what is new (docs/translating.md)`);
      failed = true;
    }
  }
}

if (paths.length === 0) {
  const silent = [];
  for (const { rule, file, code, expected } of plantedViolations) {
    const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
    const messages = (result?.messages ?? []).map((message) => `${message.ruleId ?? 'parse'}: ${message.message}`);
    if (!messages.some((message) => expected.test(message))) silent.push({ rule, file, messages });
  }
  for (const { rule, file, messages } of silent) {
    console.error(`lint no longer fires on a planted violation: ${rule} (in ${file})`);
    console.error(messages.length > 0 ? messages.map((message) => `  said instead: ${message}`).join('\n') : '  said nothing');
  }
  console.log(`${plantedViolations.length - silent.length} of ${plantedViolations.length} planted violations found by lint`);
  if (silent.length > 0) failed = true;
}
process.exit(failed ? 1 : 0);
