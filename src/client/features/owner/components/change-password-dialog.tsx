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

const EMPTY: ChangePasswordForm = { currentPassword: '', newPassword: '', confirmPassword: '' };

const FIELDS = [
  { name: 'currentPassword', label: 'Current Password', autoComplete: 'current-password' },
  { name: 'newPassword', label: 'New Password', autoComplete: 'new-password' },
  { name: 'confirmPassword', label: 'Confirm New Password', autoComplete: 'new-password' },
] as const;

export function ChangePasswordDialog() {
  const [open, setOpen] = useState(false);
  const changePassword = useChangePassword();
  const form = useForm({ resolver: zodResolver(ChangePasswordForm), defaultValues: EMPTY });
  const { errors } = form.formState;

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
          Change Password
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Change Password</DialogTitle>
          <DialogDescription>
            Enter your current password, then a new one of at least 6 characters. Your other devices are signed out.
          </DialogDescription>
        </DialogHeader>
        <form noValidate className="grid gap-4" onSubmit={(event) => void form.handleSubmit(onValid)(event)}>
          {FIELDS.map(({ name, label, autoComplete }) => {
            const id = `change-password-${name}`;
            const error = errors[name]?.message;
            return (
              <FormField key={name} id={id} label={label} error={error}>
                {(field) => (
                  <Input {...field} type="password" autoComplete={autoComplete} required {...form.register(name)} />
                )}
              </FormField>
            );
          })}
          <DialogFormFooter submitLabel="Change Password" pendingLabel="Changing..." pending={changePassword.isPending} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
