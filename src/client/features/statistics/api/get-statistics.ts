import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#contract/routes.ts';
import { StatisticsReport, type StatisticsRange } from '#contract/statistics.ts';
import { apiClient } from '#client/lib/api-client.ts';

/** The owner's statistics over the last `days` days. */
export function getStatistics(days: StatisticsRange): Promise<StatisticsReport> {
  return apiClient.get(`${api.statistics}?days=${days}`, { schema: StatisticsReport });
}

export function getStatisticsQueryOptions(days: StatisticsRange) {
  return queryOptions({
    queryKey: [api.statistics, days],
    queryFn: () => getStatistics(days),
    // Visits arrive all the time: fetched afresh each time the panel opens.
    staleTime: 0,
  });
}

export function useStatistics(days: StatisticsRange) {
  return useQuery(getStatisticsQueryOptions(days));
}
