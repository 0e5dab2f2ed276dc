import type { ReactNode } from 'react';
import { Link } from '#client/lib/router.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';

/** A stable ref callback, so the focus moves once, when the element appears. */
const focusOnMount = (element: HTMLElement | null) => element?.focus();

/**
 * What an auth card shows once its form is done with, or cannot start: an icon, the heading, what
 * happened, and one button to go on.
 */
export function AuthOutcome({
  icon,
  title,
  description,
  takesFocus = false,
  next,
}: {
  icon: ReactNode;
  title: string;
  description: ReactNode;
  /** When the outcome replaces a form: keyboard and screen reader users land on its heading. */
  takesFocus?: boolean;
  next: { href: string; label: string; variant?: 'outline' };
}) {
  return (
    <>
      <CardHeader className="items-center text-center">
        {icon}
        {takesFocus ? (
          <CardTitle as="h1" tabIndex={-1} ref={focusOnMount} className="outline-none">
            {title}
          </CardTitle>
        ) : (
          <CardTitle as="h1">{title}</CardTitle>
        )}
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="grid">
        <Button asChild variant={next.variant}>
          <Link href={next.href}>{next.label}</Link>
        </Button>
      </CardContent>
    </>
  );
}
