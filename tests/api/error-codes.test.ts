import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorBody } from '#contract/common.ts';
import { ERROR_CODES, errorText } from '#contract/error-codes.ts';
import type { NewGalleryLink } from '#contract/galleries.ts';
import { LOGIN_LIMIT_PER_ADDRESS } from '#server/features/auth/auth.service.ts';
import { html } from '#tests/fixtures/images.ts';
import { createCategory } from '#tests/fixtures/photos.ts';
import { createTestApp, OWNER, type TestApp } from '#tests/setup/test-app.ts';

/**
 * Every error answer carries a code of the catalog beside its English message, with the values
 * that message holds as params: a few of each kind, from a service, the HTTP layer and Fastify.
 */

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.signIn();
});
afterAll(async () => {
  await t?.close();
});

type Answer = { statusCode: number; body: string; json: () => unknown };

/** The answer is the contract's error body, its message the catalog's text for its code and params. */
function expectError(answer: Answer, status: number, expected: ApiErrorBody): ApiErrorBody {
  expect(answer.statusCode, answer.body).toBe(status);
  const body = ApiErrorBody.parse(answer.json());
  expect(body).toEqual(expected);
  return body;
}

const login = (payload: unknown, remoteAddress = '127.0.0.1', contentType = 'application/json') =>
  t.app.inject({
    method: 'POST',
    url: '/api/login',
    remoteAddress,
    headers: { 'content-type': contentType },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });

describe('error codes', () => {
  it('a wrong password: 401 auth.invalid_credentials', async () => {
    expectError(await login({ username: OWNER.username, password: 'not it' }), 401, {
      code: 'auth.invalid_credentials',
      message: 'Invalid username or password',
    });
  });

  it('too many attempts: 429 with the seconds to wait, in the header and the params', async () => {
    for (let i = 0; i < LOGIN_LIMIT_PER_ADDRESS.limit; i++) await login({ username: OWNER.username, password: 'wrong' }, '10.0.0.9');
    const limited = await login({ username: OWNER.username, password: OWNER.password }, '10.0.0.9');
    const retryAfterSeconds = Number(limited.headers['retry-after']);
    expect(retryAfterSeconds).toBeGreaterThan(0);
    expectError(limited, 429, {
      code: 'limits.too_many_attempts',
      message: 'Too many attempts. Please wait a moment and try again.',
      params: { retryAfterSeconds },
    });
  });

  it('a missing photo: 404 photos.not_found; a route that is not there: 404 request.no_route with its method and path', async () => {
    expectError(await t.app.inject({ method: 'GET', url: '/api/photos/999999' }), 404, { code: 'photos.not_found', message: 'Photo not found' });
    expectError(await t.app.inject({ method: 'DELETE', url: '/api/nothing-here' }), 404, {
      code: 'request.no_route',
      message: 'No route for DELETE /api/nothing-here',
      params: { method: 'DELETE', path: '/api/nothing-here' },
    });
  });

  it('picks sent with none picked: 409 galleries.no_picks', async () => {
    const categoryId = await createCategory(t, 'Smith wedding');
    const owner = (method: 'POST' | 'PUT', url: string, payload: object) => t.app.inject({ method, url, headers: { cookie }, payload });
    expect((await owner('PUT', `/api/categories/${categoryId}`, { visibility: 'unlisted' })).statusCode).toBe(200);
    const link = (await owner('POST', `/api/categories/${categoryId}/links`, { label: 'Friends', proofing: true })).json<NewGalleryLink>();
    const token = link.path.split('/').at(-1)!;
    expectError(await t.app.inject({ method: 'POST', url: `/api/galleries/${token}/picks/submit` }), 409, {
      code: 'galleries.no_picks',
      message: 'Pick at least one photo before sending',
    });
  });

  it('invalid input: 400 request.invalid, the first issue as its message and every issue listed', async () => {
    const body = expectError(await login({ username: OWNER.username }), 400, {
      code: 'request.invalid',
      message: expect.any(String),
      issues: [{ path: 'password', message: expect.any(String) }],
    });
    expect(body.message).toBe(body.issues?.[0]?.message);
  });

  it("Fastify's own refusals: bad JSON 400, a body too large 413, another media type 415, each with its code", async () => {
    expectError(await login('{"username": '), 400, {
      code: 'request.bad_json',
      message: "Body is not valid JSON but content-type is set to 'application/json'",
    });
    expectError(await login({ username: 'x'.repeat(2 * 1024 * 1024), password: 'x' }), 413, {
      code: 'request.too_large',
      message: 'Request body is too large',
    });
    expectError(await login('username=owner', '127.0.0.1', 'application/xml'), 415, {
      code: 'request.unsupported_media_type',
      message: 'Unsupported Media Type',
    });
  });

  it('an upload of nothing but a page: 415 photos.upload_refused_one, the file and its reason in the params', async () => {
    const boundary = 'codes-boundary';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="photos"; filename="page.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
      html(),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/photos/upload',
      headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(answer.statusCode, answer.body).toBe(415);
    const body = answer.json<ApiErrorBody & { rejected: Array<{ name: string; reason: string }> }>();
    const reason = body.rejected[0]?.reason ?? '';
    expect(reason).toMatch(/^Not a .* image$/);
    expect(body.rejected).toEqual([{ name: 'page.jpg', reason, code: 'images.wrong_format', params: { formats: expect.any(String) } }]);
    expect(body).toMatchObject({
      code: 'photos.upload_refused_one',
      message: `Could not upload the file (page.jpg: ${reason})`,
      params: { reasons: `page.jpg: ${reason}` },
    });
  });

  it('renders every message from the catalog: what the client shows by code is what the server said', async () => {
    const answers = [
      await login({ username: OWNER.username, password: 'not it' }),
      await t.app.inject({ method: 'GET', url: '/api/photos/999999' }),
      await t.app.inject({ method: 'GET', url: '/api/messages', headers: {} }),
    ];
    for (const answer of answers) {
      const body = ApiErrorBody.parse(answer.json());
      expect(ERROR_CODES).toContain(body.code);
      expect(errorText(body.code, body.params)).toBe(body.message);
    }
  });
});
