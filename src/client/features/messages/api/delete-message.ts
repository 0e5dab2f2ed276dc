import { t } from '@lingui/core/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MessageResponse } from '#contract/common.ts';
import { toast } from '#client/components/ui/use-toast.ts';
import { api, pathTo } from '#contract/routes.ts';
import { apiClient } from '#client/lib/api-client.ts';
import { errorMessage } from '#client/lib/error-text.ts';
import { getMessagesQueryOptions } from './get-messages.ts';

export function deleteMessage(id: number): Promise<MessageResponse> {
  return apiClient.delete(pathTo(api.message, { id }), { schema: MessageResponse });
}

export function useDeleteMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMessage,
    // The message leaves the list before the owner's eyes: no success toast: the change shows itself.
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: getMessagesQueryOptions().queryKey });
    },
    onError: (error) => {
      toast({
        title: t`Error`,
        description: errorMessage(error, t`Failed to delete message`),
        variant: 'destructive',
      });
    },
  });
}
