import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, OWNER, type TestApp } from '#tests/setup/test-app.ts';
import { CONTACT_LIMIT_PER_ADDRESS } from './contact.service.ts';

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

const visitor = { name: 'Grace', email: 'grace@example.com', message: 'Love the <b>night</b> series.\n\nAre prints for sale?' };

const send = (payload: object, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/contact', payload, remoteAddress });

describe('POST /api/contact', () => {
  it("stores the message in the owner's inbox and mails the owner with the sender as reply-to", async () => {
    t = await createTestApp({ smtp: true });
    const response = await send({ ...visitor, userId: 1 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Your message has been sent successfully' });

    const [mail] = await t.smtp.waitForMails(1);
    expect(mail?.to).toEqual([OWNER.email]);
    expect(mail?.decoded).toMatch(/^Reply-To: grace@example\.com/m);
    expect(mail?.decoded).toContain('Love the &lt;b&gt;night&lt;/b&gt; series.');

    const cookie = await t.signIn();
    const inbox = await t.app.inject({ method: 'GET', url: '/api/messages', headers: { cookie } });
    expect(inbox.json()).toMatchObject({ unread: 1, messages: [{ ...visitor, readAt: null }] });
  });

  it('uses the default owner id 1 when the client sends none', async () => {
    t = await createTestApp();
    expect((await send(visitor)).statusCode).toBe(200);
    const count = await t.database.db.selectFrom('contactMessages').select('id').execute();
    expect(count).toHaveLength(1);
  });

  it("refuses bad input with the field's message and stores nothing", async () => {
    t = await createTestApp();
    const cases: [object, string][] = [
      [{ ...visitor, name: '' }, 'Name is required'],
      [{ ...visitor, name: 'x'.repeat(101) }, 'Name must be at most 100 characters'],
      [{ ...visitor, email: 'grace' }, 'Valid email is required'],
      [{ ...visitor, message: '   ' }, 'Message is required'],
      [{ ...visitor, message: 'x'.repeat(1001) }, 'Message must be at most 1000 characters'],
    ];
    for (const [payload, message] of cases) {
      const response = await send(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
    }
    expect(await t.database.db.selectFrom('contactMessages').selectAll().execute()).toEqual([]);
  });

  it('is 403 when the owner switched the contact form off', async () => {
    t = await createTestApp();
    const cookie = await t.signIn();
    await t.app.inject({ method: 'PATCH', url: '/api/portfolio-settings', headers: { cookie }, payload: { showContactForm: false } });
    const response = await send(visitor);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('The contact form is switched off');
  });

  it('silently drops a message whose honeypot field is filled', async () => {
    t = await createTestApp();
    const response = await send({ ...visitor, website: 'http://spam.example' });
    expect(response.statusCode).toBe(200);
    expect(await t.database.db.selectFrom('contactMessages').selectAll().execute()).toEqual([]);
  });

  it('rate limits messages per address', async () => {
    t = await createTestApp();
    for (let i = 0; i < CONTACT_LIMIT_PER_ADDRESS.limit; i++) expect((await send(visitor, '10.0.0.7')).statusCode).toBe(200);
    const limited = await send(visitor, '10.0.0.7');
    expect(limited.statusCode).toBe(429);
    expect((await send(visitor, '10.0.0.8')).statusCode).toBe(200);
  });

  it('counts an IPv6 visitor by its /64, and an IPv4-mapped address as the IPv4 one', async () => {
    t = await createTestApp();
    // A new address of the same /64 for each message, as one host may pick.
    for (let i = 0; i < CONTACT_LIMIT_PER_ADDRESS.limit; i++) {
      expect((await send(visitor, `2001:db8:7:9:${(i + 1).toString(16)}::1`)).statusCode).toBe(200);
    }
    expect((await send(visitor, '2001:db8:7:9:ffff:1:2:3')).statusCode).toBe(429);
    expect((await send(visitor, '2001:db8:7:a::1')).statusCode).toBe(200);

    for (let i = 0; i < CONTACT_LIMIT_PER_ADDRESS.limit; i++) expect((await send(visitor, '10.0.0.9')).statusCode).toBe(200);
    expect((await send(visitor, '::ffff:10.0.0.9')).statusCode).toBe(429);
  });
});

describe("the owner's inbox", () => {
  it('lists newest first, marks a message read, and deletes it; visitors get 401', async () => {
    t = await createTestApp();
    await send({ ...visitor, name: 'First' });
    await send({ ...visitor, name: 'Second' });
    for (const [method, url] of [
      ['GET', '/api/messages'],
      ['PUT', '/api/messages/1/read'],
      ['DELETE', '/api/messages/1'],
    ] as const) {
      expect((await t.app.inject({ method, url })).statusCode).toBe(401);
    }
    const cookie = await t.signIn();
    const list = (await t.app.inject({ method: 'GET', url: '/api/messages', headers: { cookie } })).json();
    expect(list.messages.map((m: { name: string }) => m.name)).toEqual(['Second', 'First']);
    expect(list.unread).toBe(2);

    const id = list.messages[0].id as number;
    const read = await t.app.inject({ method: 'PUT', url: `/api/messages/${id}/read`, headers: { cookie } });
    expect(read.statusCode).toBe(200);
    expect(read.json().readAt).not.toBeNull();
    expect((await t.app.inject({ method: 'GET', url: '/api/messages', headers: { cookie } })).json().unread).toBe(1);

    expect((await t.app.inject({ method: 'DELETE', url: `/api/messages/${id}`, headers: { cookie } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/messages/${id}`, headers: { cookie } })).statusCode).toBe(404);
    const after = (await t.app.inject({ method: 'GET', url: '/api/messages', headers: { cookie } })).json();
    expect(after.messages.map((m: { name: string }) => m.name)).toEqual(['First']);
  });
});
