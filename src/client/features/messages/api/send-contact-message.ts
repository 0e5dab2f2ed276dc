import { t } from '@lingui/core/macro';
import { useMutation } from '@tanstack/react-query';
import { MessageResponse } from '#contract/common.ts';
import type { ContactRequest } from '#contract/contact.ts';
import { toast } from '#client/components/ui/use-toast.ts';
import { api } from '#contract/routes.ts';
import { apiClient } from '#client/lib/api-client.ts';
import { errorMessage } from '#client/lib/error-text.ts';

export function sendContactMessage(body: ContactRequest): Promise<MessageResponse> {
  return apiClient.post(api.contact, body, { schema: MessageResponse });
}

export function useSendContactMessage() {
  return useMutation({
    mutationFn: sendContactMessage,
    onSuccess: () => {
      toast({ title: t`Message sent`, description: t`Your message has been sent successfully` });
    },
    onError: (error) => {
      toast({
        title: t`Failed to send`,
        description: errorMessage(error, t`Failed to send message`),
        variant: 'destructive',
      });
    },
  });
}
