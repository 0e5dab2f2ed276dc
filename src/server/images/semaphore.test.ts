import { describe, expect, it } from 'vitest';
import { Semaphore } from './semaphore.ts';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('Semaphore', () => {
  it('never runs more tasks at once than its limit, and runs every one', async () => {
    const slots = new Semaphore(2);
    let running = 0;
    let peak = 0;
    const finished: number[] = [];
    await Promise.all(
      Array.from({ length: 7 }, (_, index) =>
        slots.run(async () => {
          running += 1;
          peak = Math.max(peak, running);
          await tick();
          running -= 1;
          finished.push(index);
        }),
      ),
    );
    expect(peak).toBe(2);
    expect(finished.sort()).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it('starts waiting tasks in the order they asked', async () => {
    const slots = new Semaphore(1);
    const started: number[] = [];
    await Promise.all([1, 2, 3, 4].map((n) => slots.run(async () => void started.push(n))));
    expect(started).toEqual([1, 2, 3, 4]);
  });

  it('frees the slot of a task that fails', async () => {
    const slots = new Semaphore(1);
    await expect(slots.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(slots.run(async () => 'next')).resolves.toBe('next');
  });
});
