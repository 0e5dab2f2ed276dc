import type { InjectOptions } from 'fastify';
import { TOKEN_SCOPES, type NewApiToken, type TokenScope } from '#contract/tokens.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_IDLE_MS } from '#server/features/auth/auth.service.ts';
import { totpCode } from '#server/features/auth/totp.ts';
import { createCategory, createPhotos } from '#tests/fixtures/photos.ts';
import { CONTENT_TABLES, snapshotTables } from '#tests/api/support/db-snapshot.ts';
import { cookieHeader, createTestApp, createTestClock, OWNER, type TestApp } from '#tests/setup/test-app.ts';

/**
 * Who may call what, written by hand. The route list itself comes from the server: a route
 * added without a line here fails the first test.
 * owner: 401 for anyone but the signed-in owner, before the body is even read.
 * public: never 401, whoever asks.
 */
const EXPECTED: Record<string, 'public' | 'owner' | 'second step'> = {
  'GET /api/openapi.json': 'public',
  'POST /api/login': 'public',
  // Answers "who is signed in": 401 is its way of saying nobody, so it behaves as owner-only.
  'GET /api/auth/user': 'owner',
  'POST /api/logout': 'public',
  'POST /api/change-password': 'owner',
  'POST /api/forgot-password': 'public',
  'POST /api/reset-password': 'public',
  'POST /api/sign-in-link': 'public',
  'POST /api/sign-in-link/use': 'public',
  // Only a half signed-in browser (right password, second step to come) may take it.
  'POST /api/login/second-step': 'second step',
  'POST /api/login/passkey/options': 'public',
  'POST /api/login/passkey': 'public',
  'GET /api/security': 'owner',
  'POST /api/security/confirm': 'owner',
  'POST /api/security/passkeys/options': 'owner',
  'POST /api/security/passkeys': 'owner',
  'PATCH /api/security/passkeys/{id}': 'owner',
  'DELETE /api/security/passkeys/{id}': 'owner',
  'POST /api/security/passkeys/{id}/keep': 'owner',
  'POST /api/security/totp/setup': 'owner',
  'POST /api/security/totp/confirm': 'owner',
  'DELETE /api/security/totp': 'owner',
  'POST /api/security/recovery-codes': 'owner',
  'GET /api/sessions': 'owner',
  'DELETE /api/sessions/{id}': 'owner',
  'POST /api/sessions/sign-out-others': 'owner',
  'GET /api/tokens': 'owner',
  'POST /api/tokens': 'owner',
  'DELETE /api/tokens/{id}': 'owner',
  'GET /api/webhooks': 'owner',
  'POST /api/webhooks': 'owner',
  'DELETE /api/webhooks/{id}': 'owner',
  'GET /api/webhooks/{id}/deliveries': 'owner',
  'POST /api/webhooks/{id}/ping': 'owner',
  'POST /api/contact': 'public',
  'GET /api/messages': 'owner',
  'PUT /api/messages/{id}/read': 'owner',
  'DELETE /api/messages/{id}': 'owner',
  'GET /api/portfolio-owner': 'public',
  'PATCH /api/portfolio-settings': 'owner',
  'GET /api/categories': 'public',
  'POST /api/categories': 'owner',
  'PUT /api/categories/reorder': 'owner',
  'PUT /api/categories/{id}': 'owner',
  'DELETE /api/categories/{id}': 'owner',
  'POST /api/categories/{id}/restore': 'owner',
  'GET /api/photos': 'public',
  'GET /api/photos/{id}': 'public',
  'GET /api/photos/page': 'public',
  'GET /api/photos/sections': 'public',
  'GET /api/photos/ids': 'owner',
  'GET /api/photos/upload': 'owner',
  'PUT /api/photos/{id}/place': 'owner',
  'PUT /api/photos/{id}/file': 'owner',
  'GET /api/photos/search': 'owner',
  'GET /api/photos/search/ids': 'owner',
  'GET /api/photos/cameras': 'owner',
  'POST /api/photos/edit': 'owner',
  // A release's audio: the list and a preview's bytes for whoever may see the release (its tests: release-audio.test.ts).
  'GET /api/photos/{id}/audio': 'public',
  'POST /api/photos/{id}/audio': 'owner',
  'PUT /api/photos/{id}/audio/order': 'owner',
  'PUT /api/photos/{id}/audio/{trackId}': 'owner',
  'DELETE /api/photos/{id}/audio/{trackId}': 'owner',
  'GET /api/photos/audio-upload': 'owner',
  'GET /api/audio/{name}': 'public',
  'HEAD /api/audio/{name}': 'public',
  'GET /api/categories/{id}/links': 'owner',
  'POST /api/categories/{id}/links': 'owner',
  'PATCH /api/gallery-links/{id}': 'owner',
  'DELETE /api/gallery-links/{id}': 'owner',
  'POST /api/gallery-links/{id}/restore': 'owner',
  'GET /api/galleries/{token}': 'public',
  'POST /api/galleries/{token}/unlock': 'public',
  // Proofing: a link's holder's picks answer by the link's own access (its tests: proofing.routes.test.ts).
  'GET /api/galleries/{token}/picks': 'public',
  'PUT /api/galleries/{token}/picks/{photoId}': 'public',
  'DELETE /api/galleries/{token}/picks/{photoId}': 'public',
  'POST /api/galleries/{token}/picks/submit': 'public',
  'GET /api/gallery-links/{id}/picks': 'owner',
  'GET /api/gallery-links/{id}/picks/csv': 'owner',
  'POST /api/gallery-links/{id}/picks/reopen': 'owner',
  // Downloads answer by the link's own access and policy (their tests: downloads.routes.test.ts).
  'GET /api/galleries/{token}/photos/{photoId}/download': 'public',
  'GET /api/galleries/{token}/download': 'public',
  'POST /api/gallery-links/{id}/downloads/reset': 'owner',
  // Comments and verdicts answer by the link's own access and its switch (their tests: comments.routes.test.ts).
  'GET /api/galleries/{token}/comments': 'public',
  'POST /api/galleries/{token}/photos/{photoId}/comments': 'public',
  'PUT /api/galleries/{token}/photos/{photoId}/verdict': 'public',
  'GET /api/gallery-links/{id}/comments': 'owner',
  'POST /api/gallery-links/{id}/photos/{photoId}/comments': 'owner',
  // Activity: the viewer's signal answers by the link's own access; the owner's own is not counted (tests: activity.routes.test.ts).
  'POST /api/galleries/{token}/photos/{photoId}/viewed': 'public',
  'GET /api/gallery-links/{id}/activity': 'owner',
  'GET /api/notices': 'owner',
  'POST /api/notices/read': 'owner',
  'GET /api/notice-settings': 'owner',
  'PUT /api/notice-settings': 'owner',
  // Invitations by mail (their tests: invitations.routes.test.ts).
  'GET /api/gallery-links/{id}/invitations': 'owner',
  'POST /api/gallery-links/{id}/invitations': 'owner',
  'POST /api/gallery-links/{id}/invitations/{invitationId}/resend': 'owner',
  'GET /api/gallery-invitation-template': 'owner',
  'PUT /api/gallery-invitation-template': 'owner',
  'PUT /api/photos/{id}': 'owner',
  'DELETE /api/photos/{id}': 'owner',
  'POST /api/photos/upload': 'owner',
  'PUT /api/photos/reorder': 'owner',
  'POST /api/photos/move': 'owner',
  'POST /api/photos/order': 'owner',
  'POST /api/photos/delete': 'owner',
  'POST /api/photos/restore': 'owner',
  'POST /api/upload-banner': 'owner',
  'GET /api/watermark': 'owner',
  'PUT /api/watermark': 'owner',
  'POST /api/watermark/logo': 'owner',
  'GET /api/watermark/progress': 'owner',
  'GET /api/jobs/failed': 'owner',
  'POST /api/jobs/{id}/retry': 'owner',
  'DELETE /api/jobs/{id}': 'owner',
  'GET /api/categories/{id}/watermark': 'owner',
  'PUT /api/categories/{id}/watermark': 'owner',
  // A visitor's beacon (viewer opens, streaming clicks); the owner's own are accepted and not counted.
  'POST /api/events': 'public',
  'GET /api/statistics': 'owner',
  'GET /uploads/{filename}': 'public',
  'HEAD /uploads/{filename}': 'public',
  // A non-public gallery's copies: the owner's from /restricted; a link's holder's by the link's own
  // access (every state of it: tests/api/gallery-access.test.ts).
  'GET /restricted/{filename}': 'owner',
  'HEAD /restricted/{filename}': 'owner',
  'GET /g/{token}/files/{filename}': 'public',
  'HEAD /g/{token}/files/{filename}': 'public',
  'GET /robots.txt': 'public',
  'GET /sitemap.xml': 'public',
  'GET /feed.xml': 'public',
  // Probes for a load balancer or orchestrator: they carry no data, so anyone may ask.
  'GET /healthz': 'public',
  'GET /readyz': 'public',
};

