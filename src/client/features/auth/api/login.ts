import { useMutation, useQueryClient } from '@tanstack/react-query';
import { t } from '@lingui/core/macro';
import { useLocation } from '#client/lib/router.tsx';
import type { CurrentUser, LoginRequest } from '#contract/auth.ts';
import type { SecondStepMethod, SecondStepRequest } from '#contract/security.ts';
import { toast } from '#client/components/ui/use-toast.ts';
import { api } from '#contract/routes.ts';
import { apiClient } from '#client/lib/api-client.ts';
import { errorMessage } from '#client/lib/error-text.ts';
import { getUserQueryOptions } from './get-user.ts';
import { returnPathFrom } from '#client/features/auth/lib/return-path.ts';
import { passkeyAssertion, passkeyErrorMessage } from '#client/features/auth/lib/passkey.ts';

/** A right password with a second factor on: the second step's ways, else the signed-in owner. */
export type LoginAnswer = CurrentUser | { message: string; secondStep: SecondStepMethod[] };

export const needsSecondStep = (answer: LoginAnswer): answer is { message: string; secondStep: SecondStepMethod[] } => 'secondStep' in answer;

export function login(credentials: LoginRequest): Promise<LoginAnswer> {
  return apiClient.post<LoginAnswer>(api.login, credentials);
}

/** The end of every way in: the user is loaded, then the page the owner came from opens. */
function useSignedIn() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return async (destination = returnPathFrom(window.location.search)) => {
    toast({ title: t`Login successful`, description: t`Welcome back!` });
    // Stay pending until the user is known, so / opens already signed in.
    await queryClient.invalidateQueries({ queryKey: getUserQueryOptions().queryKey });
    navigate(destination);
  };
}

export function useLogin(onSecondStep: (methods: SecondStepMethod[]) => void) {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: login,
    onSuccess: async (answer) => {
      if (needsSecondStep(answer)) onSecondStep(answer.secondStep);
      else await signedIn();
    },
    onError: (error) => {
      toast({
        title: t`Login failed`,
        description: errorMessage(error, t`Invalid credentials`),
        variant: 'destructive',
      });
    },
  });
}

/** A passkey alone (usernameless), or as the second step after the password. */
export function usePasskeySignIn() {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: async () => apiClient.post<CurrentUser>(api.passkeySignIn, { response: await passkeyAssertion() }),
    onSuccess: () => signedIn(),
    onError: (error) => {
      toast({
        title: t`Login failed`,
        description: passkeyErrorMessage(error) ?? errorMessage(error, t`The passkey could not sign you in`),
        variant: 'destructive',
      });
    },
  });
}

/** A code from the authenticator app, or a recovery code. */
export function useSecondStep() {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: (body: SecondStepRequest) => apiClient.post<CurrentUser>(api.secondStep, body),
    onSuccess: () => signedIn(),
  });
}
