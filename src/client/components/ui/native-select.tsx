import type { ComponentProps } from 'react';
import { cn } from '#client/lib/utils.ts';

/**
 * The browser's own select, dressed like Input: a few fixed choices need no listbox library, and
 * a phone shows its native picker.
 */
export function NativeSelect({ className, ...props }: ComponentProps<'select'>) {
  return (
    <select
      className={cn(
        'flex h-11 w-full min-w-0 cursor-pointer rounded-md border border-input bg-background px-3 py-2 text-base text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-50 md:text-sm',
        className,
      )}
      {...props}
    />
  );
}
