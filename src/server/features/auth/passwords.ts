import { hash, verify } from '@node-rs/argon2';
import { randomBytes } from 'node:crypto';

/** OWASP's first argon2id setting: 19 MiB, 2 iterations, 1 lane. */
export const PRODUCTION_PASSWORD_COST = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
/** argon2id's least (8 KiB, one pass): test runs hash thousands of passwords and test none of their strength. */
const TEST_PASSWORD_COST = { memoryCost: 8, timeCost: 1, parallelism: 1 } as const;

let cost: { memoryCost: number; timeCost: number; parallelism: number } = PRODUCTION_PASSWORD_COST;

/**
 * Vitest's own processes only (tests/setup/vitest-env.ts): no setting or variable of a server
 * reaches this, and outside a Vitest run it throws, so no deployment can weaken its hashes.
 */
export function setPasswordCostForTests(which: 'test' | 'production'): void {
  if (!process.env.VITEST) throw new Error('The test password cost is for Vitest runs only');
  cost = which === 'test' ? TEST_PASSWORD_COST : PRODUCTION_PASSWORD_COST;
}

export function hashPassword(password: string): Promise<string> {
  // algorithm 2 is Argon2id (a const enum, which isolated modules cannot import).
  return hash(password, { algorithm: 2, ...cost });
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/** Spends the same time as a real check, so an unknown username cannot be told apart by timing. */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  await verifyPassword(await dummyHash, password);
  return false;
}

/** 24 characters from 144 random bits, for the generated owner password. */
export function generatePassword(): string {
  return randomBytes(18).toString('base64url');
}
