import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Trans, useLingui } from '@lingui/react/macro';
import { ForgotPasswordRequest } from '#contract/auth.ts';
import { Button } from '#client/components/ui/button.tsx';
import { EmailInput } from '#client/components/ui/input.tsx';
import { FormField } from '#client/components/form-field.tsx';
import { useForgotPassword } from '#client/features/auth/api/forgot-password.ts';

/** Asks for a reset link; `onSent` gets the neutral answer (the server's, in the page's language) once it has taken the request. */
export function ForgotPasswordForm({ onSent }: { onSent: (message: string) => void }) {
  const { t } = useLingui();
  const forgotPassword = useForgotPassword();
  const form = useForm({
    resolver: zodResolver(ForgotPasswordRequest),
    defaultValues: { email: '' },
  });
  const { errors } = form.formState;

  const onValid = (values: ForgotPasswordRequest) => forgotPassword.mutate(values, { onSuccess: () => onSent(t`If an account with that email exists, we've sent you a password reset link.`) });

  return (
    <form noValidate className="grid gap-4" onSubmit={(event) => void form.handleSubmit(onValid)(event)}>
      <FormField id="forgot-password-email" label={t`Email`} error={errors.email ? t`Valid email is required` : undefined}>
        {(field) => <EmailInput {...field} required {...form.register('email')} />}
      </FormField>
      <Button type="submit" className="w-full" disabled={forgotPassword.isPending}>
        {forgotPassword.isPending ? <Trans>Sending...</Trans> : <Trans>Send Reset Link</Trans>}
      </Button>
    </form>
  );
}
