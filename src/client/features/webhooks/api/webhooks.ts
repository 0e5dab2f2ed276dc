import { t } from '@lingui/core/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MessageResponse } from '#contract/common.ts';
import { api, pathTo } from '#contract/routes.ts';
import type { CreateWebhookRequest, NewWebhook, Webhook, WebhookDelivery } from '#contract/webhooks.ts';
import { toast } from '#client/components/ui/use-toast.ts';
import { apiClient } from '#client/lib/api-client.ts';
import { errorMessage } from '#client/lib/error-text.ts';

/** The owner's webhooks and their delivery logs, for the Webhooks panel. */
const webhooksKey = [api.webhooks] as const;
const deliveriesKey = (id: number) => [api.webhookDeliveries, id] as const;

export const useWebhooks = () => useQuery({ queryKey: webhooksKey, queryFn: () => apiClient.get<Webhook[]>(api.webhooks) });

/** A hook's latest deliveries; read again every few seconds while one is still to be sent. */
export const useWebhookDeliveries = (id: number) =>
  useQuery({
    queryKey: deliveriesKey(id),
    queryFn: () => apiClient.get<WebhookDelivery[]>(pathTo(api.webhookDeliveries, { id })),
    refetchInterval: (query) => (query.state.data?.some((delivery) => delivery.state === 'pending') ? 5_000 : false),
  });

/** Registering answers the form itself (a refused URL is shown under its field), not a toast. */
export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: CreateWebhookRequest) => apiClient.post<NewWebhook>(api.webhooks, request),
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhooksKey }),
  });
}

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiClient.delete<MessageResponse>(pathTo(api.webhook, { id })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhooksKey }),
    onError: (error) => toast({ title: t`Webhook not deleted`, description: errorMessage(error, t`Please try again.`), variant: 'destructive' }),
  });
}

/** "Send test": a ping, answered once its first attempt is over. */
export function usePingWebhook(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiClient.post<WebhookDelivery>(pathTo(api.webhookPing, { id })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: deliveriesKey(id) }),
    onSuccess: (delivery) => {
      const status = delivery.statusCode ?? '';
      toast(
        delivery.state === 'delivered'
          ? { title: t`Test delivered`, description: t`The receiver answered ${status}.` }
          : { title: t`Test not delivered`, description: delivery.error ?? t`No answer.`, variant: 'destructive' },
      );
    },
    onError: (error) => toast({ title: t`Test not sent`, description: errorMessage(error, t`Please try again.`), variant: 'destructive' }),
  });
}