/**
 * The one scope a personal access token needs for an owner route, by rule over the route's
 * group, never listed per route: the server must declare the same (OpenAPI's bearerAuth), and a
 * route added to a group gets its group's scope or fails here. null: tokens are refused (the
 * account, its security, the tokens, the site's settings, the inbox, statistics, background jobs).
 */
function scopeOf(route: string): TokenScope | null {
  const [method, path] = route.split(' ') as [string, string];
  const read = method === 'GET' || method === 'HEAD';
  if (/^\/api\/(categories\/\{id\}\/links|gallery-links\/|gallery-invitation-template$)/.test(path)) return read ? 'galleries:read' : 'galleries:write';
  // A category's own watermark is part of the category.
  if (/^\/api\/categories(\/|$)/.test(path)) return 'categories:write';
  if (/^\/api\/photos(\/|$)/.test(path) || path.startsWith('/restricted/')) return read ? 'photos:read' : 'photos:write';
  if (/^\/api\/webhooks(\/|$)/.test(path)) return 'webhooks:write';
  return null;
}

type Operation = { security?: Array<Record<string, string[]>> };

/** Every route of the server, as `METHOD /path/{param}`, with its operation in the OpenAPI document. */
function operations(t: TestApp): Map<string, Operation> {
  const document = t.app.swagger() as { paths: Record<string, Record<string, Operation>> };
  const routes = new Map<string, Operation>();
  for (const [path, pathOperations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(pathOperations)) routes.set(`${method.toUpperCase()} ${path}`, operation);
  }
  return routes;
}

