import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { OWNER_CODE } from '#client/locales/owner-code.ts';

/**
 * The owner's texts are in a catalog of their own (lingui.config.ts, locales/owner-code.ts), loaded with the owner's code
 * by `app/owner-code.ts`. A file of that catalog drawn by a visitor's code would show its texts as
 * their ids, the catalog not being there yet; a file only the owner's page reaches, kept in the
 * visitor's catalog, would put the admin's words into every visitor's first load. The imports say
 * which file is which.
 */
const root = path.resolve(import.meta.dirname, '../..');
const client = path.join(root, 'src/client');
const ENTRY = path.join(client, 'main.tsx');
// The one way into the owner's code: the page `app/owner-code.ts` loads with the owner catalog.
const OWNER_PAGE = path.join(client, 'app/routes/owner-portfolio.tsx');
const GATE = path.join(client, 'app/owner-code.ts');

const IMPORT = /\b(?:import|export)\s[^'";]*?\bfrom\s*['"]([^'"]+)['"]|\bimport\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

function resolveImport(from: string, specifier: string): string | undefined {
  const file = specifier.startsWith('#client/')
    ? path.join(client, specifier.slice('#client/'.length))
    : specifier.startsWith('.')
      ? path.resolve(path.dirname(from), specifier)
      : undefined;
  return file && /\.tsx?$/.test(file) && fs.existsSync(file) ? file : undefined;
}

/** Every client file `start` reaches through its imports, static and dynamic, but by `skip(from, to)`. */
function reachedFrom(start: string, skip: (from: string, to: string) => boolean): Set<string> {
  const reached = new Set<string>();
  const next = [start];
  for (let file = next.pop(); file; file = next.pop()) {
    if (reached.has(file)) continue;
    reached.add(file);
    for (const match of fs.readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const imported = resolveImport(file, match[1] ?? match[2] ?? match[3] ?? '');
      if (imported && !skip(file, imported)) next.push(imported);
    }
  }
  return reached;
}

const ownerCatalogFiles = new Set(
  OWNER_CODE.flatMap((pattern) => fs.globSync(pattern, { cwd: root })).map((file) => path.join(root, file)),
);
const visitorsReach = reachedFrom(ENTRY, (from, to) => from === GATE && to === OWNER_PAGE);
const ownersReach = reachedFrom(OWNER_PAGE, () => false);
const relative = (file: string) => path.relative(root, file);
const usesMessages = (file: string) => /from '@lingui\/(?:react|core)\/macro'/.test(fs.readFileSync(file, 'utf8'));

describe("the owner's catalog", () => {
  it('holds the files of the owner page', () => {
    expect(ownerCatalogFiles.has(OWNER_PAGE)).toBe(true);
    expect(visitorsReach.has(GATE)).toBe(true);
  });

  it("holds no file a visitor's code reaches but through the owner's page, which loads it", () => {
    const drawnEarly = [...ownerCatalogFiles].filter((file) => visitorsReach.has(file)).map(relative);
    expect(drawnEarly).toEqual([]);
  });

  it("says a text it shares with the visitor's catalog as the visitor's does: loaded later, it would overwrite it", () => {
    const entries = (file: string) =>
      new Map([...fs.readFileSync(file, 'utf8').matchAll(/^msgid "(.+)"\nmsgstr "(.*)"$/gm)].map(([, id, text]) => [id!, text!]));
    for (const language of ['de', 'fr', 'es', 'ja', 'ar']) {
      const visitor = entries(path.join(client, `locales/${language}/visitor.po`));
      const owner = entries(path.join(client, `locales/${language}/owner.po`));
      const differing = [...owner].filter(([id, text]) => visitor.has(id) && visitor.get(id) !== text).map(([id]) => id);
      expect(differing, language).toEqual([]);
    }
  });

  it("holds every file with texts that only the owner's page reaches", () => {
    const left = [...ownersReach]
      .filter((file) => !visitorsReach.has(file) && !ownerCatalogFiles.has(file) && !file.includes('/features/auth/') && usesMessages(file))
      .map(relative);
    expect(left).toEqual([]);
  });
});
