import { CategoryWatermark, SiteWatermark } from '#contract/watermarks.ts';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ChangePasswordRequest,
  ForgotPasswordRequest,
  LoginRequest,
  ResetPasswordRequest,
  SignInLinkRequest,
  UseSignInLinkRequest,
} from '#contract/auth.ts';
import { CreateCategoryRequest, ReorderCategoriesRequest, UpdateCategoryRequest } from '#contract/categories.ts';
import { ContactRequest } from '#contract/contact.ts';
import { ApiErrorBody, IdParams } from '#contract/common.ts';
import { errorText } from '#contract/error-codes.ts';
import { EditPhotosRequest, MovePhotosRequest, OrderPhotosRequest, PhotoIdsRequest, PlacePhotoRequest, ReorderPhotosRequest, UpdatePhotoRequest } from '#contract/photos.ts';
import { CreateTokenRequest } from '#contract/tokens.ts';
import { CreateWebhookRequest } from '#contract/webhooks.ts';
import { OrderAudioTracksRequest, UpdateAudioTrackRequest } from '#contract/audio.ts';
import { PortfolioSettingsUpdate } from '#contract/portfolio.ts';
import {
  AddPasskeyRequest,
  ConfirmIdentityRequest,
  PasskeySignInRequest,
  RenamePasskeyRequest,
  SecondStepRequest,
  TotpCodeRequest,
} from '#contract/security.ts';
import { createCategory, createPhotos } from '#tests/fixtures/photos.ts';
import { totpCode } from '#server/features/auth/totp.ts';
import { cookieHeader, createTestApp, OWNER, type TestApp } from '#tests/setup/test-app.ts';
import { StatisticsEvent } from '#contract/statistics.ts';
import {
  CreateGalleryLinkRequest,
  GalleryCommentRequest,
  GalleryVerdictRequest,
  InviteRequest,
  ResendInvitationRequest,
  UnlockGalleryRequest,
  UpdateGalleryLinkRequest,
  UpdateInvitationTemplateRequest,
} from '#contract/galleries.ts';
import { MarkNoticesReadRequest, UpdateNoticeSettingsRequest } from '#contract/gallery-activity.ts';
import { boundaryBody, hostileBody, validValue, type JsonSchema, type RawBody } from '#tests/api/support/arbitraries.ts';
import { snapshotTables } from '#tests/api/support/db-snapshot.ts';

/**
 * Every JSON endpoint, with the contract schema its body is checked against. The first test ties
 * this table to the server: a JSON route missing here, or with another schema, fails it.
 */
const BODIES: Record<string, z.ZodType> = {
  'POST /api/login': LoginRequest,
  'POST /api/change-password': ChangePasswordRequest,
  'POST /api/forgot-password': ForgotPasswordRequest,
  'POST /api/reset-password': ResetPasswordRequest,
  'POST /api/sign-in-link': SignInLinkRequest,
  'POST /api/sign-in-link/use': UseSignInLinkRequest,
  'POST /api/contact': ContactRequest,
  'PATCH /api/portfolio-settings': PortfolioSettingsUpdate,
  'POST /api/categories': CreateCategoryRequest,
  'PUT /api/categories/reorder': ReorderCategoriesRequest,
  'PUT /api/categories/{id}': UpdateCategoryRequest,
  'PUT /api/photos/reorder': ReorderPhotosRequest,
  'PUT /api/photos/{id}': UpdatePhotoRequest,
  'PUT /api/photos/{id}/place': PlacePhotoRequest,
  'POST /api/photos/move': MovePhotosRequest,
  'POST /api/photos/order': OrderPhotosRequest,
  'POST /api/photos/delete': PhotoIdsRequest,
  'POST /api/photos/restore': PhotoIdsRequest,
  'POST /api/photos/edit': EditPhotosRequest,
  'PUT /api/photos/{id}/audio/order': OrderAudioTracksRequest,
  'PUT /api/photos/{id}/audio/{trackId}': UpdateAudioTrackRequest,
  'POST /api/tokens': CreateTokenRequest,
  'POST /api/webhooks': CreateWebhookRequest,
  'POST /api/login/second-step': SecondStepRequest,
  'POST /api/login/passkey': PasskeySignInRequest,
  'POST /api/security/confirm': ConfirmIdentityRequest,
  'POST /api/security/passkeys': AddPasskeyRequest,
  'PATCH /api/security/passkeys/{id}': RenamePasskeyRequest,
  'POST /api/security/totp/confirm': TotpCodeRequest,
  'POST /api/events': StatisticsEvent,
  'POST /api/categories/{id}/links': CreateGalleryLinkRequest,
  'PATCH /api/gallery-links/{id}': UpdateGalleryLinkRequest,
  'POST /api/galleries/{token}/unlock': UnlockGalleryRequest,
  'POST /api/galleries/{token}/photos/{photoId}/comments': GalleryCommentRequest,
  'PUT /api/galleries/{token}/photos/{photoId}/verdict': GalleryVerdictRequest,
  'POST /api/gallery-links/{id}/photos/{photoId}/comments': GalleryCommentRequest,
  'POST /api/notices/read': MarkNoticesReadRequest,
  'PUT /api/notice-settings': UpdateNoticeSettingsRequest,
  'POST /api/gallery-links/{id}/invitations': InviteRequest,
  'POST /api/gallery-links/{id}/invitations/{invitationId}/resend': ResendInvitationRequest,
  'PUT /api/gallery-invitation-template': UpdateInvitationTemplateRequest,
  'PUT /api/watermark': SiteWatermark,
  'PUT /api/categories/{id}/watermark': CategoryWatermark,
};