/** Every route of the server, with whether the document marks it owner-only. */
function routeTable(t: TestApp): Map<string, boolean> {
  return new Map([...operations(t)].map(([route, operation]) => [route, (operation.security?.length ?? 0) > 0]));
}

const LINK_PASSWORD = 'a link password';
const clock = createTestClock();
let t: TestApp;
let params: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp({ clock });
  const cookie = await t.signIn();
  // Real rows behind every id, so a refused call is refused for who sent it, not for a missing row.
  const [photo] = await createPhotos(t, cookie, 1);
  const categoryId = await createCategory(t, 'Landscapes');
  await t.app.inject({
    method: 'POST',
    url: '/api/contact',
    payload: { name: 'Ada', email: 'ada@example.test', message: 'Hello' },
  });
  const message = await t.database.db.selectFrom('contactMessages').select('id').executeTakeFirstOrThrow();
  expect([photo!.id, categoryId, message.id]).toEqual([1, 1, 1]);
  // A client's link with a password: its hash must never show in an answer.
  const link = await t.app.inject({ method: 'POST', url: `/api/categories/${categoryId}/links`, headers: { cookie }, payload: { label: 'Parents', password: LINK_PASSWORD } });
  expect(link.statusCode, link.body).toBe(201);
  params = { id: '1', filename: photo!.filename };
});
afterAll(async () => {
  await t?.close();
});

function requestFor(route: string, cookie: string | undefined, headers: Record<string, string> = {}): InjectOptions {
  const [method, path] = route.split(' ') as [InjectOptions['method'], string];
  const url = path.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? '1');
  const hasBody = method === 'POST' || method === 'PUT' || method === 'PATCH';
  // An empty object is invalid for most routes: the owner check must answer before validation does.
  return { method, url, headers: { ...(cookie ? { cookie } : {}), ...headers }, ...(hasBody ? { payload: {} } : {}) };
}

