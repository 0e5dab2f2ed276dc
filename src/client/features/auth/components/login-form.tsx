import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Trans, useLingui } from '@lingui/react/macro';
import { LoginRequest } from '#contract/auth.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { FormField } from '#client/components/form-field.tsx';
import type { SecondStepMethod } from '#contract/security.ts';
import { useLogin } from '#client/features/auth/api/login.ts';

export function LoginForm({ onSecondStep }: { onSecondStep: (methods: SecondStepMethod[]) => void }) {
  const { t } = useLingui();
  const login = useLogin(onSecondStep);
  const form = useForm({
    resolver: zodResolver(LoginRequest),
    defaultValues: { username: '', password: '' },
  });
  const { errors } = form.formState;

  const onValid = (values: LoginRequest) => login.mutate(values);

  return (
    <form noValidate className="grid gap-4" onSubmit={(event) => void form.handleSubmit(onValid)(event)}>
      <FormField id="login-username" label={t`Username`} error={errors.username ? t`Username is required` : undefined}>
        {(field) => (
          <Input
            {...field}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            required
            {...form.register('username')}
          />
        )}
      </FormField>
      <FormField id="login-password" label={t`Password`} error={errors.password ? t`Password is required` : undefined}>
        {(field) => (
          <Input
            {...field}
            type="password"
            autoComplete="current-password"
            required
            {...form.register('password')}
          />
        )}
      </FormField>
      <Button type="submit" className="w-full" disabled={login.isPending}>
        {login.isPending ? <Trans>Logging in...</Trans> : <Trans>Login</Trans>}
      </Button>
    </form>
  );
}
