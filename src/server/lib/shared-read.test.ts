import { describe, expect, it } from 'vitest';
import { sharedRead } from './shared-read.ts';

/** A read whose answers the test gives by hand, each the count of reads sent when it was sent. */
function manualRead() {
  const pending: Array<{ resolve: (value: number) => void; reject: (error: Error) => void }> = [];
  let sentCount = 0;
  const read = () =>
    new Promise<number>((resolve, reject) => {
      sentCount += 1;
      const sentAs = sentCount;
      pending.push({ resolve: () => resolve(sentAs), reject });
    });
  return { read, pending, sent: () => sentCount };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('sharedRead', () => {
  it('gives callers that ask while a read is out the one read sent after it, never the one under way', async () => {
    const source = manualRead();
    const shared = sharedRead(source.read);
    const first = shared();
    const [second, third, fourth] = [shared(), shared(), shared()];
    expect(source.sent()).toBe(1);

    source.pending[0]!.resolve(0);
    expect(await first).toBe(1);
    await flush();
    // The three that asked while the first was out share the second read, sent after they asked.
    expect(source.sent()).toBe(2);
    source.pending[1]!.resolve(0);
    expect(await Promise.all([second, third, fourth])).toEqual([2, 2, 2]);

    // Nothing out: the next caller's read goes at once.
    const fifth = shared();
    expect(source.sent()).toBe(3);
    source.pending[2]!.resolve(0);
    expect(await fifth).toBe(3);
  });

  it('lets a failed read fail only its own callers; the queued read still goes', async () => {
    const source = manualRead();
    const shared = sharedRead(source.read);
    const first = shared();
    const second = shared();
    source.pending[0]!.reject(new Error('connection lost'));
    await expect(first).rejects.toThrow('connection lost');
    await flush();
    source.pending[1]!.resolve(0);
    expect(await second).toBe(2);
  });
});