/**
 * Runs per endpoint and kind of body: small enough to keep the suite quick (every kind of body
 * still reaches every endpoint). `npm run fuzz` (part of `npm run test:long`) sets FUZZ_REQUESTS
 * for the long run, and every count grows in proportion, so the schema-made, boundary and hostile
 * bodies alone reach that many requests per database.
 */
const BASE_RUNS = { valid: 10, boundary: 10, hostile: 20, visitor: 4, ids: 8 };
const FUZZ_REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 0);
const SCALE = FUZZ_REQUESTS > 0 ? FUZZ_REQUESTS / (Object.keys(BODIES).length * (BASE_RUNS.valid + BASE_RUNS.boundary + BASE_RUNS.hostile)) : 1;
const RUNS = Object.fromEntries(Object.entries(BASE_RUNS).map(([kind, runs]) => [kind, Math.ceil(runs * SCALE)])) as typeof BASE_RUNS;
/** The long run may take a while on a busy machine; the suite's own stays at the usual limit. */
const TEST_TIMEOUT = Math.max(30_000, Math.ceil(SCALE * 30_000));
const BODY_LIMIT = 1024 * 1024;

type Operation = { security?: unknown[]; requestBody?: { content: Record<string, { schema: JsonSchema }> } };

let t: TestApp;
let owner: string;
let halfSignedIn: string;
let document: { paths: Record<string, Record<string, Operation>> };
let requests = 0;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signIn();
  // Rows behind the small ids the generators favour, so valid bodies reach the services.
  await createPhotos(t, owner, 3);
  await createCategory(t, 'One', 0);
  await createCategory(t, 'Two', 1);
  document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
  await turnOnSecondStep();
});

/** The authenticator app, on for the second step's route (the owner cookie above stays signed in). */
async function turnOnSecondStep(): Promise<void> {
  await t.app.inject({ method: 'POST', url: '/api/security/confirm', headers: { cookie: owner }, payload: { password: OWNER.password } });
  const setup = await t.app.inject({ method: 'POST', url: '/api/security/totp/setup', headers: { cookie: owner }, payload: {} });
  const { secret } = setup.json<{ secret: string }>();
  const code = totpCode(secret, Date.now());
  const confirm = await t.app.inject({ method: 'POST', url: '/api/security/totp/confirm', headers: { cookie: owner }, payload: { code } });
  expect(confirm.statusCode, confirm.body).toBe(200);
}

/**
 * A browser whose password was right and whose second step is pending, for the second step's
 * route; made as that route's tests start, since a pending sign-in lasts minutes, not a whole run.
 */
async function halfSignIn(): Promise<string> {
  const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: OWNER.username, password: OWNER.password } });
  expect(login.statusCode, login.body).toBe(202);
  return cookieHeader(login);
}
afterAll(async () => {
  await t?.close();
  console.info(`fuzz: ${requests} requests on ${t?.dialect}, no 5xx, no change on a refused request`);
  if (FUZZ_REQUESTS > 0) expect(requests).toBeGreaterThanOrEqual(FUZZ_REQUESTS);
});

