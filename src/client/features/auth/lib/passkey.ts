import { t } from '@lingui/core/macro';
import { api } from '#contract/routes.ts';
import { apiClient } from '#client/lib/api-client.ts';

/**
 * The browser's passkey ceremonies. @simplewebauthn/browser is loaded when a passkey is used,
 * never with the page.
 */

interface OptionsAnswer {
  optionsJSON: Record<string, unknown>;
}

/** Asks the browser for a passkey's answer to a fresh challenge (any of the site's passkeys, or the half signed-in owner's). */
export async function passkeyAssertion(): Promise<Record<string, unknown>> {
  const [{ startAuthentication }, { optionsJSON }] = await Promise.all([
    import('@simplewebauthn/browser'),
    apiClient.post<OptionsAnswer>(api.passkeySignInOptions, {}),
  ]);
  const answer = await startAuthentication({ optionsJSON: optionsJSON as unknown as Parameters<typeof startAuthentication>[0]['optionsJSON'] });
  return answer as unknown as Record<string, unknown>;
}

/** Makes a new passkey on this device for the signed-in owner. */
export async function passkeyRegistration(): Promise<Record<string, unknown>> {
  const [{ startRegistration }, { optionsJSON }] = await Promise.all([
    import('@simplewebauthn/browser'),
    apiClient.post<OptionsAnswer>(api.passkeyRegisterOptions, {}),
  ]);
  const answer = await startRegistration({ optionsJSON: optionsJSON as unknown as Parameters<typeof startRegistration>[0]['optionsJSON'] });
  return answer as unknown as Record<string, unknown>;
}

/** What to tell the owner when the browser's passkey dialog failed or was closed. */
export function passkeyErrorMessage(error: unknown): string | undefined {
  if (error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError')) return t`The passkey request was cancelled or timed out.`;
  if (error instanceof Error && error.name === 'InvalidStateError') return t`This device already holds a passkey for this site.`;
  return undefined;
}