/** A token of the owner with these scopes only. */
async function tokenWith(scopes: TokenScope[], expiresAt?: string): Promise<NewApiToken> {
  const cookie = await t.signIn();
  await t.app.inject({ method: 'POST', url: '/api/security/confirm', headers: { cookie }, payload: { password: OWNER.password } });
  const made = await t.app.inject({ method: 'POST', url: '/api/tokens', headers: { cookie }, payload: { name: scopes.join(' '), scopes, ...(expiresAt ? { expiresAt } : {}) } });
  expect(made.statusCode, made.body).toBe(201);
  return made.json<NewApiToken>();
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Made once and kept: a token holds its scopes until it expires or is revoked, whatever the tests do. */
function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => (made ??= make());
}
const tokenOfScope = Object.fromEntries(TOKEN_SCOPES.map((scope) => [scope, once(() => tokenWith([scope]))])) as Record<TokenScope, () => Promise<NewApiToken>>;

/** Where the session hook reads who is asking, a token included; elsewhere a token is not looked at. */
const readsCredentials = (route: string) => /^\w+ \/(api|restricted)\//.test(route);

/**
 * The owner's authenticator app, turned on once through the API; its rows are kept and removed,
 * so the owner's own sign-ins here need no code.
 */
const authenticatorRows = once(async () => {
  const owner = await t.signIn();
  await t.app.inject({ method: 'POST', url: '/api/security/confirm', headers: { cookie: owner }, payload: { password: OWNER.password } });
  const setup = await t.app.inject({ method: 'POST', url: '/api/security/totp/setup', headers: { cookie: owner }, payload: {} });
  const { secret } = setup.json<{ secret: string }>();
  const confirmed = await t.app.inject({
    method: 'POST',
    url: '/api/security/totp/confirm',
    headers: { cookie: owner },
    payload: { code: totpCode(secret, clock().getTime()) },
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  const rows = {
    factors: await t.database.db.selectFrom('totpFactors').selectAll().execute(),
    codes: await t.database.db.selectFrom('recoveryCodes').selectAll().execute(),
  };
  await t.database.db.deleteFrom('totpFactors').execute();
  await t.database.db.deleteFrom('recoveryCodes').execute();
  return rows;
});

/**
 * The password was right and the second step is still to come: the authenticator app is put back
 * for the sign-in and removed after. (Turned on through the API for each of them, it was a fifth
 * of this file's time.)
 */
async function halfSignedIn(): Promise<string> {
  const { factors, codes } = await authenticatorRows();
  // An app set up and never confirmed (the owner's own call of the setup route) gives way, as the route's next setup would.
  await t.database.db.deleteFrom('totpFactors').execute();
  await t.database.db.insertInto('totpFactors').values(factors).execute();
  if (codes.length > 0) await t.database.db.insertInto('recoveryCodes').values(codes).execute();
  const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: OWNER.username, password: OWNER.password } });
  expect(login.statusCode, login.body).toBe(202);
  await t.database.db.deleteFrom('totpFactors').execute();
  await t.database.db.deleteFrom('recoveryCodes').execute();
  return cookieHeader(login);
}

/** The ways of not being the owner, each with a cookie of its own. */
const outsiders: Record<string, () => Promise<string | undefined>> = {
  'half signed-in (second step pending)': halfSignedIn,
  visitor: async () => undefined,
  'expired session': async () => {
    const cookie = await t.signIn();
    clock.advance(SESSION_IDLE_MS + 1000);
    return cookie;
  },
  'session ended by logout': async () => {
    const cookie = await t.signIn();
    const logout = await t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie }, payload: {} });
    expect(logout.statusCode).toBe(200);
    return cookie;
  },
};

