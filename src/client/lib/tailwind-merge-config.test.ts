import fs from 'node:fs';
import { twMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';
import { clientClassNames, CONFIG_FILE, configSource } from '#scripts/tailwind-merge-config.ts';
import { cn } from './utils.ts';

describe('cn, with the trimmed tailwind-merge', () => {
  const classNames = clientClassNames();

  it('is built from the classes src/client uses now', () => {
    expect(classNames.length).toBeGreaterThan(300);
    expect(fs.readFileSync(CONFIG_FILE, 'utf8'), 'stale: run npx tsx scripts/tailwind-merge-config.ts').toBe(
      configSource(classNames),
    );
  });

  it('merges every pair of those classes as the full tailwind-merge does', () => {
    const differences: string[] = [];
    for (const first of classNames) {
      for (const second of classNames) {
        const input = `${first} ${second}`;
        const ours = cn(input);
        const full = twMerge(input);
        if (ours !== full) differences.push(`"${input}": "${ours}", full: "${full}"`);
      }
    }
    expect(differences.slice(0, 20)).toEqual([]);
  });

  it('lets a later class override an earlier one of the same kind, and only of that kind', () => {
    expect(cn('px-4 py-2', 'p-6')).toBe('p-6');
    expect(cn('text-sm text-muted-foreground', 'text-lg')).toBe('text-muted-foreground text-lg');
    expect(cn('pt-0', 'pt-6')).toBe('pt-6');
  });
});
