import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { ForgotPasswordRequest } from '#contract/auth.ts';
import { Button } from '#client/components/ui/button.tsx';
import { EmailInput } from '#client/components/ui/input.tsx';
import { FormField } from '#client/components/form-field.tsx';
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
      <FormField id="forgot-password-email" label="Email" error={errors.email?.message}>
        {(field) => <EmailInput {...field} required {...form.register('email')} />}
      </FormField>
      <Button type="submit" className="w-full" disabled={forgotPassword.isPending}>
        {forgotPassword.isPending ? 'Sending...' : 'Send Reset Link'}
      </Button>
    </form>
  );
}
