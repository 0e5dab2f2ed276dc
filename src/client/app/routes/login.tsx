import { useEffect, useState } from 'react';
import { CircleAlert, Fingerprint, MailCheck } from 'lucide-react';
import type { SecondStepMethod } from '#contract/security.ts';
import { Link } from '#client/lib/router.tsx';
import { useSearchParams } from '#client/lib/search-params.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { screens } from '#contract/screens.ts';
import { errorMessage } from '#client/lib/error-text.ts';
import { useSignInWithLink } from '#client/features/auth/api/sign-in-link.ts';
import { usePasskeySignIn } from '#client/features/auth/api/login.ts';
import { SecondStepCard } from '#client/features/auth/components/second-step-form.tsx';
import { LoginForm } from '#client/features/auth/components/login-form.tsx';
import { SignInLinkForm } from '#client/features/auth/components/sign-in-link-form.tsx';
import { AuthPageShell } from '#client/app/routes/auth-page-shell.tsx';
import { prefetchOwnerCode } from '#client/app/owner-code.ts';

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
                Sign in by Email
              </CardTitle>
              <CardDescription>Enter your account's email and we'll send you a link that signs you in once.</CardDescription>
            </CardHeader>
            <CardContent className="grid gap-4">
              <SignInLinkForm onSent={(message) => setMode({ name: 'link-sent', message })} />
              <button type="button" className={switchClass} onClick={() => setMode({ name: 'password' })}>
                Back to Login
              </button>
            </CardContent>
          </>
        ) : mode.name === 'link-sent' ? (
          <>
            <CardHeader className="items-center text-center">
              <MailCheck className="size-10 text-muted-foreground" aria-hidden />
              <CardTitle as="h1" tabIndex={-1} ref={focusOnMount} className="outline-none">
                Check Your Email
              </CardTitle>
              <CardDescription>{mode.message} The link expires in 30 minutes.</CardDescription>
            </CardHeader>
            <CardContent className="grid">
              <Button variant="outline" onClick={() => setMode({ name: 'password' })}>
                Back to Login
              </Button>
            </CardContent>
          </>
        ) : (
          <>
            <CardHeader>
              <CardTitle as="h1">Login</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-4">
              {expired && (
                <p role="status" className="rounded-md border bg-muted px-3 py-2 text-sm">
                  Your session has ended. Sign in again to go back to where you were.
                </p>
              )}
              <LoginForm onSecondStep={toSecondStep} />
              <Button variant="outline" disabled={passkey.isPending} onClick={() => passkey.mutate()}>
                <Fingerprint aria-hidden />
                {passkey.isPending ? 'Waiting for passkey...' : 'Sign in with a passkey'}
              </Button>
              <Link href={screens.forgotPassword} className={linkClass}>
                Forgot password?
              </Link>
              <button type="button" className={switchClass} onClick={() => setMode({ name: 'ask-link' })}>
                Email me a sign-in link
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
            Invalid Sign-in Link
          </CardTitle>
          <CardDescription>{errorMessage(signIn.error, 'Failed to sign in')}</CardDescription>
        </CardHeader>
        <CardContent className="grid">
          <Button
            onClick={() => {
              setSearchParams({});
              onAskAgain();
            }}
          >
            Request a New Link
          </Button>
        </CardContent>
      </>
    );
  }
  return (
    <>
      <CardHeader>
        <CardTitle as="h1">Sign In</CardTitle>
        <CardDescription>This link signs you in once, in this browser, which the site then remembers.</CardDescription>
      </CardHeader>
      <CardContent className="grid">
        <Button disabled={signIn.isPending} onClick={() => signIn.mutate({ token })}>
          {signIn.isPending ? 'Logging in...' : 'Sign In'}
        </Button>
      </CardContent>
    </>
  );
}
