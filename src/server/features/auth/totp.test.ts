import { describe, expect, it } from 'vitest';
import { matchTotpStep, newTotpSecret, totpCode, totpStep, type TotpAlgorithm } from './totp.ts';

/** RFC 6238, Appendix B: the seeds and the eight-digit codes at each time. */
const SEEDS: Record<TotpAlgorithm, string> = {
  SHA1: '12345678901234567890',
  SHA256: '12345678901234567890123456789012',
  SHA512: '1234567890123456789012345678901234567890123456789012345678901234',
};
const VECTORS: Array<[number, string, TotpAlgorithm]> = [
  [59, '94287082', 'SHA1'],
  [59, '46119246', 'SHA256'],
  [59, '90693936', 'SHA512'],
  [1111111109, '07081804', 'SHA1'],
  [1111111109, '68084774', 'SHA256'],
  [1111111109, '25091201', 'SHA512'],
  [1111111111, '14050471', 'SHA1'],
  [1111111111, '67062674', 'SHA256'],
  [1111111111, '99943326', 'SHA512'],
  [1234567890, '89005924', 'SHA1'],
  [1234567890, '91819424', 'SHA256'],
  [1234567890, '93441116', 'SHA512'],
  [2000000000, '69279037', 'SHA1'],
  [2000000000, '90698825', 'SHA256'],
  [2000000000, '38618901', 'SHA512'],
  [20000000000, '65353130', 'SHA1'],
  [20000000000, '77737706', 'SHA256'],
  [20000000000, '47863826', 'SHA512'],
];

describe('TOTP', () => {
  it.each(VECTORS)('RFC 6238 test vector at %i s: %s (%s)', (seconds, code, algorithm) => {
    const seed = new TextEncoder().encode(SEEDS[algorithm]);
    expect(totpCode(seed, seconds * 1000, { algorithm, digits: 8 })).toBe(code);
  });

  it('accepts the code of now and of one step either side, and no further', () => {
    const secret = newTotpSecret();
    const now = 1_700_000_000_000;
    const step = totpStep(now);
    expect(matchTotpStep(secret, totpCode(secret, now), now)).toBe(step);
    expect(matchTotpStep(secret, totpCode(secret, now - 30_000), now)).toBe(step - 1);
    expect(matchTotpStep(secret, totpCode(secret, now + 30_000), now)).toBe(step + 1);
    expect(matchTotpStep(secret, totpCode(secret, now - 90_000), now)).toBeUndefined();
    expect(matchTotpStep(secret, totpCode(secret, now + 90_000), now)).toBeUndefined();
  });

  it('refuses what is not six digits', () => {
    const secret = newTotpSecret();
    expect(matchTotpStep(secret, 'abcdef', 0)).toBeUndefined();
    expect(matchTotpStep(secret, '', 0)).toBeUndefined();
    expect(matchTotpStep(secret, '1234567', 0)).toBeUndefined();
  });
});
