import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type FieldError } from 'react-hook-form';
import { Trans, useLingui } from '@lingui/react/macro';
import { ResetPasswordForm as ResetPasswordFormSchema } from '#contract/auth.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { FormField } from '#client/components/form-field.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { useResetPassword } from '#client/features/auth/api/reset-password.ts';


/** Sets a new password with the token from the mailed link; `onReset` runs on success. */
export function ResetPasswordForm({ token, onReset }: { token: string; onReset: () => void }) {
  const { t } = useLingui();
  const resetPassword = useResetPassword();
  const form = useForm({
    resolver: zodResolver(ResetPasswordFormSchema),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });
  const { errors } = form.formState;
  // The contract's schema says these in English for the API; the form says them in the page's language.
  const passwordFields = [
    ['newPassword', 'reset-new-password', t`New Password`],
    ['confirmPassword', 'reset-confirm-password', t`Confirm Password`],
  ] as const;
  const errorText = (name: 'newPassword' | 'confirmPassword', error: FieldError | undefined) => {
    if (!error) return undefined;
    if (error.type === 'custom') return t`Passwords don't match`;
    if (name === 'confirmPassword') return t`Please confirm your password`;
    return error.type === 'too_small' ? t`Password must be at least 6 characters` : error.message;
  };

  const onValid = ({ newPassword }: ResetPasswordFormSchema) => {
    if (!token) {
      toast({ title: t`Error`, description: t`Invalid reset token`, variant: 'destructive' });
      return;
    }
    // The confirmation is checked here and never sent.
    resetPassword.mutate({ token, newPassword }, { onSuccess: onReset });
  };

  return (
    <form noValidate className="grid gap-4" onSubmit={(event) => void form.handleSubmit(onValid)(event)}>
      {passwordFields.map(([name, id, label]) => (
        <FormField key={name} id={id} label={label} error={errorText(name, errors[name])}>
          {(field) => <Input {...field} type="password" autoComplete="new-password" required {...form.register(name)} />}
        </FormField>
      ))}
      <Button type="submit" className="w-full" disabled={resetPassword.isPending}>
        {resetPassword.isPending ? <Trans>Resetting...</Trans> : <Trans>Reset Password</Trans>}
      </Button>
    </form>
  );
}
