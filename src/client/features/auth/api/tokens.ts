import { t } from '@lingui/core/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MessageResponse } from '#contract/common.ts';
import { api, pathTo } from '#contract/routes.ts';
import type { ApiToken, CreateTokenRequest, NewApiToken } from '#contract/tokens.ts';
import { toast } from '#client/components/ui/use-toast.ts';
import { ApiError, apiClient } from '#client/lib/api-client.ts';
import { errorMessage } from '#client/lib/error-text.ts';

/** The owner's personal access tokens, for the API tokens panel. */
const tokensKey = [api.tokens] as const;

export const useApiTokens = () => useQuery({ queryKey: tokensKey, queryFn: () => apiClient.get<ApiToken[]>(api.tokens) });

function useTokenMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>, failure: () => string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: tokensKey }),
    onError: (error) =>
      // A missing fresh check is no failure to show: the panel asks for it and tries again.
      (error instanceof ApiError && error.status === 403) ||
      toast({ title: failure(), description: errorMessage(error, t`Please try again.`), variant: 'destructive' }),
  });
}

export const useCreateApiToken = () =>
  useTokenMutation((request: CreateTokenRequest) => apiClient.post<NewApiToken>(api.tokens, request), () => t`Token not made`);

export const useRevokeApiToken = () =>
  useTokenMutation((id: number) => apiClient.delete<MessageResponse>(pathTo(api.token, { id })), () => t`Token not revoked`);
