import { useEffect, useState } from 'react';
import { CircleAlert, Fingerprint, MailCheck } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { SecondStepMethod } from '#contract/security.ts';
import { Link } from '#client/lib/router.tsx';
import { useSearchParams } from '#client/lib/search-params.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { screens } from '#contract/screens.ts';
import { addErrorTexts, errorMessage } from '#client/lib/error-text.ts';
import { useSignInWithLink } from '#client/features/auth/api/sign-in-link.ts';
import { usePasskeySignIn } from '#client/features/auth/api/login.ts';
import { SecondStepCard } from '#client/features/auth/components/second-step-form.tsx';
import { LoginForm } from '#client/features/auth/components/login-form.tsx';
import { SignInLinkForm } from '#client/features/auth/components/sign-in-link-form.tsx';
import { AuthPageShell } from '#client/app/routes/auth-page-shell.tsx';
import { SIGN_IN_ERROR_TEXTS } from '#client/features/auth/lib/error-texts.ts';
import { prefetchOwnerCode } from '#client/app/owner-code.ts';

addErrorTexts(SIGN_IN_ERROR_TEXTS);

const linkClass =
  'justify-self-center rounded-sm text-sm text-muted-foreground underline underline-offset-4 hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none';
/** The same look for the in-card switches, which are buttons: they change the card, not the page. */
const switchClass = `${linkClass} min-h-11 cursor-pointer bg-transparent px-2`;

/** A stable ref callback, so the focus moves once, when the element appears. */
const focusOnMount = (element: HTMLElement | null) => element?.focus();

/** The query parameter of a mailed sign-in link (the server's SIGN_IN_LINK_PARAM). */
const LINK_PARAM = 'link';

type Mode =
  | { name: 'password' }
  | { name: 'ask-link' }
  | { name: 'link-sent'; message: string }
  | { name: 'second-step'; methods: SecondStepMethod[] };

/**
 * /login: the password form. Beside it, for a browser the site does not know yet (or when
 * sign-ins are held back), a one-time link mailed to the recovery address; /login?link=… spends it.
 */
export function LoginPage() {
  const [searchParams] = useSearchParams();
  const linkToken = searchParams.get(LINK_PARAM);
  const [mode, setMode] = useState<Mode>({ name: 'password' });
  // Whoever signs in is the owner: their page's code comes while they type.
  useEffect(prefetchOwnerCode, []);
  const expired = searchParams.get('expired') === '1';
  const passkey = usePasskeySignIn();
  const toSecondStep = (methods: SecondStepMethod[]) => setMode({ name: 'second-step', methods });

  return (
    <AuthPageShell>
      <Card className="w-full max-w-sm">
        {mode.name === 'second-step' ? (
          <SecondStepCard methods={mode.methods} onRestart={() => setMode({ name: 'password' })} />
        ) : linkToken ? (
          <UseLinkCard token={linkToken} onAskAgain={() => setMode({ name: 'ask-link' })} onSecondStep={toSecondStep} />
        ) : mode.name === 'ask-link' ? (
          <>
            <CardHeader>
              <CardTitle as="h1" tabIndex={-1} ref={focusOnMount} className="outline-none">
                <Trans>Sign in by Email</Trans>
              </CardTitle>
              <CardDescription>
                <Trans>Enter your account's email and we'll send you a link that signs you in once.</Trans>
              </CardDescription>
            </CardHeader>
            <CardContent className="grid gap-4">
              <SignInLinkForm onSent={(message) => setMode({ name: 'link-sent', message })} />
              <button type="button" className={switchClass} onClick={() => setMode({ name: 'password' })}>
                <Trans>Back to Login</Trans>
              </button>
            </CardContent>
          </>
        ) : mode.name === 'link-sent' ? (
          <>
            <CardHeader className="items-center text-center">
              <MailCheck className="size-10 text-muted-foreground" aria-hidden />
              <CardTitle as="h1" tabIndex={-1} ref={focusOnMount} className="outline-none">
                <Trans>Check Your Email</Trans>
              </CardTitle>
              <CardDescription>
                {mode.message} <Trans>The link expires in 30 minutes.</Trans>
              </CardDescription>
            </CardHeader>
            <CardContent className="grid">
              <Button variant="outline" onClick={() => setMode({ name: 'password' })}>
                <Trans>Back to Login</Trans>
              </Button>
            </CardContent>
          </>
        ) : (
          <>
            <CardHeader>
              <CardTitle as="h1">
                <Trans>Login</Trans>
              </CardTitle>
            </CardHeader>
            <CardContent className="grid gap-4">
              {expired && (
                <p role="status" className="rounded-md border bg-muted px-3 py-2 text-sm">
                  <Trans>Your session has ended. Sign in again to go back to where you were.</Trans>
                </p>
              )}
              <LoginForm onSecondStep={toSecondStep} />
              <Button variant="outline" disabled={passkey.isPending} onClick={() => passkey.mutate()}>
                <Fingerprint aria-hidden />
                {passkey.isPending ? <Trans>Waiting for passkey...</Trans> : <Trans>Sign in with a passkey</Trans>}
              </Button>
              <Link href={screens.forgotPassword} className={linkClass}>
                <Trans>Forgot password?</Trans>
              </Link>
              <button type="button" className={switchClass} onClick={() => setMode({ name: 'ask-link' })}>
                <Trans>Email me a sign-in link</Trans>
              </button>
            </CardContent>
          </>
        )}
      </Card>
    </AuthPageShell>
  );
}

/** A mailed link: one button spends it, so a mail scanner that opens the page spends nothing. */
function UseLinkCard({ token, onAskAgain, onSecondStep }: { token: string; onAskAgain: () => void; onSecondStep: (methods: SecondStepMethod[]) => void }) {
  const { t } = useLingui();
  const [, setSearchParams] = useSearchParams();
  const signIn = useSignInWithLink((methods) => {
    setSearchParams({});
    onSecondStep(methods);
  });
  if (signIn.isError) {
    return (
      <>
        <CardHeader className="items-center text-center">
          <CircleAlert className="size-10 text-destructive" aria-hidden />
          <CardTitle as="h1" tabIndex={-1} ref={focusOnMount} className="outline-none">
            <Trans>Invalid Sign-in Link</Trans>
          </CardTitle>
          <CardDescription>{errorMessage(signIn.error, t`Failed to sign in`)}</CardDescription>
        </CardHeader>
        <CardContent className="grid">
          <Button
            onClick={() => {
              setSearchParams({});
              onAskAgain();
            }}
          >
            <Trans>Request a New Link</Trans>
          </Button>
        </CardContent>
      </>
    );
  }
  return (
    <>
      <CardHeader>
        <CardTitle as="h1">
          <Trans>Sign In</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>This link signs you in once, in this browser, which the site then remembers.</Trans>
        </CardDescription>
      </CardHeader>
      <CardContent className="grid">
        <Button disabled={signIn.isPending} onClick={() => signIn.mutate({ token })}>
          {signIn.isPending ? <Trans>Logging in...</Trans> : <Trans>Sign In</Trans>}
        </Button>
      </CardContent>
    </>
  );
}
