import { useMutation } from '@tanstack/react-query';
import { t } from '@lingui/core/macro';
import { type ForgotPasswordRequest } from '#contract/auth.ts';
import { MessageResponse } from '#contract/common.ts';
import { toast } from '#client/components/ui/use-toast.ts';
import { api } from '#contract/routes.ts';
import { apiClient } from '#client/lib/api-client.ts';
import { errorMessage } from '#client/lib/error-text.ts';

/** The server answers the same neutral words whether or not the email is the owner's. */
export function forgotPassword(body: ForgotPasswordRequest): Promise<MessageResponse> {
  return apiClient.post(api.forgotPassword, body, { schema: MessageResponse });
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: forgotPassword,
    // The server's neutral words, in the page's language.
    onSuccess: () => {
      toast({ description: t`If an account with that email exists, we've sent you a password reset link.` });
    },
    onError: (error) => {
      toast({
        title: t`Error`,
        description: errorMessage(error, t`Failed to send reset email`),
        variant: 'destructive',
      });
    },
  });
}
