import { clsx, type ClassValue } from 'clsx';
import { createTailwindMerge } from 'tailwind-merge';
import { tailwindMergeConfig } from './tailwind-merge-config.ts';

/**
 * tailwind-merge with only the class groups src/client uses: the same merges (the unit test
 * compares every pair of our classes with the full config) at a third of its weight. It stays out
 * of a visitor's first load (5 KB gzip): the modules of that load join their classes with clsx
 * alone, so their own classes never fight a caller's, and Button's look sits in the CSS's
 * components layer, which any utility class overrides (components/ui/button.tsx).
 */
const twMerge = createTailwindMerge(() => tailwindMergeConfig);

export function cn(...inputs: ClassValue[]) {
  return twMerge(clsx(inputs));
}
