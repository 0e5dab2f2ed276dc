import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation } from '#client/lib/router.tsx';
import type { MessageResponse } from '#contract/common.ts';
import { api, screens } from '#contract/routes.ts';
import { apiClient } from '#client/lib/api-client.ts';
import { getUserQueryOptions } from './get-user.ts';

export function logout(): Promise<MessageResponse> {
  return apiClient.post<MessageResponse>(api.logout, {});
}

export function useLogout() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      queryClient.setQueryData(getUserQueryOptions().queryKey, null);
      navigate(screens.home);
    },
    // A logout error is only logged.
    onError: (error) => {
      console.error('Logout failed', error);
    },
  });
}
