import type { ComponentProps } from 'react';
import { cva, type VariantProps } from 'class-variance-authority';
import { clsx } from 'clsx';

export const badgeVariants = cva(
  'inline-flex shrink-0 items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap',
  {
    variants: {
      variant: {
        default: 'border-transparent bg-primary text-primary-foreground',
        secondary: 'border-transparent bg-secondary text-secondary-foreground',
        destructive: 'border-transparent bg-destructive text-destructive-foreground',
        outline: 'text-foreground',
      },
    },
    defaultVariants: { variant: 'default' },
  },
);

/**
 * Its classes joined with clsx, not merged: a photo's page shows one, and the class merger's
 * tables, built on its first use, took that page 10-45 ms of a phone's main thread. Callers add
 * placement (a margin, an alignment), which none of its own classes sets.
 */
export function Badge({ className, variant, ...props }: ComponentProps<'span'> & VariantProps<typeof badgeVariants>) {
  return <span className={clsx(badgeVariants({ variant }), className)} {...props} />;
}
