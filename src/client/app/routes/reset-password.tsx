import { useState } from 'react';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSearchParams } from '#client/lib/search-params.ts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { screens } from '#contract/screens.ts';
import { ResetPasswordForm } from '#client/features/auth/components/reset-password-form.tsx';
import { AuthOutcome } from '#client/features/auth/components/auth-outcome.tsx';
import { AuthPageShell } from '#client/app/routes/auth-page-shell.tsx';
import { addErrorTexts } from '#client/lib/error-text.ts';
import { SIGN_IN_ERROR_TEXTS } from '#client/features/auth/lib/error-texts.ts';

addErrorTexts(SIGN_IN_ERROR_TEXTS);

/** /reset-password?token=…: no token, the invalid-link screen; a token, the form, then success. */
export function ResetPasswordPage() {
  const { t } = useLingui();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const [isReset, setIsReset] = useState(false);

  return (
    <AuthPageShell>
      <Card className="w-full max-w-sm">
        {!token ? (
          <AuthOutcome
            icon={<CircleAlert className="size-10 text-destructive" aria-hidden />}
            title={t`Invalid Reset Link`}
            description={t`This password reset link is incomplete. Request a new one to reset your password.`}
            next={{ href: screens.forgotPassword, label: t`Request a New Link` }}
          />
        ) : isReset ? (
          <AuthOutcome
            icon={<CircleCheck className="size-10 text-muted-foreground" aria-hidden />}
            title={t`Password Reset Successful`}
            description={t`Your password has been changed. Sign in with your new password.`}
            takesFocus
            next={{ href: screens.login, label: t`Go to Login` }}
          />
        ) : (
          <>
            <CardHeader>
              <CardTitle as="h1">
                <Trans>Reset Password</Trans>
              </CardTitle>
              <CardDescription>
                <Trans>Choose a new password of at least 6 characters.</Trans>
              </CardDescription>
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
