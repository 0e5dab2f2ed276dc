import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { ForgotPasswordRequest } from '#contract/auth.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { useForgotPassword } from '#client/features/auth/api/forgot-password.ts';

/** Asks for a reset link; `onSent` gets the server's neutral answer once it has taken the request. */
export function ForgotPasswordForm({ onSent }: { onSent: (message: string) => void }) {
  const forgotPassword = useForgotPassword();
  const form = useForm({
    resolver: zodResolver(ForgotPasswordRequest),
    defaultValues: { email: '' },
  });
  const { errors } = form.formState;

  const onValid = (values: ForgotPasswordRequest) => forgotPassword.mutate(values, { onSuccess: ({ message }) => onSent(message) });

  return (
    <form noValidate className="grid gap-4" onSubmit={(event) => void form.handleSubmit(onValid)(event)}>
      <div className="grid gap-2">
        <Label htmlFor="forgot-password-email">Email</Label>
        <Input
          id="forgot-password-email"
          type="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          required
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? 'forgot-password-email-error' : undefined}
          {...form.register('email')}
        />
        {errors.email && (
          <p id="forgot-password-email-error" className="text-sm text-destructive">
            {errors.email.message}
          </p>
        )}
      </div>
      <Button type="submit" className="w-full" disabled={forgotPassword.isPending}>
        {forgotPassword.isPending ? 'Sending...' : 'Send Reset Link'}
      </Button>
    </form>
  );
}
