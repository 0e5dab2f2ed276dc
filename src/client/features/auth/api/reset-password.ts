import { useMutation, useQueryClient } from '@tanstack/react-query';
import { t } from '@lingui/core/macro';
import { type ResetPasswordRequest } from '#contract/auth.ts';
import { MessageResponse } from '#contract/common.ts';
import { toast } from '#client/components/ui/use-toast.ts';
import { api } from '#contract/routes.ts';
import { apiClient } from '#client/lib/api-client.ts';
import { errorMessage } from '#client/lib/error-text.ts';
import { getUserQueryOptions } from './get-user.ts';

export function resetPassword(body: ResetPasswordRequest): Promise<MessageResponse> {
  return apiClient.post(api.resetPassword, body, { schema: MessageResponse });
}

export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetPassword,
    // A reset ends every session of the owner, this browser's too if it had one.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getUserQueryOptions().queryKey }),
    onError: (error) => {
      toast({
        title: t`Error`,
        description: errorMessage(error, t`Failed to reset password`),
        variant: 'destructive',
      });
    },
  });
}
