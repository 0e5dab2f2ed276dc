import { describe, expect, it, vi } from 'vitest';
import { hashPassword, verifyPassword } from './passwords.ts';

describe('password hashes', () => {
  // The test setup lowers the cost for speed; a server never does, and this checks what it uses.
  it('are argon2id at 19 MiB, 2 passes, 1 lane in a process that never lowered the cost', async () => {
    vi.resetModules();
    const fresh = await import('./passwords.ts');
    const hash = await fresh.hashPassword('correct horse battery staple');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await fresh.verifyPassword(hash, 'correct horse battery staple')).toBe(true);
    expect(await fresh.verifyPassword(hash, 'correct horse battery')).toBe(false);
  });

  it('are cheap in test runs, and still checked against the password', async () => {
    const hash = await hashPassword('correct horse battery staple');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=8,t=1,p=1\$/);
    expect(await verifyPassword(hash, 'correct horse battery staple')).toBe(true);
    expect(await verifyPassword(hash, 'wrong')).toBe(false);
  });
});
