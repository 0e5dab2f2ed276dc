import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jpeg } from '#tests/fixtures/images.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

/**
 * Issue 13, item 5: a malformed request is the client's fault: 4xx with the API's own
 * `{ message }` shape and the security headers, never a 500, never a bare framework answer.
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

async function multipart(boundary: string): Promise<Buffer> {
  const image = await jpeg();
  return Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="photos"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
    image,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
}

const upload = (url: string, contentType: string, payload: Buffer) =>
  t.app.inject({ method: 'POST', url, headers: { cookie, 'content-type': contentType }, payload });

function expectClientError(response: { statusCode: number; headers: Record<string, unknown>; json: () => unknown }, status = 400) {
  expect(response.statusCode).toBe(status);
  expect(response.json()).toEqual({ code: expect.any(String), message: expect.any(String) });
  // An error body is no page: the policy that lets nothing load, nor frame it.
  expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['x-frame-options']).toBe('DENY');
}

describe('malformed multipart bodies', () => {
  for (const url of ['/api/photos/upload', '/api/upload-banner']) {
    it(`${url}: a body cut short is a 400`, async () => {
      const body = await multipart('cut-here');
      const response = await upload(url, 'multipart/form-data; boundary=cut-here', body.subarray(0, body.length - 40));
      expectClientError(response);
      expect(response.json()).toEqual({ code: 'upload.malformed', message: 'The upload was cut short or is not valid multipart/form-data. Please try again.' });
    });

    it(`${url}: a body without a boundary is a 400`, async () => {
      expectClientError(await upload(url, 'multipart/form-data', await multipart('none-given')));
    });

    it(`${url}: a body with another boundary than announced is a 400`, async () => {
      expectClientError(await upload(url, 'multipart/form-data; boundary=announced', await multipart('actual')));
    });
  }

  it('stored nothing from any of them', async () => {
    const photos = await t.app.inject({ method: 'GET', url: '/api/photos' });
    expect(photos.json()).toEqual([]);
  });
});

describe('undecodable URLs', () => {
  for (const url of ['/api/photos/%E0%A4%A', '/%c0%af', '/uploads/%ZZ.jpg', '/photo/%']) {
    it(`${url} gets the API's error shape and the security headers, without echoing the path`, async () => {
      const response = await t.app.inject({ method: 'GET', url });
      expectClientError(response);
      expect(response.body).not.toContain(url);
    });
  }
});
