import { afterEach, describe, expect, it } from 'vitest';
import { CONTACT_FORM_POST } from '#contract/contact.ts';
import { CONTACT_LIMIT_PER_ADDRESS } from '#server/features/contact/contact.service.ts';
import { builtRendererForFile } from '#tests/fixtures/built-client.ts';
import { createTestApp, OWNER, type TestApp } from '#tests/setup/test-app.ts';

/**
 * The contact form posted without the script (a plain urlencoded form), answered with a page the
 * server draws with the renderer `npm run build` makes: built here by Vite, into a folder of its own.
 */

const built = builtRendererForFile();
let t: TestApp;

afterEach(async () => {
  await t?.close();
});

const start = (options: { smtp?: boolean } = {}) => createTestApp({ ...built(), ...options });

const SITE = 'http://localhost:3000';
const visitor = { name: 'Grace', email: 'grace@example.com', message: 'Are prints of the <b>night</b> series for sale?', userId: '1' };

const post = (fields: Record<string, string>, headers: Record<string, string> = { origin: SITE }, remoteAddress = '127.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: CONTACT_FORM_POST,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams(fields).toString(),
    remoteAddress,
  });

const storedMessages = () => t.database.db.selectFrom('contactMessages').selectAll().execute();

describe('POST /contact, the form without the script', () => {
  it("stores the message, mails the owner and answers with the spec's success page", async () => {
    t = await start({ smtp: true });
    const response = await post(visitor);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('Message sent');
    expect(response.body).toContain('Your message has been sent successfully');
    // Drawn by the server alone: no script to hydrate it, no data.
    expect(response.body).not.toContain('<script');

    const [mail] = await t.smtp.waitForMails(1);
    expect(mail?.to).toEqual([OWNER.email]);
    expect(await storedMessages()).toMatchObject([{ name: 'Grace', email: 'grace@example.com', message: visitor.message, userId: 1 }]);
  });

  it("answers bad input with the field's message beside it, keeps what was typed, and stores nothing", async () => {
    t = await start();
    const response = await post({ ...visitor, email: 'grace', message: 'Still <b>here</b>' });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('Valid email is required');
    expect(response.body).not.toContain('Name is required');
    expect(response.body).toMatch(/<input[^>]*name="email"[^>]*value="grace"/);
    expect(response.body).toContain('Still &lt;b>here&lt;/b></textarea>');

    const empty = await post({ ...visitor, name: '', message: '   ' });
    expect(empty.body).toContain('Name is required');
    expect(empty.body).toContain('Message is required');
    expect((await post({ ...visitor, name: 'x'.repeat(101) })).body).toContain('Name must be at most 100 characters');
    expect(await storedMessages()).toEqual([]);
  });

  it("says it in the visitor's language", async () => {
    t = await start();
    const cookie = await t.signIn();
    const saved = await t.app.inject({ method: 'PATCH', url: '/api/portfolio-settings', headers: { cookie }, payload: { languages: ['en', 'de'] } });
    expect(saved.statusCode).toBe(200);
    const response = await post({ ...visitor, email: 'grace' }, { origin: SITE, 'accept-language': 'de' });
    expect(response.body).toContain('lang="de"');
    expect(response.body).toContain('Bitte geben Sie eine gültige E-Mail-Adresse ein.');
  });

  it('tells a bot that filled the honeypot all went well, and keeps nothing', async () => {
    t = await start();
    const response = await post({ ...visitor, website: 'http://spam.example' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('Your message has been sent successfully');
    expect(await storedMessages()).toEqual([]);
  });

  it('fails, keeping the text, when the owner switched the form off', async () => {
    t = await start();
    const cookie = await t.signIn();
    await t.app.inject({ method: 'PATCH', url: '/api/portfolio-settings', headers: { cookie }, payload: { showContactForm: false } });
    const response = await post(visitor);
    expect(response.statusCode).toBe(403);
    expect(response.body).toContain('Failed to send message');
    expect(response.body).toContain('Are prints of the &lt;b>night&lt;/b> series for sale?</textarea>');
    expect(await storedMessages()).toEqual([]);
  });

  it("refuses a post from another site's page, as the JSON API does", async () => {
    t = await start();
    expect((await post(visitor, { origin: 'https://evil.example' })).statusCode).toBe(403);
    expect((await post(visitor, { 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
    expect(await storedMessages()).toEqual([]);
  });

  it('shares the rate limit of the JSON route', async () => {
    t = await start();
    for (let i = 0; i < CONTACT_LIMIT_PER_ADDRESS.limit - 1; i++) {
      expect((await post(visitor, { origin: SITE }, '10.0.0.7')).statusCode).toBe(200);
    }
    const json = await t.app.inject({ method: 'POST', url: '/api/contact', payload: { ...visitor, userId: 1 }, remoteAddress: '10.0.0.7' });
    expect(json.statusCode).toBe(200);
    const limited = await post(visitor, { origin: SITE }, '10.0.0.7');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(limited.body).toContain('Failed to send message');
    expect((await post(visitor, { origin: SITE }, '10.0.0.8')).statusCode).toBe(200);
  });
});
