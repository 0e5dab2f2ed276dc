import { queryOptions, useQuery } from '@tanstack/react-query';
import { ContactMessageList } from '#contract/contact.ts';
import { api } from '#contract/routes.ts';
import { apiClient } from '#client/lib/api-client.ts';

/** The owner's contact messages, newest first, with the unread count. */
export function getMessages(): Promise<ContactMessageList> {
  return apiClient.get(api.messages, { schema: ContactMessageList });
}

export function getMessagesQueryOptions() {
  return queryOptions({
    queryKey: [api.messages],
    queryFn: getMessages,
    // Visitors write at any time: the inbox is fetched afresh each time the admin view opens.
    staleTime: 0,
  });
}

export function useMessages() {
  return useQuery(getMessagesQueryOptions());
}
