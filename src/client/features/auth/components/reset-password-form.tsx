import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { ResetPasswordForm as ResetPasswordFormSchema } from '#contract/auth.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { FormField } from '#client/components/form-field.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { useResetPassword } from '#client/features/auth/api/reset-password.ts';

const PASSWORD_FIELDS = [
  ['newPassword', 'reset-new-password', 'New Password'],
  ['confirmPassword', 'reset-confirm-password', 'Confirm Password'],
] as const;

/** Sets a new password with the token from the mailed link; `onReset` runs on success. */
export function ResetPasswordForm({ token, onReset }: { token: string; onReset: () => void }) {
  const resetPassword = useResetPassword();
  const form = useForm({
    resolver: zodResolver(ResetPasswordFormSchema),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });
  const { errors } = form.formState;

  const onValid = ({ newPassword }: ResetPasswordFormSchema) => {
    if (!token) {
      toast({ title: 'Error', description: 'Invalid reset token', variant: 'destructive' });
      return;
    }
    // The confirmation is checked here and never sent.
    resetPassword.mutate({ token, newPassword }, { onSuccess: onReset });
  };

  return (
    <form noValidate className="grid gap-4" onSubmit={(event) => void form.handleSubmit(onValid)(event)}>
      {PASSWORD_FIELDS.map(([name, id, label]) => (
        <FormField key={name} id={id} label={label} error={errors[name]?.message}>
          {(field) => <Input {...field} type="password" autoComplete="new-password" required {...form.register(name)} />}
        </FormField>
      ))}
      <Button type="submit" className="w-full" disabled={resetPassword.isPending}>
        {resetPassword.isPending ? 'Resetting...' : 'Reset Password'}
      </Button>
    </form>
  );
}
