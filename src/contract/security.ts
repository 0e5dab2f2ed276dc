import { z } from 'zod';
import { controlsMessage, CurrentPassword, withoutControls } from './common.ts';
import { CurrentUser } from './auth.ts';

/**
 * Second factors and signed-in browsers. WebAuthn's options and answers are JSON
 * objects that @simplewebauthn makes and checks; the contract passes them through as objects.
 */

export const SecondStepMethod = z.enum(['totp', 'passkey', 'recovery']);
export type SecondStepMethod = z.infer<typeof SecondStepMethod>;

/** The answer of a right password when a second factor is on: the session is not an owner session yet. */
export const SecondStepRequired = z.object({
  message: z.string(),
  secondStep: z.array(SecondStepMethod),
});
export type SecondStepRequired = z.infer<typeof SecondStepRequired>;

/** POST /api/login answers either the signed-in owner (200) or that a second step is needed (202). */
export const LoginAnswer = z.union([CurrentUser, SecondStepRequired]);
export type LoginAnswer = z.infer<typeof LoginAnswer>;

const WebauthnJson = z.record(z.string(), z.unknown());

/** A code from the authenticator app, or a recovery code. */
export const SecondStepRequest = z.object({
  method: z.enum(['totp', 'recovery']),
  code: z.string().trim().min(1, 'Enter the code').max(40),
});
export type SecondStepRequest = z.infer<typeof SecondStepRequest>;

/** The options `startAuthentication` / `startRegistration` of @simplewebauthn/browser take. */
export const PasskeyOptions = z.object({ optionsJSON: WebauthnJson });
export type PasskeyOptions = z.infer<typeof PasskeyOptions>;

/** The authenticator's answer, as `startAuthentication` returns it. */
export const PasskeySignInRequest = z.object({ response: WebauthnJson });
export type PasskeySignInRequest = z.infer<typeof PasskeySignInRequest>;

export const PASSKEY_NAME_MAX = 60;
export const PasskeyName = z
  .string()
  .trim()
  .min(1, 'Name the passkey')
  .max(PASSKEY_NAME_MAX, `At most ${PASSKEY_NAME_MAX} characters`)
  .refine(withoutControls(), controlsMessage('The name'));

export const AddPasskeyRequest = z.object({ name: PasskeyName, response: WebauthnJson });
export type AddPasskeyRequest = z.infer<typeof AddPasskeyRequest>;

export const RenamePasskeyRequest = z.object({ name: PasskeyName });
export type RenamePasskeyRequest = z.infer<typeof RenamePasskeyRequest>;

export const PasskeyParams = z.object({ id: z.string().min(1).max(400) });

export const Passkey = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  /** Paused by a password reset by mail: only a step after the password until the owner keeps it. */
  paused: z.boolean(),
});
export type Passkey = z.infer<typeof Passkey>;

/** What the Security area shows; never a secret or a hash. */
export const SecurityOverview = z.object({
  passkeys: z.array(Passkey),
  totp: z.boolean(),
  recoveryCodesLeft: z.number().int(),
  /** Until when this session may add or turn off a factor without proving who it is again. */
  confirmedUntil: z.string().nullable(),
  /** Why this site cannot use passkeys, as an error code (its address is an IP address); null when it can. */
  passkeysUnavailable: z.literal('auth.passkeys_need_a_domain').nullable(),
});
export type SecurityOverview = z.infer<typeof SecurityOverview>;

/**
 * A fresh check before adding or turning off a factor, new recovery codes or signing out other
 * browsers: the password, a code of the authenticator app, or a passkey's answer.
 */
export const ConfirmIdentityRequest = z
  .object({
    password: CurrentPassword.optional(),
    code: z.string().trim().regex(/^\d{6}$/, 'Enter the 6-digit code').optional(),
    response: WebauthnJson.optional(),
  })
  .refine((body) => [body.password, body.code, body.response].filter((proof) => proof !== undefined).length === 1, {
    message: 'Give your password or a code, or use a passkey',
  });
export type ConfirmIdentityRequest = z.infer<typeof ConfirmIdentityRequest>;

/** Shown once, when they are made. */
export const RecoveryCodes = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof RecoveryCodes>;

/** The new secret, shown during setup only: as a QR code and as text to type. */
export const TotpSetup = z.object({ secret: z.string(), uri: z.string(), qrSvg: z.string() });
export type TotpSetup = z.infer<typeof TotpSetup>;

export const TotpCodeRequest = z.object({ code: z.string().trim().regex(/^\d{6}$/, 'Enter the 6-digit code') });
export type TotpCodeRequest = z.infer<typeof TotpCodeRequest>;

/** Turning a factor on answers the recovery codes when the owner had none. */
export const FactorAdded = z.object({ message: z.string(), recoveryCodes: z.array(z.string()).nullable() });
export type FactorAdded = z.infer<typeof FactorAdded>;

export const SignedInBrowser = z.object({
  /** A handle for "sign out"; not the session's secret. */
  id: z.string(),
  device: z.string(),
  address: z.string(),
  firstSeen: z.string(),
  lastSeen: z.string(),
  current: z.boolean(),
});
export type SignedInBrowser = z.infer<typeof SignedInBrowser>;

export const SignedInBrowsers = z.array(SignedInBrowser);
export const SessionParams = z.object({ id: z.string().min(1).max(100) });
