import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FileStore } from './file-store.ts';

/** The key prefix of the originals in the bucket, beside `uploads/`. */
export const ORIGINALS_PREFIX = 'originals/';
/** The key prefix of non-public galleries' copies: like the originals, never under S3_PUBLIC_URL. */
export const RESTRICTED_PREFIX = 'restricted/';

/** What each private prefix holds, for the message that refuses to start when it is public. */
const WHY_PRIVATE: Record<string, string> = {
  [ORIGINALS_PREFIX]: "the bucket's originals (they keep their GPS data)",
  [RESTRICTED_PREFIX]: "the bucket's private galleries (their links would no longer end them)",
};

export class OriginalsExposedError extends Error {
  constructor(url: string, prefix = ORIGINALS_PREFIX) {
    super(
      `S3_PUBLIC_URL serves ${WHY_PRIVATE[prefix] ?? prefix}: ${url} answered a probe file. ` +
        'Make only the uploads/ prefix public (see docs/deploy.md), then start again.',
    );
    this.name = 'OriginalsExposedError';
  }
}

/**
 * Stores a probe file among the originals (or, with `prefix`, in the store under that prefix)
 * and asks for it through the public base, the way a visitor would. Throws OriginalsExposedError when it comes back; answers 'unreachable' when the
 * public base could not be asked at all (the CDN's health is no reason to refuse the site).
 */
export async function checkOriginalsPrivate(
  originals: FileStore,
  publicBase: string,
  timeoutMs = 10_000,
  prefix = ORIGINALS_PREFIX,
): Promise<'private' | 'unreachable'> {
  const name = `privacy-probe-${randomBytes(16).toString('hex')}.txt`;
  const marker = `atelier-privacy-probe-${randomBytes(16).toString('hex')}`;
  await originals.put(name, Readable.from([Buffer.from(marker)]));
  try {
    const url = `${publicBase}/${prefix}${name}`;
    let body: string;
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
      body = await response.text();
    } catch {
      return 'unreachable';
    }
    if (body.includes(marker)) throw new OriginalsExposedError(url, prefix);
    return 'private';
  } finally {
    await originals.delete(name);
  }
}
