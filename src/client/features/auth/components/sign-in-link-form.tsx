import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { SignInLinkRequest } from '#contract/auth.ts';
import { Button } from '#client/components/ui/button.tsx';
import { EmailInput } from '#client/components/ui/input.tsx';
import { FormField } from '#client/components/form-field.tsx';
import { useRequestSignInLink } from '#client/features/auth/api/sign-in-link.ts';

/** Asks for a one-time sign-in link; `onSent` gets the server's neutral answer. */
export function SignInLinkForm({ onSent }: { onSent: (message: string) => void }) {
  const requestLink = useRequestSignInLink();
  const form = useForm({
    resolver: zodResolver(SignInLinkRequest),
    defaultValues: { email: '' },
  });
  const { errors } = form.formState;

  const onValid = (values: SignInLinkRequest) => requestLink.mutate(values, { onSuccess: ({ message }) => onSent(message) });

  return (
    <form noValidate className="grid gap-4" onSubmit={(event) => void form.handleSubmit(onValid)(event)}>
      <FormField id="sign-in-link-email" label="Email" error={errors.email?.message}>
        {(field) => <EmailInput {...field} required {...form.register('email')} />}
      </FormField>
      <Button type="submit" className="w-full" disabled={requestLink.isPending}>
        {requestLink.isPending ? 'Sending...' : 'Send Sign-in Link'}
      </Button>
    </form>
  );
}
