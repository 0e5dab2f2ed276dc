import { t } from '@lingui/core/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MessageResponse } from '#contract/common.ts';
import { api, pathTo } from '#contract/routes.ts';
import type { FactorAdded, RecoveryCodes, SecurityOverview, SignedInBrowser, TotpSetup } from '#contract/security.ts';
import { toast } from '#client/components/ui/use-toast.ts';
import { ApiError, apiClient } from '#client/lib/api-client.ts';
import { errorMessage } from '#client/lib/error-text.ts';
import { passkeyAssertion, passkeyErrorMessage, passkeyRegistration } from '#client/features/auth/lib/passkey.ts';

/** The owner's factors and signed-in browsers, for the Security area of the Account panel. */

const securityKey = [api.security] as const;
const sessionsKey = [api.sessions] as const;

export const useSecurityOverview = () => useQuery({ queryKey: securityKey, queryFn: () => apiClient.get<SecurityOverview>(api.security) });
export const useSignedInBrowsers = () => useQuery({ queryKey: sessionsKey, queryFn: () => apiClient.get<SignedInBrowser[]>(api.sessions) });

/** `title` is read when the change fails, in the language shown then. */
function failed(title: () => string) {
  return (error: unknown) =>
    // A missing fresh check is no failure to show: the panel asks for it and tries again.
    (error instanceof ApiError && error.status === 403) ||
    toast({ title: title(), description: passkeyErrorMessage(error) ?? errorMessage(error, t`Please try again.`), variant: 'destructive' });
}

/** A mutation that refreshes the Security area when it is done. */
function useSecurityMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>, errorTitle: () => string, keys: ReadonlyArray<readonly string[]> = [securityKey]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
    onError: failed(errorTitle),
  });
}

export const useAddPasskey = () =>
  useSecurityMutation(async (name: string) => apiClient.post<FactorAdded>(api.passkeys, { name, response: await passkeyRegistration() }), () => t`Passkey not added`);

export const useRenamePasskey = () =>
  useSecurityMutation(({ id, name }: { id: string; name: string }) => apiClient.patch<MessageResponse>(pathTo(api.passkey, { id }), { name }), () => t`Passkey not renamed`);

export const useKeepPasskey = () =>
  useSecurityMutation((id: string) => apiClient.post<MessageResponse>(pathTo(api.passkeyKeep, { id }), {}), () => t`Passkey not kept`);

export const useRemovePasskey = () =>
  useSecurityMutation((id: string) => apiClient.delete<MessageResponse>(pathTo(api.passkey, { id })), () => t`Passkey not removed`);

export const useStartTotp = () => useSecurityMutation(() => apiClient.post<TotpSetup>(api.totpSetup, {}), () => t`Setup failed`);

/** Errors show in the form, not in a toast. */
export function useConfirmTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => apiClient.post<FactorAdded>(api.totpConfirm, { code }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: securityKey }),
  });
}

export const useDisableTotp = () => useSecurityMutation(() => apiClient.delete<MessageResponse>(api.totp), () => t`Not turned off`);

export const useRegenerateRecoveryCodes = () =>
  useSecurityMutation(() => apiClient.post<RecoveryCodes>(api.recoveryCodes, {}), () => t`No new codes`);

/** The fresh check before a sensitive change: the password, a code of the app, or a passkey. */
export function useConfirmIdentity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (proof: { password: string } | { code: string } | 'passkey') =>
      apiClient.post<MessageResponse>(api.securityConfirm, proof === 'passkey' ? { response: await passkeyAssertion() } : proof),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: securityKey }),
  });
}

export const useSignOutBrowser = () =>
  useSecurityMutation((id: string) => apiClient.delete<MessageResponse>(pathTo(api.session, { id })), () => t`Not signed out`, [sessionsKey]);

export const useSignOutOtherBrowsers = () =>
  useSecurityMutation(() => apiClient.post<MessageResponse>(api.sessionsSignOutOthers, {}), () => t`Not signed out`, [sessionsKey]);
