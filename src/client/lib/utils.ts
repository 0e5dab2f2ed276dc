import { clsx, type ClassValue } from 'clsx';
import { createTailwindMerge } from 'tailwind-merge';
import { tailwindMergeConfig } from './tailwind-merge-config.ts';

/**
 * tailwind-merge with only the class groups src/client uses: the same merges (the unit test
 * compares every pair of our classes with the full config) at a third of its weight in the
 * visitor's first load.
 */
const twMerge = createTailwindMerge(() => tailwindMergeConfig);

export function cn(...inputs: ClassValue[]) {
  return twMerge(clsx(inputs));
}
