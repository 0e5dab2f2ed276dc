/**
 * `npx tsx scripts/tailwind-merge-config.ts` writes src/client/lib/tailwind-merge-config.ts: the
 * part of tailwind-merge's default config that the classes written in src/client use. The full
 * config is 8 KB gzip of every visitor's first load; the engine alone is 3 KB. The unit test
 * src/client/lib/tailwind-merge-config.test.ts fails when the file is stale, and checks every pair
 * of our classes merges as the full config merges them.
 */
import fs from 'node:fs';
import path from 'node:path';
import { getDefaultConfig, validators } from 'tailwind-merge';
import { createClassGroupUtils, createParseClassName } from 'tailwind-merge/unstable-do-not-import';

const root = path.join(import.meta.dirname, '..');
export const CONFIG_FILE = path.join(root, 'src', 'client', 'lib', 'tailwind-merge-config.ts');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.test.ts') && full !== CONFIG_FILE ? [full] : [];
  });
}

/**
 * Every word of every string literal in the client that the full config knows as a class, with
 * its variants. Class names are only ever written whole in string literals (Tailwind itself finds
 * them that way), so this is every class `cn` can be given.
 */
export function clientClassNames(): string[] {
  const config = getDefaultConfig();
  const { getClassGroupId } = createClassGroupUtils(config);
  const parse = createParseClassName(config);
  const found = new Set<string>();
  for (const file of sourceFiles(path.join(root, 'src', 'client'))) {
    const text = fs.readFileSync(file, 'utf8');
    for (const literal of text.matchAll(/'([^'\n]*)'|"([^"\n]*)"|`([^`]*)`/g)) {
      for (const word of (literal[1] ?? literal[2] ?? literal[3] ?? '').split(/\s+/)) {
        if (word && groupOf(word, parse, getClassGroupId) !== undefined) found.add(word);
      }
    }
  }
  return [...found].sort();
}

function groupOf(
  className: string,
  parse: ReturnType<typeof createParseClassName>,
  getClassGroupId: (className: string) => string | undefined,
): string | undefined {
  const { baseClassName, maybePostfixModifierPosition, isExternal } = parse(className);
  if (isExternal) return undefined;
  return (
    getClassGroupId(baseClassName) ??
    (maybePostfixModifierPosition === undefined ? undefined : getClassGroupId(baseClassName.slice(0, maybePostfixModifierPosition)))
  );
}

type Value = string | number | boolean | ((...args: never[]) => unknown) | readonly Value[] | { readonly [key: string]: Value };
const isList = (value: Value): value is readonly Value[] => Array.isArray(value);

/** The config as TypeScript: validators by name, theme getters as fromTheme calls. */
function serialize(value: Value, names: Map<unknown, string>): string {
  if (typeof value === 'function') {
    const themeKey = (value as { themeKey?: string }).themeKey;
    if (themeKey !== undefined) return `fromTheme(${JSON.stringify(themeKey)})`;
    const name = names.get(value);
    if (!name) throw new Error(`a function in the config that is not a validator: ${value.toString().slice(0, 80)}`);
    return name;
  }
  if (isList(value)) return `[${value.map((item) => serialize(item, names)).join(', ')}]`;
  if (typeof value === 'object') {
    return `{ ${Object.entries(value)
      .map(([key, item]) => `${/^[A-Za-z_$][\w$]*$/.test(key) ? key : JSON.stringify(key)}: ${serialize(item, names)}`)
      .join(', ')} }`;
  }
  return JSON.stringify(value);
}

function themeKeysIn(value: Value, keys: Set<string>): void {
  if (typeof value === 'function') {
    const themeKey = (value as { themeKey?: string }).themeKey;
    if (themeKey !== undefined) keys.add(themeKey);
  } else if (isList(value)) value.forEach((item) => themeKeysIn(item, keys));
  else if (typeof value === 'object') Object.values(value).forEach((item) => themeKeysIn(item, keys));
}

export function configSource(classNames: string[] = clientClassNames()): string {
  const config = getDefaultConfig();
  const { getClassGroupId } = createClassGroupUtils(config);
  const parse = createParseClassName(config);
  const used = new Set(classNames.map((name) => groupOf(name, parse, getClassGroupId)).filter((group) => group !== undefined));
  const pick = <T>(record: Record<string, T>, keep: (key: string) => boolean) =>
    Object.fromEntries(Object.entries(record).filter(([key]) => keep(key)));
  const onlyUsed = (groups: Record<string, readonly string[]>) =>
    Object.fromEntries(
      Object.entries(groups)
        .filter(([group]) => used.has(group))
        .map(([group, conflicts]) => [group, conflicts.filter((conflict) => used.has(conflict))] as const)
        .filter(([, conflicts]) => conflicts.length > 0),
    );

  const classGroups = pick(config.classGroups as Record<string, Value>, (group) => used.has(group));
  const themeKeys = new Set<string>();
  themeKeysIn(classGroups, themeKeys);
  const theme = pick(config.theme as Record<string, Value>, (key) => themeKeys.has(key));

  const names = new Map<unknown, string>(Object.entries(validators).map(([name, fn]) => [fn, name]));
  const usedValidators = [...names.values()].filter((name) =>
    new RegExp(`\\b${name}\\b`).test(serialize(classGroups as Value, names) + serialize(theme as Value, names)),
  );
  const body = {
    cacheSize: config.cacheSize,
    theme,
    classGroups,
    conflictingClassGroups: onlyUsed(config.conflictingClassGroups),
    conflictingClassGroupModifiers: onlyUsed(config.conflictingClassGroupModifiers),
    orderSensitiveModifiers: config.orderSensitiveModifiers,
  };
  return [
    '// Generated by scripts/tailwind-merge-config.ts from the classes in src/client; do not edit.',
    '// Run `npx tsx scripts/tailwind-merge-config.ts` after using a new kind of class.',
    "import { fromTheme, validators } from 'tailwind-merge';",
    '',
    `const { ${usedValidators.sort().join(', ')} } = validators;`,
    '',
    // One class group a line, so a regenerated file diffs by group.
    `export const tailwindMergeConfig = ${serialize(body, names).replace(/\], (?="?[\w@-]+"?: \[)/g, '],\n  ')};`,
    '',
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  fs.writeFileSync(CONFIG_FILE, configSource());
  console.log(`Wrote ${path.relative(process.cwd(), CONFIG_FILE)}`);
}
