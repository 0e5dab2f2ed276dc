import { useState } from 'react';
import { MailCheck } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '#client/lib/router.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { screens } from '#contract/screens.ts';
import { ForgotPasswordForm } from '#client/features/auth/components/forgot-password-form.tsx';
import { AuthOutcome } from '#client/features/auth/components/auth-outcome.tsx';
import { AuthPageShell } from '#client/app/routes/auth-page-shell.tsx';
import { addErrorTexts } from '#client/lib/error-text.ts';
import { SIGN_IN_ERROR_TEXTS } from '#client/features/auth/lib/error-texts.ts';

addErrorTexts(SIGN_IN_ERROR_TEXTS);

const linkClass =
  'justify-self-center rounded-sm text-sm text-muted-foreground underline underline-offset-4 hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none';

/** /forgot-password: the form, then the confirmation. */
export function ForgotPasswordPage() {
  const { t } = useLingui();
  // The server's neutral answer, once it has taken the request.
  const [sentMessage, setSentMessage] = useState<string | null>(null);

  return (
    <AuthPageShell>
      <Card className="w-full max-w-sm">
        {sentMessage === null ? (
          <>
            <CardHeader>
              <CardTitle as="h1">
                <Trans>Forgot Password</Trans>
              </CardTitle>
              <CardDescription>
                <Trans>Enter your account's email and we'll send you a link to reset your password.</Trans>
              </CardDescription>
            </CardHeader>
            <CardContent className="grid gap-4">
              <ForgotPasswordForm onSent={setSentMessage} />
              <Link href={screens.login} className={linkClass}>
                <Trans>Back to Login</Trans>
              </Link>
            </CardContent>
          </>
        ) : (
          <AuthOutcome
            icon={<MailCheck className="size-10 text-muted-foreground" aria-hidden />}
            title={t`Check Your Email`}
            description={`${sentMessage} ${t`The link expires in 1 hour.`}`}
            takesFocus
            next={{ href: screens.login, label: t`Back to Login`, variant: 'outline' }}
          />
        )}
      </Card>
    </AuthPageShell>
  );
}
