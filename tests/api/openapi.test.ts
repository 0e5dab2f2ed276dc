import { afterEach, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '#contract/error-codes.ts';
import { createCategory } from '#tests/fixtures/photos.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';
import { snapshotTables } from '#tests/api/support/db-snapshot.ts';

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

type Operation = {
  security?: unknown[];
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown>; required?: string[] } }> };
  responses?: Record<string, unknown>;
};

describe('GET /api/openapi.json', () => {
  it('publishes the API generated from the contract to anyone, owner-only routes marked with the session', async () => {
    t = await createTestApp();
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const document = response.json<{ openapi: string; paths: Record<string, Record<string, Operation>> }>();
    expect(document.openapi).toBe('3.1.0');

    const login = document.paths['/api/login']?.post;
    expect(login?.requestBody?.content['application/json']?.schema.required).toEqual(['username', 'password']);
    expect(login?.security).toBeUndefined();
    expect(Object.keys(login?.responses ?? {})).toContain('200');
    expect(document.paths['/api/photos/reorder']?.put?.security).toEqual([{ session: [] }, { bearerAuth: ['photos:write'] }]);
    expect(document.paths['/api/photos/{id}']?.get?.security).toBeUndefined();
    expect(document.paths['/api/photos/{id}']?.delete?.security).toEqual([{ session: [] }, { bearerAuth: ['photos:write'] }]);
    expect(document.paths['/api/statistics']?.get?.security).toEqual([{ session: [] }]);
    expect(document.paths['/api/events']?.post?.security).toBeUndefined();
    // The paged reads, with their query.
    const photoPage = document.paths['/api/photos/page']?.get as Operation & { parameters?: Array<{ name: string; in: string }> };
    expect(photoPage?.parameters?.filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name)).toEqual([
      'categoryId',
      'after',
      'around',
      'limit',
      'sort',
    ]);
    expect(document.paths['/api/photos/{id}/place']?.put?.security).toEqual([{ session: [] }, { bearerAuth: ['photos:write'] }]);
    expect(document.paths['/api/photos/ids']?.get?.security).toEqual([{ session: [] }, { bearerAuth: ['photos:read'] }]);
    // The owner's search, with its filters; the cameras to filter by; a selection's one change.
    const photoSearch = document.paths['/api/photos/search']?.get as Operation & { parameters?: Array<{ name: string; in: string }> };
    expect(photoSearch?.security).toEqual([{ session: [] }, { bearerAuth: ['photos:read'] }]);
    expect(photoSearch?.parameters?.filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name)).toEqual([
      'q',
      'categoryId',
      'takenFrom',
      'takenTo',
      'camera',
      'withoutAltText',
      'cursor',
      'limit',
    ]);
    expect(Object.keys(photoSearch?.responses ?? {})).toContain('200');
    expect(document.paths['/api/photos/search/ids']?.get?.security).toEqual([{ session: [] }, { bearerAuth: ['photos:read'] }]);
    expect(document.paths['/api/photos/cameras']?.get?.security).toEqual([{ session: [] }, { bearerAuth: ['photos:read'] }]);
    const photosEdit = document.paths['/api/photos/edit']?.post;
    expect(photosEdit?.security).toEqual([{ session: [] }, { bearerAuth: ['photos:write'] }]);
    expect(Object.keys(photosEdit?.requestBody?.content['application/json']?.schema.properties ?? {})).toEqual([
      'ids',
      'titlePrefix',
      'credit',
      'license',
      'altText',
    ]);
    expect(Object.keys(document.paths['/api/photos/sections']?.get?.responses ?? {})).toContain('200');
    expect(document.paths['/api/events']?.post?.requestBody?.content['application/json']).toBeDefined();
    // The error body, its code one of the catalog's, every one listed.
    const errorBody = response.json<{ components: { schemas: Record<string, { required?: string[]; properties: Record<string, { enum?: string[] }> }> } }>()
      .components.schemas.ApiError;
    expect(errorBody?.required).toEqual(expect.arrayContaining(['code', 'message']));
    expect(errorBody?.properties.code?.enum).toEqual(ERROR_CODES);
    expect(errorBody?.properties.code?.enum).toContain('auth.invalid_credentials');
    expect(Object.keys(errorBody?.properties ?? {})).toEqual(expect.arrayContaining(['params', 'issues']));
    // Each operation's other answers are its errors, in that body.
    const anError = { description: 'An error', content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } } };
    expect(login?.responses?.default).toEqual(anError);
    expect(document.paths['/api/photos/{id}']?.delete?.responses?.default).toEqual(anError);
    // What the owner's answers carry is described; what the server keeps secret is not.
    expect(response.body).not.toMatch(/passwordHash|password_hash|tokenHash/);
  });

  it('lists the bearer scheme, each owner-only route\'s scope, and its refusals with their codes', async () => {
    t = await createTestApp();
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      components: { securitySchemes: Record<string, { type: string; scheme?: string }> };
      paths: Record<string, Record<string, Operation & { 'x-scopes'?: string[] }>>;
    }>();
    expect(document.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    const codesOf = (operation: Operation | undefined, status: string) =>
      ((operation?.responses?.[status] as { content: Record<string, { schema: { allOf: Array<{ properties?: { code: { enum: string[] } } }> } }> })
        .content['application/json']!.schema.allOf[1]!.properties!.code.enum);
    const upload = document.paths['/api/photos/upload']?.post;
    expect(upload?.security).toEqual([{ session: [] }, { bearerAuth: ['photos:write'] }]);
    expect(upload?.['x-scopes']).toEqual(['photos:write']);
    expect(codesOf(upload, '401')).toEqual(['auth.not_signed_in', 'auth.token_invalid']);
    expect(codesOf(upload, '403')).toEqual(['auth.token_scope_missing']);
    expect(codesOf(upload, '429')).toEqual(['limits.too_many_attempts']);
    // The upload's own refusals stay as the route declares them.
    expect(Object.keys(upload?.responses ?? {})).toEqual(expect.arrayContaining(['201', '413', '415', 'default']));
    for (const route of [document.paths['/api/tokens']?.post, document.paths['/api/security']?.get, document.paths['/api/portfolio-settings']?.patch]) {
      expect(route?.security).toEqual([{ session: [] }]);
      expect(route?.['x-scopes']).toEqual([]);
      expect(codesOf(route, '403')).toEqual(['auth.token_not_allowed']);
    }
    expect(document.paths['/api/categories']?.post?.security).toEqual([{ session: [] }, { bearerAuth: ['categories:write'] }]);
    expect(document.paths['/api/categories/{id}/links']?.get?.security).toEqual([{ session: [] }, { bearerAuth: ['galleries:read'] }]);
    expect(document.paths['/api/categories/{id}/links']?.post?.security).toEqual([{ session: [] }, { bearerAuth: ['galleries:write'] }]);
  });
});

describe('values SQLite stores and PostgreSQL refuses', () => {
  // Both were 500s on PostgreSQL, found by tests/api/fuzz.test.ts: now 400 there, and nothing written.
  it('answers an id past the integer range, and a NUL character in text, with a 4xx on either database', async () => {
    t = await createTestApp();
    const cookie = await t.signIn();
    await createCategory(t, 'Kept');
    const before = await snapshotTables(t.database.db);

    const photo = await t.app.inject({ method: 'GET', url: '/api/photos/2147483648' });
    expect([400, 404]).toContain(photo.statusCode);
    expect(photo.json().message).toEqual(expect.any(String));

    const reorder = await t.app.inject({
      method: 'PUT',
      url: '/api/categories/reorder',
      headers: { cookie },
      payload: { categoryUpdates: [{ id: 1, order: 2 ** 31 }] },
    });
    const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'ow\u0000ner', password: 'x' } });
    expect([400, 401]).toContain(login.statusCode);
    if (t.dialect === 'postgres') {
      expect(reorder.statusCode).toBe(400);
      expect(reorder.json().message).toMatch(/out of range/);
      expect(await snapshotTables(t.database.db)).toEqual(before);
    } else {
      expect(reorder.statusCode).toBe(200);
    }
  });
});
