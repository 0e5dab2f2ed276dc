import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '#contract/auth.ts';
import { visitorApi } from '#contract/screens.ts';
import { apiClient } from '#client/lib/api-client.ts';

/** The signed-in owner, or null for a visitor (the server answers 401). */
export function getUser(): Promise<CurrentUser | null> {
  return apiClient.getOrNull<CurrentUser>(visitorApi.currentUser);
}

export function getUserQueryOptions() {
  return queryOptions({
    queryKey: [visitorApi.currentUser],
    queryFn: getUser,
    staleTime: 300_000,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnMount: false,
  });
}

export function useUser() {
  return useQuery(getUserQueryOptions());
}

/** `isAuthenticated` is true exactly when a user record exists. */
export function useAuth() {
  const { data, isLoading } = useUser();
  const user = data ?? null;
  return { user, isLoading, isAuthenticated: user !== null };
}
