import { useMutation, useQueryClient } from '@tanstack/react-query';
import { t } from '@lingui/core/macro';
import { useLocation } from '#client/lib/router.tsx';
import type { SignInLinkRequest, UseSignInLinkRequest } from '#contract/auth.ts';
import type { SecondStepMethod } from '#contract/security.ts';
import { MessageResponse } from '#contract/common.ts';
import { toast } from '#client/components/ui/use-toast.ts';
import { api, screens } from '#contract/routes.ts';
import { apiClient } from '#client/lib/api-client.ts';
import { errorMessage } from '#client/lib/error-text.ts';
import { getUserQueryOptions } from './get-user.ts';
import { needsSecondStep, type LoginAnswer } from './login.ts';

/** The server answers the same neutral words whether or not the email is the owner's. */
export function requestSignInLink(body: SignInLinkRequest): Promise<MessageResponse> {
  return apiClient.post(api.signInLink, body, { schema: MessageResponse });
}

export function useRequestSignInLink() {
  return useMutation({
    mutationFn: requestSignInLink,
    onError: (error) => {
      toast({ title: t`Error`, description: errorMessage(error, t`Failed to send sign-in link`), variant: 'destructive' });
    },
  });
}

export function spendSignInLink(body: UseSignInLinkRequest): Promise<LoginAnswer> {
  return apiClient.post<LoginAnswer>(api.useSignInLink, body);
}

/** Spends the mailed link and opens the site signed in, as a sign-in with the password does. */
export function useSignInWithLink(onSecondStep: (methods: SecondStepMethod[]) => void) {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: spendSignInLink,
    onSuccess: async (answer) => {
      // The link stands for the password: with a second factor on, the second step follows.
      if (needsSecondStep(answer)) {
        onSecondStep(answer.secondStep);
        return;
      }
      toast({ title: t`Login successful`, description: t`Welcome back!` });
      await queryClient.invalidateQueries({ queryKey: getUserQueryOptions().queryKey });
      navigate(screens.home);
    },
  });
}
