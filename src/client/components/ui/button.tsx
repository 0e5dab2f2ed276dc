import { Children, cloneElement, type ComponentProps, type ReactElement } from 'react';
import { clsx } from 'clsx';

export type ButtonVariant = 'default' | 'destructive' | 'outline' | 'secondary' | 'ghost' | 'link';
export type ButtonSize = 'default' | 'sm' | 'lg' | 'icon';

export interface ButtonVariantProps {
  variant?: ButtonVariant | null;
  size?: ButtonSize | null;
}

/**
 * The button's classes: its look is in styles.css (`.button`, `.button-outline`,
 * `.button-size-sm`…), in the components layer, so any utility class a caller adds wins by the
 * cascade alone. Button therefore needs no class merging at run time, and tailwind-merge stays out
 * of every visitor's first load (the first-load budget of scripts/bundle-size.mjs). `null` leaves
 * the variant or size out.
 */
export function buttonVariants({ variant = 'default', size = 'default' }: ButtonVariantProps = {}): string {
  return clsx('button', variant && `button-${variant}`, size && `button-size-${size}`);
}

export type ButtonProps = ComponentProps<'button'> &
  ButtonVariantProps & {
    /** Render the single child (a link, say) with the button's look. */
    asChild?: boolean;
  };

/**
 * `asChild` gives a single child (a link) the button's look and props. Written out rather than
 * Radix's Slot: Button is in every visitor's first load, and the links it dresses need no merged
 * handlers or refs (the first-load budget of scripts/bundle-size.mjs).
 */
export function Button({ className, variant, size, asChild = false, type, children, ...props }: ButtonProps) {
  if (asChild) {
    const child = Children.only(children) as ReactElement<{ className?: string }>;
    return cloneElement(child, { ...props, className: clsx(buttonVariants({ variant, size }), className, child.props.className) });
  }
  return (
    <button type={type ?? 'button'} className={clsx(buttonVariants({ variant, size }), className)} {...props}>
      {children}
    </button>
  );
}
