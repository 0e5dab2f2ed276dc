import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Rollup } from 'vite';
import { afterEach, describe, expect, it } from 'vitest';
import { compileEntryOnLoad } from '#scripts/precompress.ts';

describe('compileEntryOnLoad', () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

  it('puts V8’s compile hint on the entry’s first line, and on no other chunk', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-hint-'));
    dirs.push(dir);
    fs.mkdirSync(path.join(dir, 'assets'));
    fs.writeFileSync(path.join(dir, 'assets/index-1.js'), 'const a=1;');
    fs.writeFileSync(path.join(dir, 'assets/dialog-2.js'), 'const b=2;');
    const bundle = {
      'assets/index-1.js': { type: 'chunk', isEntry: true, fileName: 'assets/index-1.js' },
      'assets/dialog-2.js': { type: 'chunk', isEntry: false, fileName: 'assets/dialog-2.js' },
      'assets/index-3.css': { type: 'asset', fileName: 'assets/index-3.css' },
    } as unknown as Rollup.OutputBundle;
    const hook = compileEntryOnLoad().writeBundle as { handler: (options: { dir: string }, bundle: Rollup.OutputBundle) => Promise<void> };
    await hook.handler({ dir }, bundle);
    expect(fs.readFileSync(path.join(dir, 'assets/index-1.js'), 'utf8')).toBe('//# allFunctionsCalledOnLoad\nconst a=1;');
    expect(fs.readFileSync(path.join(dir, 'assets/dialog-2.js'), 'utf8')).toBe('const b=2;');
  });
});
