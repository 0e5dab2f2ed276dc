import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { CurrentUser, type LoginRequest } from '#contract/auth.ts';
import { toast } from '#client/components/ui/use-toast.ts';
import { api } from '#contract/routes.ts';
import { apiClient, errorMessage } from '#client/lib/api-client.ts';
import { getUserQueryOptions } from './get-user.ts';
import { returnPathFrom } from '#client/features/auth/lib/return-path.ts';

export function login(credentials: LoginRequest): Promise<CurrentUser> {
  return apiClient.post(api.login, credentials, { schema: CurrentUser });
}

export function useLogin() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: login,
    onSuccess: async () => {
      toast({ title: 'Login successful', description: 'Welcome back!' });
      // Stay pending until the user is known, so / opens already signed in.
      await queryClient.invalidateQueries({ queryKey: getUserQueryOptions().queryKey });
      navigate(returnPathFrom(window.location.search));
    },
    onError: (error) => {
      toast({
        title: 'Login failed',
        description: errorMessage(error, 'Invalid credentials'),
        variant: 'destructive',
      });
    },
  });
}
