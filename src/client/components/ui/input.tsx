import type { ComponentProps } from 'react';
import { cn } from '#client/lib/utils.ts';

export function Input({ className, type, ...props }: ComponentProps<'input'>) {
  return (
    <input
      type={type}
      className={cn(
        'flex h-11 w-full min-w-0 rounded-md border border-input bg-background px-3 py-2 text-base text-foreground placeholder:text-muted-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive file:border-0 file:bg-transparent file:text-sm file:font-medium sm:h-10 md:text-sm',
        className,
      )}
      {...props}
    />
  );
}

/** An email address field: the browser's email keyboard and autofill, never capitalised or spell-checked. */
export function EmailInput(props: Omit<ComponentProps<'input'>, 'type'>) {
  return <Input type="email" autoComplete="email" autoCapitalize="none" spellCheck={false} {...props} />;
}
