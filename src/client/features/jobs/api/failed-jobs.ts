import { t } from '@lingui/core/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FailedJobs } from '#contract/jobs.ts';
import type { MessageResponse } from '#contract/common.ts';
import { api, pathTo } from '#contract/routes.ts';
import { toast } from '#client/components/ui/use-toast.ts';
import { apiClient } from '#client/lib/api-client.ts';
import { errorMessage } from '#client/lib/error-text.ts';

export const failedJobsKey = [api.failedJobs];

/** Background work that failed for good; asked again every minute while the admin is open. */
export const useFailedJobs = () =>
  useQuery({ queryKey: failedJobsKey, queryFn: () => apiClient.get<FailedJobs>(api.failedJobs), refetchInterval: 60_000 });

function useJobAction(send: (id: number) => Promise<MessageResponse>, failure: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: failedJobsKey }),
    onError: (error) => toast({ title: t`Error`, description: errorMessage(error, failure), variant: 'destructive' }),
  });
}

export const useRetryJob = () => useJobAction((id) => apiClient.post<MessageResponse>(pathTo(api.jobRetry, { id })), t`It could not be tried again`);
export const useDismissJob = () => useJobAction((id) => apiClient.delete<MessageResponse>(pathTo(api.job, { id })), t`It could not be dismissed`);
