import { useState } from 'react';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { Link } from '#client/lib/router.tsx';
import { useSearchParams } from '#client/lib/search-params.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { screens } from '#contract/routes.ts';
import { ResetPasswordForm } from '#client/features/auth/components/reset-password-form.tsx';
import { AuthPageShell } from '#client/app/routes/auth-page-shell.tsx';

/** A stable ref callback, so the focus moves once, when the element appears. */
const focusOnMount = (element: HTMLElement | null) => element?.focus();

/** /reset-password?token=…: no token, the invalid-link screen; a token, the form, then success. */
export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const [isReset, setIsReset] = useState(false);

  return (
    <AuthPageShell>
      <Card className="w-full max-w-sm">
        {!token ? (
          <>
            <CardHeader className="items-center text-center">
              <CircleAlert className="size-10 text-destructive" aria-hidden />
              <CardTitle as="h1">Invalid Reset Link</CardTitle>
              <CardDescription>This password reset link is incomplete. Request a new one to reset your password.</CardDescription>
            </CardHeader>
            <CardContent className="grid">
              <Button asChild>
                <Link href={screens.forgotPassword}>Request a New Link</Link>
              </Button>
            </CardContent>
          </>
        ) : isReset ? (
          <>
            <CardHeader className="items-center text-center">
              <CircleCheck className="size-10 text-muted-foreground" aria-hidden />
              {/* Focus follows the form's replacement, so keyboard and screen reader users land here. */}
              <CardTitle as="h1" tabIndex={-1} ref={focusOnMount} className="outline-none">
                Password Reset Successful
              </CardTitle>
              <CardDescription>Your password has been changed. Sign in with your new password.</CardDescription>
            </CardHeader>
            <CardContent className="grid">
              <Button asChild>
                <Link href={screens.login}>Go to Login</Link>
              </Button>
            </CardContent>
          </>
        ) : (
          <>
            <CardHeader>
              <CardTitle as="h1">Reset Password</CardTitle>
              <CardDescription>Choose a new password of at least 6 characters.</CardDescription>
            </CardHeader>
            <CardContent>
              <ResetPasswordForm token={token} onReset={() => setIsReset(true)} />
            </CardContent>
          </>
        )}
      </Card>
    </AuthPageShell>
  );
}