describe('authorization matrix', () => {
  it('has an expectation for every route of the server, and no stale ones', () => {
    const routes = routeTable(t);
    const missing = [...routes.keys()].filter((route) => !(route in EXPECTED));
    const stale = Object.keys(EXPECTED).filter((route) => !routes.has(route));
    expect(missing, 'routes without an entry in EXPECTED').toEqual([]);
    expect(stale, 'entries in EXPECTED for routes that do not exist').toEqual([]);
  });

  it('publishes the owner-only routes as such in the OpenAPI document', () => {
    for (const [route, ownerOnly] of routeTable(t)) {
      // /api/auth/user checks the session in its handler: open to all, answering 401 to visitors.
      if (route === 'GET /api/auth/user') continue;
      expect(ownerOnly, route).toBe(EXPECTED[route] === 'owner');
    }
  });

  describe.each(Object.entries(EXPECTED))('%s (%s)', (route, access) => {
    it.each(Object.keys(outsiders))(`as a %s: ${access === 'public' ? 'never 401' : '401, changing nothing'}`, async (who) => {
      const cookie = await outsiders[who]!();
      // What earlier calls left to the worker (a re-render) lands first, or it would pass for this one's change.
      await t.runJobs();
      const before = await snapshotTables(t.database.db);
      const response = await t.app.inject(requestFor(route, cookie));
      // The second step is the one call a half signed-in browser may make.
      const refused = access === 'owner' || (access === 'second step' && !who.startsWith('half signed-in'));
      if (refused) {
        expect(response.statusCode, response.body).toBe(401);
        // A HEAD answer has no body to say why.
        if (!route.startsWith('HEAD ')) expect(response.json().message).toEqual(expect.any(String));
        expect(await snapshotTables(t.database.db)).toEqual(before);
      } else {
        expect(response.statusCode, response.body).not.toBe(401);
        expect(response.statusCode, response.body).toBeLessThan(500);
      }
    });

    it(`as the owner: ${access === 'second step' ? '401, nothing left to take' : 'neither 401 nor 403'}`, async () => {
      // An owner who confirmed it is them a moment ago: the fresh check (403) guards a few owner
      // routes on top of the session, and is tested with them (security.routes.test.ts, fresh-check.routes.test.ts).
      const cookie = await t.signIn();
      const confirmed = await t.app.inject({ method: 'POST', url: '/api/security/confirm', headers: { cookie }, payload: { password: OWNER.password } });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      const response = await t.app.inject(requestFor(route, cookie));
      if (access === 'second step') {
        expect(response.statusCode, response.body).toBe(401);
        return;
      }
      expect([401, 403], response.body).not.toContain(response.statusCode);
      expect(response.statusCode, response.body).toBeLessThan(500);
    });
  });
});

