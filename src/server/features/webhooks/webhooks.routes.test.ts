import { createHmac } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { NewGalleryLink } from '#contract/galleries.ts';
import type { NewApiToken } from '#contract/tokens.ts';
import type { NewWebhook, Webhook, WebhookDelivery, WebhookEvent } from '#contract/webhooks.ts';
import { retryDelayMs } from '#server/jobs/worker.ts';
import { galleryFixture, tokenOf } from '#tests/fixtures/galleries.ts';
import { formWith, jpeg } from '#tests/fixtures/images.ts';
import { createPhotos } from '#tests/fixtures/photos.ts';
import { createTestApp, createTestClock, OWNER, type TestApp } from '#tests/setup/test-app.ts';
import { startWebhookReceiver, type WebhookReceiver } from '#tests/setup/webhook-receiver.ts';
import { deliverWebhookJob } from './webhooks.service.ts';

let t: TestApp | undefined;
let receiver: WebhookReceiver | undefined;
afterEach(async () => {
  await t?.close();
  await receiver?.close();
  t = undefined;
  receiver = undefined;
});

const ALL_EVENTS: WebhookEvent[] = ['photo.created', 'photo.replaced', 'photo.deleted', 'gallery.opened', 'picks.submitted', 'comment.created'];
const ALLOW_PRIVATE = { WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true' };

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

async function site(env: Record<string, string> = ALLOW_PRIVATE) {
  const clock = createTestClock();
  const app = await createTestApp({ clock, env });
  t = app;
  receiver = await startWebhookReceiver();
  const cookie = await app.signIn();
  const owner = (method: Method, url: string, payload?: object) => app.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const register = async (events: WebhookEvent[] = ALL_EVENTS, path = '/hook') => {
    const made = await owner('POST', '/api/webhooks', { url: `${receiver!.url}${path}`, events });
    expect(made.statusCode, made.body).toBe(201);
    return made.json<NewWebhook>();
  };
  const deliveries = async (hook: { id: number }) => {
    const listed = await owner('GET', `/api/webhooks/${hook.id}/deliveries`);
    expect(listed.statusCode, listed.body).toBe(200);
    return listed.json<WebhookDelivery[]>();
  };
  return { t: app, clock, cookie, owner, register, deliveries, receiver };
}

const bodyOf = (hook: { body: string }) => JSON.parse(hook.body) as { id: string; event: string; createdAt: string; data: Record<string, unknown> };

describe('webhooks', () => {
  it('are registered with a secret shown once, listed without it, and deliver signed events of photos as they happen', async () => {
    const s = await site();
    const hook = await s.register(['photo.created', 'photo.deleted']);
    expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(hook).toMatchObject({ url: `${s.receiver.url}/hook`, events: ['photo.created', 'photo.deleted'], secretEnd: hook.secret.slice(-4) });
    const listed = await s.owner('GET', '/api/webhooks');
    expect(listed.body).not.toContain(hook.secret);
    expect(listed.json<Webhook[]>()).toEqual([{ id: hook.id, url: hook.url, events: hook.events, secretEnd: hook.secretEnd, createdAt: hook.createdAt }]);

    const [photo] = await createPhotos(s.t, s.cookie, 1);
    await s.t.runJobs();
    expect(s.receiver.received).toHaveLength(1);
    const [sent] = s.receiver.received;
    const body = bodyOf(sent!);
    // The receiver's check: the HMAC of the raw body with the secret, compared in constant time.
    expect(sent!.headers['x-atelier-signature']).toBe(`sha256=${createHmac('sha256', hook.secret).update(sent!.body).digest('hex')}`);
    expect(sent!.headers['x-atelier-signature']).not.toBe(`sha256=${createHmac('sha256', 'another secret').update(sent!.body).digest('hex')}`);
    expect(sent!.headers['x-atelier-delivery']).toBe(body.id);
    expect(sent!.headers['x-atelier-event']).toBe('photo.created');
    expect(sent!.headers['x-atelier-timestamp']).toBe(String(Math.floor(s.clock().getTime() / 1000)));
    expect(sent!.headers['content-type']).toBe('application/json');
    expect(body).toMatchObject({ event: 'photo.created', createdAt: s.clock().toISOString(), data: { photo: { id: photo!.id, title: photo!.title, categoryId: null } } });

    const deleted = await s.owner('POST', '/api/photos/delete', { ids: [photo!.id] });
    expect(deleted.statusCode, deleted.body).toBe(200);
    await s.t.runJobs();
    expect(s.receiver.received.map((hookSent) => bodyOf(hookSent).event)).toEqual(['photo.created', 'photo.deleted']);
    expect(bodyOf(s.receiver.received[1]!).data).toMatchObject({ photo: { id: photo!.id }, undoUntil: expect.any(String) });

    const log = await s.deliveries(hook);
    expect(log).toHaveLength(2);
    expect(log[0]).toMatchObject({ event: 'photo.deleted', state: 'delivered', attempts: 1, statusCode: 204, error: null });
    expect(log[1]).toMatchObject({ id: body.id, event: 'photo.created', state: 'delivered', attempts: 1, statusCode: 204 });
  });

  it('tell of a gallery opened once per link and day, not when the owner opens it, and of picks sent', async () => {
    const s = await site();
    const hook = await s.register(['gallery.opened', 'picks.submitted']);
    const photos = await createPhotos(s.t, s.cookie, 2);
    const { unlistedCategoryOf, createLink } = galleryFixture(() => s.t);
    const categoryId = await unlistedCategoryOf(s.cookie, photos);
    const link: NewGalleryLink = await createLink({ cookie: s.cookie, categoryId }, { label: 'Smiths', proofing: true });
    const open = (headers: Record<string, string> = {}) => s.t.app.inject({ method: 'GET', url: `/api/galleries/${tokenOf(link)}`, headers });

    expect((await open({ cookie: s.cookie })).statusCode).toBe(200);
    await s.t.runJobs();
    expect(s.receiver.received).toHaveLength(0);
    for (let i = 0; i < 3; i += 1) expect((await open()).statusCode).toBe(200);
    await s.t.runJobs();
    expect(s.receiver.received.map((sent) => bodyOf(sent).event)).toEqual(['gallery.opened']);
    expect(bodyOf(s.receiver.received[0]!).data).toEqual({ link: { id: link.id, label: 'Smiths' }, category: { id: categoryId, name: 'Smith wedding' } });
    s.clock.advance(24 * 60 * 60_000);
    await open();
    await s.t.runJobs();
    expect(s.receiver.received.map((sent) => bodyOf(sent).event)).toEqual(['gallery.opened', 'gallery.opened']);

    const base = `/api/galleries/${tokenOf(link)}/picks`;
    expect((await s.t.app.inject({ method: 'PUT', url: `${base}/${photos[1]!.id}` })).statusCode).toBe(200);
    const submitted = await s.t.app.inject({ method: 'POST', url: `${base}/submit` });
    expect(submitted.statusCode, submitted.body).toBe(200);
    await s.t.runJobs();
    const picks = bodyOf(s.receiver.received[2]!);
    expect(picks).toMatchObject({ event: 'picks.submitted', data: { link: { id: link.id, label: 'Smiths' }, category: { id: categoryId } } });
    expect(picks.data.picks).toEqual([expect.objectContaining({ photoId: photos[1]!.id, title: photos[1]!.title })]);
    expect((await s.deliveries(hook)).map((delivery) => delivery.state)).toEqual(['delivered', 'delivered', 'delivered']);
  });

  it("tell of a photo's file replaced in place and of a client's comment, not of the owner's answer", async () => {
    const s = await site();
    const hook = await s.register(['photo.replaced', 'comment.created']);
    const photos = await createPhotos(s.t, s.cookie, 2);
    const replaced = await s.t.app.inject({
      method: 'PUT',
      url: `/api/photos/${photos[0]!.id}/file`,
      headers: { cookie: s.cookie },
      payload: formWith('photo', [{ name: 'edit.jpg', data: await jpeg({ width: 640, height: 480 }) }]),
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    await s.t.runJobs();
    expect(s.receiver.received.map((sent) => bodyOf(sent).event)).toEqual(['photo.replaced']);
    expect(bodyOf(s.receiver.received[0]!).data).toEqual({ photo: { id: photos[0]!.id, title: photos[0]!.title } });

    const { unlistedCategoryOf, createLink } = galleryFixture(() => s.t);
    const categoryId = await unlistedCategoryOf(s.cookie, photos);
    const link: NewGalleryLink = await createLink({ cookie: s.cookie, categoryId }, { label: 'Smiths', comments: true });
    const said = await s.t.app.inject({ method: 'POST', url: `/api/galleries/${tokenOf(link)}/photos/${photos[1]!.id}/comments`, payload: { text: 'Brighter?' } });
    expect(said.statusCode, said.body).toBe(201);
    const answered = await s.owner('POST', `/api/gallery-links/${link.id}/photos/${photos[1]!.id}/comments`, { text: 'Will do' });
    expect(answered.statusCode, answered.body).toBe(201);
    await s.t.runJobs();
    expect(s.receiver.received.map((sent) => bodyOf(sent).event)).toEqual(['photo.replaced', 'comment.created']);
    expect(bodyOf(s.receiver.received[1]!).data).toEqual({
      comment: { id: expect.any(Number), photoId: photos[1]!.id, text: 'Brighter?', createdAt: s.clock().toISOString() },
      link: { id: link.id, label: 'Smiths' },
      category: { id: categoryId },
    });
    expect((await s.deliveries(hook)).map((delivery) => delivery.state)).toEqual(['delivered', 'delivered']);
  });

  it('send to a hook only the events it asked for, and "Send test" pings it and answers what came of it', async () => {
    const s = await site();
    const hook = await s.register(['picks.submitted']);
    await createPhotos(s.t, s.cookie, 1);
    await s.t.runJobs();
    expect(s.receiver.received).toHaveLength(0);
    const pinged = await s.owner('POST', `/api/webhooks/${hook.id}/ping`);
    expect(pinged.statusCode, pinged.body).toBe(200);
    expect(pinged.json<WebhookDelivery>()).toMatchObject({ event: 'ping', state: 'delivered', statusCode: 204, attempts: 1 });
    expect(bodyOf(s.receiver.received[0]!)).toMatchObject({ event: 'ping', data: { webhook: { id: hook.id } } });
    expect((await s.owner('POST', '/api/webhooks/99999/ping')).json()).toMatchObject({ code: 'webhooks.not_found' });
  });

  it('try a failing target again after growing waits, then mark the delivery failed for good', async () => {
    const s = await site();
    s.receiver.answer((_request, response) => response.writeHead(500).end('database is down'));
    const hook = await s.register(['photo.created']);
    await createPhotos(s.t, s.cookie, 1);
    await s.t.runJobs();
    expect(s.receiver.received).toHaveLength(1);
    expect((await s.deliveries(hook))[0]).toMatchObject({ state: 'pending', attempts: 1, statusCode: 500, error: 'HTTP 500: database is down' });

    for (let attempt = 1; attempt < deliverWebhookJob.maxAttempts; attempt += 1) {
      // Not before its wait is over…
      s.clock.advance(retryDelayMs(attempt) - 1000);
      await s.t.runJobs();
      expect(s.receiver.received).toHaveLength(attempt);
      // …and then again.
      s.clock.advance(1000);
      await s.t.runJobs();
      expect(s.receiver.received).toHaveLength(attempt + 1);
    }
    const [failed] = await s.deliveries(hook);
    expect(failed).toMatchObject({ state: 'failed', attempts: deliverWebhookJob.maxAttempts, statusCode: 500 });
    // Every attempt carried the same delivery, body and signature.
    expect(new Set(s.receiver.received.map((sent) => sent.body)).size).toBe(1);
    expect(new Set(s.receiver.received.map((sent) => sent.headers['x-atelier-signature'])).size).toBe(1);
    s.clock.advance(60 * 60_000);
    await s.t.runJobs();
    expect(s.receiver.received).toHaveLength(deliverWebhookJob.maxAttempts);
  });

  it('do not follow a redirect: a 3xx is a failed delivery', async () => {
    const s = await site();
    s.receiver.answer((request, response) =>
      request.path === '/hook' ? response.writeHead(302, { location: `${s.receiver.url}/elsewhere` }).end() : response.writeHead(204).end(),
    );
    const hook = await s.register(['photo.created']);
    await createPhotos(s.t, s.cookie, 1);
    await s.t.runJobs();
    expect(s.receiver.received.map((sent) => sent.path)).toEqual(['/hook']);
    expect((await s.deliveries(hook))[0]).toMatchObject({ state: 'pending', statusCode: 302, error: `Redirect not followed (HTTP 302 to ${s.receiver.url}/elsewhere)` });
  });

  it('give up on a slow target after the time limit', async () => {
    const s = await site({ ...ALLOW_PRIVATE, WEBHOOKS_TIMEOUT_SECONDS: '0.5' });
    // Takes the request and never answers.
    s.receiver.answer(() => {});
    const hook = await s.register(['photo.created']);
    await createPhotos(s.t, s.cookie, 1);
    const started = Date.now();
    await s.t.runJobs();
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(s.receiver.received).toHaveLength(1);
    expect((await s.deliveries(hook))[0]).toMatchObject({ state: 'pending', statusCode: null, error: 'No answer within 0.5 s' });
  });

  it('stop delivering once deleted, retries included', async () => {
    const s = await site();
    s.receiver.answer((_request, response) => response.writeHead(503).end());
    const hook = await s.register(['photo.created']);
    await createPhotos(s.t, s.cookie, 1);
    await s.t.runJobs();
    expect(s.receiver.received).toHaveLength(1);
    const deleted = await s.owner('DELETE', `/api/webhooks/${hook.id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    s.clock.advance(60 * 60_000);
    await createPhotos(s.t, s.cookie, 1);
    await s.t.runJobs();
    expect(s.receiver.received).toHaveLength(1);
    expect((await s.owner('GET', '/api/webhooks')).json()).toEqual([]);
    expect(await s.t.database.db.selectFrom('webhookDeliveries').selectAll().execute()).toEqual([]);
    expect((await s.owner('DELETE', `/api/webhooks/${hook.id}`)).json()).toMatchObject({ code: 'webhooks.not_found' });
    expect((await s.owner('GET', `/api/webhooks/${hook.id}/deliveries`)).statusCode).toBe(404);
  });

  it('refuse private and local targets by default, at registration and again at delivery', async () => {
    const s = await site({});
    for (const url of [
      `${s.receiver.url}/hook`,
      'http://localhost:8080/hook',
      'http://10.1.2.3/hook',
      'http://172.20.0.1/hook',
      'http://192.168.1.10/hook',
      'http://169.254.169.254/latest/meta-data',
      'http://100.64.0.1/',
      'http://0.0.0.0/',
      'http://[::1]/hook',
      'http://[fd12:3456::1]/hook',
      'http://[fe80::1]/hook',
      'http://[::ffff:127.0.0.1]/hook',
    ]) {
      const refused = await s.owner('POST', '/api/webhooks', { url, events: ['photo.created'] });
      expect(refused.statusCode, url).toBe(400);
      expect(refused.json(), url).toMatchObject({ code: 'webhooks.private_target' });
    }
    for (const url of ['ftp://example.com/hook', 'http://user:pass@example.com/hook', 'not a url']) {
      const refused = await s.owner('POST', '/api/webhooks', { url, events: ['photo.created'] });
      expect(refused.statusCode, url).toBe(400);
      expect(refused.json(), url).toMatchObject({ code: 'request.invalid' });
    }
    expect((await s.owner('POST', '/api/webhooks', { url: 'https://example.com/hook', events: [] })).statusCode).toBe(400);
    expect((await s.owner('POST', '/api/webhooks', { url: 'https://example.com/hook', events: ['photo.renamed'] })).statusCode).toBe(400);

    // A hook whose address turned private after it was registered (written here straight to the
    // table, as a changed DNS answer would make it) is checked again as it is delivered.
    const user = await s.t.database.db.selectFrom('users').select('id').executeTakeFirstOrThrow();
    const [row] = await s.t.database.db
      .insertInto('webhooks')
      .values({ userId: user.id, url: `${s.receiver.url}/hook`, events: 'photo.created', secret: 'whsec_test', createdAt: s.clock().toISOString() })
      .returning('id')
      .execute();
    await createPhotos(s.t, s.cookie, 1);
    await s.t.runJobs();
    expect(s.receiver.received).toHaveLength(0);
    expect((await s.deliveries(row!))[0]).toMatchObject({ state: 'pending', statusCode: null, error: 'This address is on a private or local network (127.0.0.1); webhooks go to public addresses only' });
  });

  it('answer a token with webhooks:write only', async () => {
    const s = await site();
    const confirmed = await s.owner('POST', '/api/security/confirm', { password: OWNER.password });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const tokenWith = async (scopes: string[]) => (await s.owner('POST', '/api/tokens', { name: 'Tool', scopes })).json<NewApiToken>().token;
    const reader = await tokenWith(['photos:read', 'photos:write', 'galleries:write']);
    const writer = await tokenWith(['webhooks:write']);
    const bearer = (token: string, method: Method, url: string, payload?: object) =>
      s.t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });
    const hook = { url: `${s.receiver.url}/hook`, events: ['photo.created'] };
    for (const [method, url, payload] of [
      ['GET', '/api/webhooks'],
      ['POST', '/api/webhooks', hook],
      ['DELETE', '/api/webhooks/1'],
      ['GET', '/api/webhooks/1/deliveries'],
      ['POST', '/api/webhooks/1/ping'],
    ] as Array<[Method, string, object?]>) {
      const refused = await bearer(reader, method, url, payload);
      expect(refused.statusCode, `${method} ${url}`).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'auth.token_scope_missing', params: { scope: 'webhooks:write' } });
    }
    expect(await s.t.database.db.selectFrom('webhooks').selectAll().execute()).toEqual([]);
    const made = await bearer(writer, 'POST', '/api/webhooks', hook);
    expect(made.statusCode, made.body).toBe(201);
    expect((await bearer(writer, 'GET', '/api/webhooks')).json()).toHaveLength(1);
    expect((await bearer(writer, 'DELETE', `/api/webhooks/${made.json<NewWebhook>().id}`)).statusCode).toBe(200);
    expect((await s.t.app.inject({ method: 'GET', url: '/api/webhooks' })).statusCode).toBe(401);
  });
});
