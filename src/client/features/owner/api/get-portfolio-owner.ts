import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PortfolioOwner } from '#contract/portfolio.ts';
import { visitorApi } from '#contract/screens.ts';
import { apiClient } from '#client/lib/api-client.ts';

/** The site's owner as visitors see them: title, about text, banner, social links. */
export function getPortfolioOwner(): Promise<PortfolioOwner> {
  return apiClient.get<PortfolioOwner>(visitorApi.portfolioOwner);
}

export function getPortfolioOwnerQueryOptions() {
  return queryOptions({
    queryKey: [visitorApi.portfolioOwner],
    queryFn: getPortfolioOwner,
    refetchOnWindowFocus: false,
  });
}

export function usePortfolioOwner() {
  return useQuery(getPortfolioOwnerQueryOptions());
}