describe('authorization matrix, personal access tokens', () => {
  it('each owner route declares the scope of its group, and no public route declares one', () => {
    for (const [route, operation] of operations(t)) {
      const declared = operation.security?.find((requirement) => 'bearerAuth' in requirement)?.bearerAuth ?? null;
      expect(declared, route).toEqual(EXPECTED[route] === 'owner' && scopeOf(route) ? [scopeOf(route)] : null);
    }
  });

  // Every owner route × every scope, each a token holding that scope alone.
  describe.each(Object.entries(EXPECTED).filter(([, access]) => access === 'owner'))('%s', (route) => {
    const needed = scopeOf(route);
    it.each(TOKEN_SCOPES)(`with a token of %s alone: ${needed ? `only ${needed} passes` : '403, no token passes'}`, async (scope) => {
      const token = await tokenOfScope[scope]();
      await t.runJobs();
      // The tokens' table aside: a refused call is still the token's last use.
      const tables = CONTENT_TABLES.filter((table) => table !== 'apiTokens');
      const before = scope === needed ? undefined : await snapshotTables(t.database.db, tables);
      const response = await t.app.inject(requestFor(route, undefined, bearer(token.token)));
      if (scope === needed) {
        expect([401, 403], response.body).not.toContain(response.statusCode);
        expect(response.statusCode, response.body).toBeLessThan(500);
        return;
      }
      expect(response.statusCode, response.body).toBe(403);
      if (!route.startsWith('HEAD ')) expect(response.json().code).toBe(needed ? 'auth.token_scope_missing' : 'auth.token_not_allowed');
      expect(await snapshotTables(t.database.db, tables)).toEqual(before);
    });
  });

  // Every route × every way a token is no good: 401 wherever credentials are read, changing nothing.
  // Each made once: the clock only moves on, and a revoked token stays revoked.
  const badTokens: Record<string, () => Promise<string>> = {
    'unknown token': async () => 'atl_' + 'x'.repeat(43),
    'expired token': once(async () => {
      const token = await tokenWith([...TOKEN_SCOPES], new Date(clock().getTime() + 1000).toISOString());
      clock.advance(1000);
      return token.token;
    }),
    'revoked token': once(async () => {
      const token = await tokenWith([...TOKEN_SCOPES]);
      const cookie = await t.signIn();
      expect((await t.app.inject({ method: 'DELETE', url: `/api/tokens/${token.id}`, headers: { cookie } })).statusCode).toBe(200);
      return token.token;
    }),
  };
  describe.each(Object.entries(EXPECTED))('%s (%s)', (route, access) => {
    it.each(Object.keys(badTokens))(`with an %s: ${readsCredentials(route) ? '401, changing nothing' : 'as without it'}`, async (kind) => {
      const token = await badTokens[kind]!();
      // Failed tokens count per address: each call here from an address of its own.
      const address = `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
      await t.runJobs();
      const before = await snapshotTables(t.database.db);
      const response = await t.app.inject({ ...requestFor(route, undefined, bearer(token)), remoteAddress: address });
      if (readsCredentials(route)) {
        expect(response.statusCode, response.body).toBe(401);
        if (!route.startsWith('HEAD ')) expect(response.json().code).toBe('auth.token_invalid');
        expect(await snapshotTables(t.database.db)).toEqual(before);
      } else {
        expect(response.statusCode, response.body).toBe(access === 'owner' ? 401 : response.statusCode);
        expect(response.statusCode, response.body).toBeLessThan(500);
      }
    });
  });
});

describe('what the owner reads', () => {
  // Issue 16: no password, and no hash of one, in any answer, to the owner either.
  it('carries no password and no hash of one, on any route', async () => {
    const cookie = await t.signIn();
    for (const route of Object.keys(EXPECTED).filter((candidate) => candidate.startsWith('GET '))) {
      const response = await t.app.inject(requestFor(route, cookie));
      for (const secret of [OWNER.password, LINK_PASSWORD, '$argon2', 'passwordHash', 'password_hash', 'tokenHash', 'secretHash']) {
        expect(response.body, route).not.toContain(secret);
      }
    }
  });

  it('carries no password and no hash of one in the answers of the writes that set or check one', async () => {
    const cookie = await t.signIn();
    const secrets = ['another link password', '$argon2', 'passwordHash', 'password_hash'];
    // A category of its own: the matrix above has deleted (as the owner) the one every id names.
    const categoryId = await createCategory(t, 'Aunt\'s gallery');
    const made = await t.app.inject({ method: 'POST', url: `/api/categories/${categoryId}/links`, headers: { cookie }, payload: { label: 'Aunt', password: secrets[0], proofing: true } });
    expect(made.statusCode, made.body).toBe(201);
    const link = made.json<{ id: number; path: string }>();
    const token = link.path.split('/').at(-1)!;
    const answers = [
      made,
      await t.app.inject({ method: 'PATCH', url: `/api/gallery-links/${link.id}`, headers: { cookie }, payload: { password: secrets[0] } }),
      await t.app.inject({ method: 'POST', url: `/api/galleries/${token}/unlock`, payload: { password: secrets[0] } }),
      await t.app.inject({ method: 'POST', url: `/api/galleries/${token}/unlock`, payload: { password: 'a wrong one' } }),
      await t.app.inject({ method: 'POST', url: `/api/gallery-links/${link.id}/picks/reopen`, headers: { cookie } }),
      await t.app.inject({ method: 'DELETE', url: `/api/gallery-links/${link.id}`, headers: { cookie } }),
    ];
    for (const response of answers) {
      expect(response.statusCode, response.body).toBeLessThan(500);
      for (const secret of secrets) expect(response.body, `${response.statusCode} ${response.body}`).not.toContain(secret);
    }
  });
});
