import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Trans, useLingui } from '@lingui/react/macro';
import { SignInLinkRequest } from '#contract/auth.ts';
import { Button } from '#client/components/ui/button.tsx';
import { EmailInput } from '#client/components/ui/input.tsx';
import { FormField } from '#client/components/form-field.tsx';
import { useRequestSignInLink } from '#client/features/auth/api/sign-in-link.ts';

/** Asks for a one-time sign-in link; `onSent` gets the neutral answer (the server's, in the page's language). */
export function SignInLinkForm({ onSent }: { onSent: (message: string) => void }) {
  const { t } = useLingui();
  const requestLink = useRequestSignInLink();
  const form = useForm({
    resolver: zodResolver(SignInLinkRequest),
    defaultValues: { email: '' },
  });
  const { errors } = form.formState;

  const onValid = (values: SignInLinkRequest) => requestLink.mutate(values, { onSuccess: () => onSent(t`If an account with that email exists, we've sent you a sign-in link.`) });

  return (
    <form noValidate className="grid gap-4" onSubmit={(event) => void form.handleSubmit(onValid)(event)}>
      <FormField id="sign-in-link-email" label={t`Email`} error={errors.email ? t`Valid email is required` : undefined}>
        {(field) => <EmailInput {...field} required {...form.register('email')} />}
      </FormField>
      <Button type="submit" className="w-full" disabled={requestLink.isPending}>
        {requestLink.isPending ? <Trans>Sending...</Trans> : <Trans>Send Sign-in Link</Trans>}
      </Button>
    </form>
  );
}