function operationOf(route: string): Operation {
  const [method, path] = route.split(' ') as [string, string];
  const operation = document.paths[path]?.[method.toLowerCase()];
  if (!operation) throw new Error(`no route ${route}`);
  return operation;
}

const inputSchema = (schema: z.ZodType) => {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io: 'input' }) as JsonSchema & { $schema?: string };
  return rest;
};

/** The document writes `const: x` as `enum: [x]` (the form OpenAPI 3.0 tools read too). */
function constAsEnum(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(constAsEnum);
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value).map(([key, child]) => (key === 'const' ? ['enum', [child]] : [key, constAsEnum(child)]));
  return Object.fromEntries(entries);
}

let address = 0;
/** A new client address per request: the rate limits count per address and must not hide the handlers. */
const nextAddress = () => {
  address += 1;
  return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
};

/** The parsed body when it is JSON Fastify hands to the validator; undefined otherwise. */
function validatorInput(raw: RawBody): { value: unknown } | undefined {
  if (raw.contentType !== 'application/json' || Buffer.byteLength(raw.text) > BODY_LIMIT) return undefined;
  // Fastify refuses these keys itself, before the contract sees the body.
  if (/"(__proto__|constructor)"/.test(raw.text)) return undefined;
  try {
    return { value: JSON.parse(raw.text) };
  } catch {
    return undefined;
  }
}

function expectRefusalShape(response: LightMyRequestResponse, context: string) {
  expect(response.headers['content-type'], context).toMatch(/^application\/json/);
  const body = response.json();
  expect(typeof body.message, context).toBe('string');
  expect(body.message.length, context).toBeGreaterThan(0);
  // A code of the catalog, and its text, but where the words are a validation issue's or the framework's.
  const { code, message, params } = ApiErrorBody.parse(body);
  if (code !== 'request.invalid' && code !== 'request.failed') expect(message, context).toBe(errorText(code, params));
}

function expectNoPollution() {
  const probe = {} as Record<string, unknown>;
  expect(probe.polluted).toBeUndefined();
  expect(probe.isAdmin).toBeUndefined();
  expect(Object.prototype).not.toHaveProperty('polluted');
}

/**
 * Sends one body and checks what must hold for any body: no 5xx; a refusal is JSON with a
 * message and changes nothing; the server refuses what the contract refuses, and refuses for
 * validation only what the contract refuses.
 */
async function send(route: string, raw: RawBody, options: { cookie?: string; schema?: z.ZodType; id?: string } = {}) {
  const [method, path] = route.split(' ') as [InjectOptions['method'], string];
  // A gallery's token of the right shape that opens nothing: the body is still validated first.
  // A release's track id, like any id: a missing one answers 404 once the body is valid.
  const url = path.replace('{id}', options.id ?? '1').replace('{token}', 'A'.repeat(43)).replace('{trackId}', '1').replace('{photoId}', '1').replace('{invitationId}', '1');
  // An accepted edit re-renders the photo's copies in the background (rights-render.service.ts):
  // let that land first, or it would pass for a change the refused request made.
  await t.runJobs();
  const before = await snapshotTables(t.database.db);
  requests += 1;
  const response = await t.app.inject({
    method,
    url,
    remoteAddress: nextAddress(),
    headers: { 'content-type': raw.contentType, ...(options.cookie ? { cookie: options.cookie } : {}) },
    payload: raw.text,
  });
  const context = `${method} ${url} with ${raw.kind} (${raw.text.slice(0, 200)}): ${response.statusCode} ${response.body.slice(0, 300)}`;
  expect(response.statusCode, context).toBeLessThan(500);
  if (response.statusCode >= 400) {
    expectRefusalShape(response, context);
    expect(await snapshotTables(t.database.db), context).toEqual(before);
  }
  const input = validatorInput(raw);
  if (options.schema && input) {
    const accepted = options.schema.safeParse(input.value).success;
    if (!accepted) expect(response.statusCode, context).toBe(400);
    if (response.statusCode === 400 && response.json().issues) expect(accepted, context).toBe(false);
  }
  expectNoPollution();
  return response;
}

