import { hash, verify } from '@node-rs/argon2';
import { randomBytes } from 'node:crypto';

/** OWASP's first argon2id setting: 19 MiB, 2 iterations, 1 lane. */
// algorithm 2 is Argon2id (a const enum, which isolated modules cannot import).
const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
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
