import { t } from '@lingui/core/macro';
import { useMutation } from '@tanstack/react-query';
import { type ChangePasswordRequest } from '#contract/auth.ts';
import { MessageResponse } from '#contract/common.ts';
import { toast } from '#client/components/ui/use-toast.ts';
import { api } from '#contract/routes.ts';
import { apiClient } from '#client/lib/api-client.ts';
import { errorMessage } from '#client/lib/error-text.ts';

/** Only the current and the new password travel; the confirmation stays in the form. */
export function changePassword({ currentPassword, newPassword }: ChangePasswordRequest): Promise<MessageResponse> {
  return apiClient.post(api.changePassword, { currentPassword, newPassword }, { schema: MessageResponse });
}

/** Nothing cached changes: this session stays signed in; the server ends the others. */
export function useChangePassword() {
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => {
      toast({ title: t`Success`, description: t`Password changed successfully` });
    },
    onError: (error) => {
      toast({
        title: t`Error`,
        description: errorMessage(error, t`Failed to change password`),
        variant: 'destructive',
      });
    },
  });
}