const asJson = (kind: string) => (value: unknown): RawBody => ({ kind, text: JSON.stringify(value), contentType: 'application/json' });

describe('the OpenAPI document and the fuzzed routes', () => {
  it('covers every route that takes a JSON body, with the schema the route validates with', () => {
    const jsonRoutes: string[] = [];
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        if (operation.requestBody?.content['application/json']) jsonRoutes.push(`${method.toUpperCase()} ${path}`);
      }
    }
    expect(jsonRoutes.sort()).toEqual(Object.keys(BODIES).sort());
    for (const [route, schema] of Object.entries(BODIES)) {
      const published = operationOf(route).requestBody?.content['application/json']?.schema;
      expect(published, route).toEqual(constAsEnum(inputSchema(schema)));
    }
  });
});

describe.each(Object.entries(BODIES))('fuzzing %s', (route, schema) => {
  const jsonSchema = inputSchema(schema);
  const ownerOnly = () => (operationOf(route).security?.length ?? 0) > 0;
  const cookie = () => (route === 'POST /api/login/second-step' ? halfSignedIn : owner);
  beforeAll(async () => {
    if (route === 'POST /api/login/second-step') halfSignedIn = await halfSignIn();
  });

  it(`answers ${RUNS.valid} bodies made from its schema without a 5xx, and as the contract says`, async () => {
    await fc.assert(
      fc.asyncProperty(validValue(jsonSchema).map(asJson('a body of the schema')), async (raw) => {
        await send(route, raw, { cookie: cookie(), schema });
      }),
      { numRuns: RUNS.valid },
    );
  }, TEST_TIMEOUT);

  it(`answers ${RUNS.boundary} bodies at and past each limit`, async () => {
    await fc.assert(
      fc.asyncProperty(boundaryBody(jsonSchema).map(asJson('a value at a limit')), async (raw) => {
        await send(route, raw, { cookie: cookie(), schema });
      }),
      { numRuns: RUNS.boundary },
    );
  }, TEST_TIMEOUT);

  it(`refuses ${RUNS.hostile} hostile bodies with a 4xx and a message, changing nothing`, async () => {
    await fc.assert(
      fc.asyncProperty(hostileBody(jsonSchema), async (raw) => {
        const response = await send(route, raw, { cookie: cookie(), schema });
        if (/__proto__|constructor key/.test(raw.kind)) expect(response.statusCode, raw.kind).toBeGreaterThanOrEqual(400);
      }),
      { numRuns: RUNS.hostile },
    );
  }, TEST_TIMEOUT);

  it.runIf(route.includes('{id}'))(`refuses ${RUNS.ids} malformed ids in the path`, async () => {
    const id = fc.oneof(
      fc.integer().map(String),
      fc.string({ maxLength: 30 }),
      fc.constantFrom('0', '-1', '1.5', '1e3', '0x1', ' 1', '9'.repeat(400), 'NaN', 'Infinity', '1;DROP TABLE photos', '%00', '..%2f1', '%F0%9F%98%80'),
    );
    const body = validValue(jsonSchema).map(asJson('a body of the schema'));
    await fc.assert(
      fc.asyncProperty(id, body, async (raw, payload) => {
        const encoded = /%[0-9A-F]{2}/i.test(raw) ? raw : encodeURIComponent(raw);
        const response = await send(route, payload, { cookie: cookie(), id: encoded });
        if (!IdParams.safeParse({ id: decodeURIComponentSafe(encoded) }).success) {
          // 414 when the id is longer than any route parameter may be.
          expect([400, 404, 414], `${route} id=${encoded}`).toContain(response.statusCode);
        }
      }),
      { numRuns: RUNS.ids },
    );
  }, TEST_TIMEOUT);

  it(`answers ${RUNS.visitor} bodies from a visitor with 401 when the route is the owner's`, async () => {
    if (!ownerOnly()) return;
    await fc.assert(
      fc.asyncProperty(fc.oneof(validValue(jsonSchema).map(asJson('a body of the schema')), hostileBody(jsonSchema)), async (raw) => {
        const response = await send(route, raw);
        expect(response.statusCode, raw.kind).toBe(401);
      }),
      { numRuns: RUNS.visitor },
    );
  }, TEST_TIMEOUT);
});

function decodeURIComponentSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
