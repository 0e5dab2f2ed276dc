import { afterEach, describe, expect, it } from 'vitest';
import { readAllRows } from '#server/features/backup/backup.repository.ts';
import { createTestApp, OWNER, type TestApp } from '#tests/setup/test-app.ts';
import { resetTokenInOutbox } from '#tests/api/support/outbox.ts';
import { waitFor } from '#tests/api/support/wait.ts';

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

describe('what a copy of the database gives a thief', () => {
  it('holds no password, session id or reset token, only slow or one-way hashes of them', async () => {
    // The test setup hashes cheaply everywhere else; a thief finds what a real site stores.
    t = await createTestApp({ passwordCost: 'production' });
    const cookie = await t.signIn();
    const sessionToken = cookie.split('=')[1] ?? '';
    const forgot = await t.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email: OWNER.email } });
    expect(forgot.statusCode).toBe(200);
    // The mail is sent after the answer, so that the answer's timing tells nothing.
    let resetToken = '';
    await waitFor(() => (resetToken = resetTokenInOutbox(t.dataDir)).length > 20, 'the reset mail');

    const stolen = JSON.stringify(await readAllRows(t.database.db));
    for (const secret of [OWNER.password, sessionToken, resetToken]) expect(stolen).not.toContain(secret);

    const [owner] = (await readAllRows(t.database.db)).users;
    // argon2id at OWASP's parameters at least: 19 MiB of memory, 2 passes.
    const params = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(String(owner?.passwordHash));
    expect(params).not.toBeNull();
    expect(Number(params?.[1])).toBeGreaterThanOrEqual(19_456);
    expect(Number(params?.[2])).toBeGreaterThanOrEqual(2);
  });
});
