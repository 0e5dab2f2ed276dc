import { useMutation } from '@tanstack/react-query';
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
    onSuccess: ({ message }) => {
      toast({ description: message });
    },
    onError: (error) => {
      toast({
        title: 'Error',
        description: errorMessage(error, 'Failed to send reset email'),
        variant: 'destructive',
      });
    },
  });
}
