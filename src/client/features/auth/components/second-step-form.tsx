import { useState } from 'react';
import { Fingerprint } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { SecondStepMethod } from '#contract/security.ts';
import { Button } from '#client/components/ui/button.tsx';
import { CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { FormField } from '#client/components/form-field.tsx';
import { ApiError } from '#client/lib/api-client.ts';
import { errorMessage } from '#client/lib/error-text.ts';
import { usePasskeySignIn, useSecondStep } from '#client/features/auth/api/login.ts';

const switchClass =
  'min-h-11 cursor-pointer justify-self-center rounded-sm bg-transparent px-2 text-sm text-muted-foreground underline underline-offset-4 hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none';

const focusOnMount = (element: HTMLElement | null) => element?.focus();

/**
 * The screen after a right password when a second factor is on: a code from the authenticator
 * app, a passkey, or a recovery code. The server gives it a few minutes and a few tries.
 */
export function SecondStepCard({ methods, onRestart }: { methods: SecondStepMethod[]; onRestart: () => void }) {
  const { t } = useLingui();
  const [method, setMethod] = useState<'totp' | 'recovery' | 'passkey'>(
    methods.includes('totp') ? 'totp' : methods.includes('passkey') ? 'passkey' : 'recovery',
  );
  const [code, setCode] = useState('');
  const secondStep = useSecondStep();
  const passkey = usePasskeySignIn();
  const expired = secondStep.error instanceof ApiError && secondStep.error.status === 401;

  const choose = (next: typeof method) => {
    setMethod(next);
    setCode('');
    secondStep.reset();
  };

  const titles = {
    totp: t`Enter the code from your authenticator app`,
    recovery: t`Use a recovery code`,
    passkey: t`Use a passkey`,
  } as const;

  return (
    <>
      <CardHeader>
        <CardTitle as="h1" tabIndex={-1} ref={focusOnMount} className="outline-none">
          <Trans>Verify It’s You</Trans>
        </CardTitle>
        <CardDescription>{titles[method]}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {method === 'passkey' ? (
          <Button disabled={passkey.isPending} onClick={() => passkey.mutate()}>
            <Fingerprint aria-hidden />
            {passkey.isPending ? <Trans>Waiting for passkey...</Trans> : <Trans>Use a passkey</Trans>}
          </Button>
        ) : (
          <form
            noValidate
            className="grid gap-4"
            onSubmit={(event) => {
              event.preventDefault();
              if (code.trim()) secondStep.mutate({ method, code });
            }}
          >
            <FormField
              id="second-step-code"
              label={method === 'totp' ? t`Authentication code` : t`Recovery code`}
              error={secondStep.isError ? errorMessage(secondStep.error, t`That code is not right`) : undefined}
            >
              {(field) => (
                <Input
                  {...field}
                  ref={focusOnMount}
                  value={code}
                  onChange={(event) => setCode(event.target.value)}
                  autoComplete="one-time-code"
                  inputMode={method === 'totp' ? 'numeric' : 'text'}
                  autoCapitalize="none"
                  spellCheck={false}
                  placeholder={method === 'totp' ? '123456' : 'abcde-12345'}
                  required
                />
              )}
            </FormField>
            <Button type="submit" disabled={secondStep.isPending || !code.trim()}>
              {secondStep.isPending ? <Trans>Verifying...</Trans> : <Trans>Verify</Trans>}
            </Button>
          </form>
        )}
        {expired && (
          <Button variant="outline" onClick={onRestart}>
            <Trans>Back to Login</Trans>
          </Button>
        )}
        <div className="grid gap-1">
          {method !== 'totp' && methods.includes('totp') && (
            <button type="button" className={switchClass} onClick={() => choose('totp')}>
              <Trans>Use your authenticator app</Trans>
            </button>
          )}
          {method !== 'passkey' && methods.includes('passkey') && (
            <button type="button" className={switchClass} onClick={() => choose('passkey')}>
              <Trans>Use a passkey</Trans>
            </button>
          )}
          {method !== 'recovery' && methods.includes('recovery') && (
            <button type="button" className={switchClass} onClick={() => choose('recovery')}>
              <Trans>Use a recovery code</Trans>
            </button>
          )}
        </div>
      </CardContent>
    </>
  );
}
