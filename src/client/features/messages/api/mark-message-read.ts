import { t } from '@lingui/core/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ContactMessage } from '#contract/contact.ts';
import { toast } from '#client/components/ui/use-toast.ts';
import { api, pathTo } from '#contract/routes.ts';
import { apiClient } from '#client/lib/api-client.ts';
import { errorMessage } from '#client/lib/error-text.ts';
import { getMessagesQueryOptions } from './get-messages.ts';

export function markMessageRead(id: number): Promise<ContactMessage> {
  return apiClient.put(pathTo(api.messageRead, { id }), undefined, { schema: ContactMessage });
}

export function useMarkMessageRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markMessageRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getMessagesQueryOptions().queryKey }),
    onError: (error) => {
      toast({
        title: t`Error`,
        description: errorMessage(error, t`Failed to mark the message as read`),
        variant: 'destructive',
      });
    },
  });
}
