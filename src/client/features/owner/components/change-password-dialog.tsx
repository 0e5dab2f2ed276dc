import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { ChangePasswordForm } from '#contract/auth.ts';
import { DialogFormFooter } from '#client/components/dialog-form-footer.tsx';
import { FormField } from '#client/components/form-field.tsx';
import { Button } from '#client/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '#client/components/ui/dialog.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { useChangePassword } from '#client/features/owner/api/change-password.ts';
import { validationText } from '#client/lib/validation-text.ts';

const EMPTY: ChangePasswordForm = { currentPassword: '', newPassword: '', confirmPassword: '' };

const FIELDS = [
  { name: 'currentPassword', autoComplete: 'current-password' },
  { name: 'newPassword', autoComplete: 'new-password' },
  { name: 'confirmPassword', autoComplete: 'new-password' },
] as const;

export function ChangePasswordDialog() {
  const [open, setOpen] = useState(false);
  const changePassword = useChangePassword();
  const form = useForm({ resolver: zodResolver(ChangePasswordForm), defaultValues: EMPTY });
  const { errors } = form.formState;
  const { t } = useLingui();
  const labels = { currentPassword: t`Current Password`, newPassword: t`New Password`, confirmPassword: t`Confirm New Password` };

  // Closing, by any means, forgets what was typed: passwords do not linger in a hidden form.
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) form.reset(EMPTY);
  };

  const onValid = (values: ChangePasswordForm) =>
    changePassword.mutate(values, { onSuccess: () => onOpenChange(false) });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <KeyRound aria-hidden />
          <Trans>Change Password</Trans>
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>
            <Trans>Change Password</Trans>
          </DialogTitle>
          <DialogDescription>
            <Trans>Enter your current password, then a new one of at least 6 characters. Your other devices are signed out.</Trans>
          </DialogDescription>
        </DialogHeader>
        <form noValidate className="grid gap-4" onSubmit={(event) => void form.handleSubmit(onValid)(event)}>
          {FIELDS.map(({ name, autoComplete }) => {
            const id = `change-password-${name}`;
            const error = validationText(errors[name]?.message);
            return (
              <FormField key={name} id={id} label={labels[name]} error={error}>
                {(field) => (
                  <Input {...field} type="password" autoComplete={autoComplete} required {...form.register(name)} />
                )}
              </FormField>
            );
          })}
          <DialogFormFooter submitLabel={t`Change Password`} pendingLabel={t`Changing...`} pending={changePassword.isPending} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
