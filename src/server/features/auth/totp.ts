import { Secret, TOTP } from 'otpauth';

/**
 * Time-based one-time passwords (RFC 6238) as authenticator apps make them: SHA-1, six digits,
 * 30-second steps. A code of the step before or after the current one is accepted too, for a
 * clock a little off.
 */
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Steps accepted either side of now. */
export const TOTP_SKEW_STEPS = 1;

export type TotpAlgorithm = 'SHA1' | 'SHA256' | 'SHA512';

export interface TotpParameters {
  algorithm?: TotpAlgorithm;
  digits?: number;
}

function totpOf(secret: Secret, parameters: TotpParameters = {}): TOTP {
  return new TOTP({
    secret,
    algorithm: parameters.algorithm ?? 'SHA1',
    digits: parameters.digits ?? TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
  });
}

/** A new random secret, base32 (160 bits, as RFC 4226 recommends). */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The time step of a moment. */
export function totpStep(atMs: number): number {
  return Math.floor(atMs / 1000 / TOTP_PERIOD_SECONDS);
}

/** The code of a moment, for a secret given in base32 or as raw bytes. */
export function totpCode(secret: string | Uint8Array, atMs: number, parameters: TotpParameters = {}): string {
  const key = typeof secret === 'string' ? Secret.fromBase32(secret) : new Secret({ buffer: secret.slice().buffer });
  return totpOf(key, parameters).generate({ timestamp: atMs });
}

/** The time step a code belongs to, within the accepted skew of now, or undefined. */
export function matchTotpStep(secretBase32: string, code: string, atMs: number): number | undefined {
  const token = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(token)) return undefined;
  const delta = totpOf(Secret.fromBase32(secretBase32)).validate({ token, timestamp: atMs, window: TOTP_SKEW_STEPS });
  return delta === null ? undefined : totpStep(atMs) + delta;
}

/** The otpauth:// address the QR code carries. */
export function totpUri(secretBase32: string, issuer: string, account: string): string {
  return new TOTP({ issuer, label: account, secret: Secret.fromBase32(secretBase32), digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS }).toString();
}
