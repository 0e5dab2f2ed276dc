import { t } from '@lingui/core/macro';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { CurrentUser } from '#contract/auth.ts';
import type { PortfolioSettingsUpdate } from '#contract/portfolio.ts';
import { toast } from '#client/components/ui/use-toast.ts';
import { api } from '#contract/routes.ts';
import { apiClient } from '#client/lib/api-client.ts';
import { errorMessage } from '#client/lib/error-text.ts';
import { getPortfolioOwnerQueryOptions } from './get-portfolio-owner.ts';

/** Saves the fields present in `changes`; the server answers with the whole updated owner. */
export function updatePortfolioSettings(changes: PortfolioSettingsUpdate): Promise<CurrentUser> {
  return apiClient.patch(api.portfolioSettings, changes, { schema: CurrentUser });
}

/** Puts the saved owner in the user cache and refetches what visitors see of them. */
export async function storeSavedSettings(queryClient: QueryClient, user: CurrentUser): Promise<void> {
  queryClient.setQueryData([api.currentUser], user);
  await queryClient.invalidateQueries({ queryKey: getPortfolioOwnerQueryOptions().queryKey });
}

export function useUpdatePortfolioSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePortfolioSettings,
    onSuccess: async (user) => {
      await storeSavedSettings(queryClient, user);
      toast({ title: t`Settings updated`, description: t`Your portfolio settings have been saved successfully` });
    },
    onError: (error) => {
      toast({
        title: t`Update failed`,
        description: errorMessage(error, t`Failed to update portfolio settings`),
        variant: 'destructive',
      });
    },
  });
}
