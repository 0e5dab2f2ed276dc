import { afterEach, describe, expect, it } from 'vitest';
import { LOGIN_LIMIT_PER_ADDRESS } from '#server/features/auth/auth.service.ts';
import { CONTACT_LIMIT_PER_ADDRESS } from '#server/features/contact/contact.service.ts';
import { createTestApp, OWNER, type TestApp } from '#tests/setup/test-app.ts';
import { documentedProxyHeaders, freePort, startNginx, type LoadBalancer } from './nginx.ts';

/**
 * Issue 13, item 3: behind the proxy docs/deploy.md sets up, a client that sends its own
 * X-Forwarded-For cannot choose the address that the per-address limits count.
 */

let t: TestApp | undefined;
let nginx: LoadBalancer | undefined;
afterEach(async () => {
  await nginx?.close();
  await t?.close();
  nginx = undefined;
  t = undefined;
});

let spoofed = 0;
/** A new made-up address for every request, as the attack sent. */
const spoof = () => ({ 'x-forwarded-for': `203.0.113.${++spoofed % 250}` });

function statuses(codes: number[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const code of codes) counts[code] = (counts[code] ?? 0) + 1;
  return counts;
}

async function behindDocumentedNginx(trustProxy: string): Promise<string> {
  t = await createTestApp({ env: { TRUST_PROXY: trustProxy } });
  const port = await freePort();
  await t.app.listen({ host: '127.0.0.1', port });
  nginx = await startNginx([port], documentedProxyHeaders(0));
  return nginx.url;
}

describe('the client address behind the documented nginx', () => {
  it('counts contact messages per real client whatever X-Forwarded-For it sends', async () => {
    const url = await behindDocumentedNginx('1');
    const codes: number[] = [];
    for (let i = 0; i < 12; i++) {
      const response = await fetch(`${url}/api/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...spoof() },
        body: JSON.stringify({ name: 'Bot', email: 'bot@example.com', message: `spam ${i}` }),
      });
      codes.push(response.status);
    }
    expect(statuses(codes)).toEqual({ 200: CONTACT_LIMIT_PER_ADDRESS.limit, 429: 12 - CONTACT_LIMIT_PER_ADDRESS.limit });
  });

  it('counts wrong passwords per real client whatever X-Forwarded-For it sends', async () => {
    const url = await behindDocumentedNginx('true');
    const codes: number[] = [];
    for (let i = 0; i <= LOGIN_LIMIT_PER_ADDRESS.limit; i++) {
      const response = await fetch(`${url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...spoof() },
        body: JSON.stringify({ username: OWNER.username, password: 'wrong' }),
      });
      codes.push(response.status);
    }
    expect(codes).toEqual([...Array<number>(LOGIN_LIMIT_PER_ADDRESS.limit).fill(401), 429]);
  });
});

describe('TRUST_PROXY without the documented header', () => {
  const contact = (app: TestApp, remoteAddress: string, forwardedFor: string) =>
    app.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { name: 'Bot', email: 'bot@example.com', message: 'spam' },
      remoteAddress,
      headers: { 'x-forwarded-for': forwardedFor },
    });

  it('believes only the hops it was told of, so an address a client put before the real one counts for nothing', async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '1' } });
    const app = t;
    // A proxy that appends: "<what the client sent>, <the client's real address>".
    const codes = [];
    for (let i = 0; i <= CONTACT_LIMIT_PER_ADDRESS.limit; i++) codes.push((await contact(app, '127.0.0.1', `198.51.100.${i}, 192.0.2.7`)).statusCode);
    expect(codes).toEqual([...Array<number>(CONTACT_LIMIT_PER_ADDRESS.limit).fill(200), 429]);
  });

  it('believes the header only from the proxy addresses listed', async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '10.0.0.5' } });
    const app = t;
    // Straight from a client, not through the listed proxy: its header is ignored.
    const codes = [];
    for (let i = 0; i <= CONTACT_LIMIT_PER_ADDRESS.limit; i++) codes.push((await contact(app, '192.0.2.8', `198.51.100.${i}`)).statusCode);
    expect(codes).toEqual([...Array<number>(CONTACT_LIMIT_PER_ADDRESS.limit).fill(200), 429]);
    // Through the proxy, the address it names is the client's.
    expect((await contact(app, '10.0.0.5', '192.0.2.9')).statusCode).toBe(200);
  });
});
