import { useState } from 'react';
import { MailCheck } from 'lucide-react';
import { Link } from '#client/lib/router.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { screens } from '#contract/routes.ts';
import { ForgotPasswordForm } from '#client/features/auth/components/forgot-password-form.tsx';
import { AuthPageShell } from '#client/app/routes/auth-page-shell.tsx';

const linkClass =
  'justify-self-center rounded-sm text-sm text-muted-foreground underline underline-offset-4 hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none';

/** A stable ref callback, so the focus moves once, when the element appears. */
const focusOnMount = (element: HTMLElement | null) => element?.focus();

/** /forgot-password: the form, then the confirmation. */
export function ForgotPasswordPage() {
  // The server's neutral answer, once it has taken the request.
  const [sentMessage, setSentMessage] = useState<string | null>(null);

  return (
    <AuthPageShell>
      <Card className="w-full max-w-sm">
        {sentMessage === null ? (
          <>
            <CardHeader>
              <CardTitle as="h1">Forgot Password</CardTitle>
              <CardDescription>Enter your account's email and we'll send you a link to reset your password.</CardDescription>
            </CardHeader>
            <CardContent className="grid gap-4">
              <ForgotPasswordForm onSent={setSentMessage} />
              <Link href={screens.login} className={linkClass}>
                Back to Login
              </Link>
            </CardContent>
          </>
        ) : (
          <>
            <CardHeader className="items-center text-center">
              <MailCheck className="size-10 text-muted-foreground" aria-hidden />
              {/* Focus follows the form's replacement, so keyboard and screen reader users land here. */}
              <CardTitle as="h1" tabIndex={-1} ref={focusOnMount} className="outline-none">
                Check Your Email
              </CardTitle>
              <CardDescription>
                {sentMessage} The link expires in 1 hour.
              </CardDescription>
            </CardHeader>
            <CardContent className="grid">
              <Button asChild variant="outline">
                <Link href={screens.login}>Back to Login</Link>
              </Button>
            </CardContent>
          </>
        )}
      </Card>
    </AuthPageShell>
  );
}
