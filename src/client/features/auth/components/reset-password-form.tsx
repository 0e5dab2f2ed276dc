import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { ResetPasswordForm as ResetPasswordFormSchema } from '#contract/auth.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { useResetPassword } from '#client/features/auth/api/reset-password.ts';

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
      <div className="grid gap-2">
        <Label htmlFor="reset-new-password">New Password</Label>
        <Input
          id="reset-new-password"
          type="password"
          autoComplete="new-password"
          required
          aria-invalid={errors.newPassword ? true : undefined}
          aria-describedby={errors.newPassword ? 'reset-new-password-error' : undefined}
          {...form.register('newPassword')}
        />
        {errors.newPassword && (
          <p id="reset-new-password-error" className="text-sm text-destructive">
            {errors.newPassword.message}
          </p>
        )}
      </div>
      <div className="grid gap-2">
        <Label htmlFor="reset-confirm-password">Confirm Password</Label>
        <Input
          id="reset-confirm-password"
          type="password"
          autoComplete="new-password"
          required
          aria-invalid={errors.confirmPassword ? true : undefined}
          aria-describedby={errors.confirmPassword ? 'reset-confirm-password-error' : undefined}
          {...form.register('confirmPassword')}
        />
        {errors.confirmPassword && (
          <p id="reset-confirm-password-error" className="text-sm text-destructive">
            {errors.confirmPassword.message}
          </p>
        )}
      </div>
      <Button type="submit" className="w-full" disabled={resetPassword.isPending}>
        {resetPassword.isPending ? 'Resetting...' : 'Reset Password'}
      </Button>
    </form>
  );
}
