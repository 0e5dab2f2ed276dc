import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

/**
 * The document a tool generates its client from must be valid OpenAPI 3.1, not only one our own
 * tests read: checked against the specification's JSON Schema (every error listed), and for the
 * rules of the specification no schema can state (path parameters, security schemes, references).
 */
type Parameter = { name: string; in: string; required?: boolean };
type Operation = {
  parameters?: Parameter[];
  security?: Array<Record<string, string[]>>;
  requestBody?: { content: Record<string, { schema: { required?: string[]; properties?: Record<string, unknown> } }> };
};
type Document = {
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, unknown> };
};

let t: TestApp;
let document: Document;
beforeAll(async () => {
  t = await createTestApp();
  const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(response.statusCode).toBe(200);
  document = response.json<Document>();
});
afterAll(async () => {
  await t?.close();
});

const operations = () =>
  Object.entries(document.paths).flatMap(([path, byMethod]) => Object.entries(byMethod).map(([method, operation]) => ({ route: `${method.toUpperCase()} ${path}`, path, operation })));

describe('the OpenAPI document', () => {
  it('is valid OpenAPI 3.1 against the specification\'s schema, and every reference resolves', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document));
    expect(validator.version).toBe('3.1');
    expect(result.errors ?? [], JSON.stringify(result.errors, null, 1)?.slice(0, 4000)).toEqual([]);
    expect(result.valid).toBe(true);
    expect(() => validator.resolveRefs()).not.toThrow();
  });

  it('refuses a broken document: the validator is awake', async () => {
    const broken = structuredClone(document);
    broken.paths['/api/photos/{id}']!.get!.parameters = [{ name: 'id', in: 'path' }];
    const result = await new Validator().validate(broken);
    expect(result.valid).toBe(false);
  });

  it('declares each templated path parameter once, as required, and no other path parameter', () => {
    for (const { route, path, operation } of operations()) {
      const templated = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
      const declared = (operation.parameters ?? []).filter((parameter) => parameter.in === 'path');
      expect(declared.map((parameter) => parameter.name).sort(), route).toEqual(templated);
      for (const parameter of declared) expect(parameter.required, `${route} ${parameter.name}`).toBe(true);
    }
  });

  it('names only security schemes it defines', () => {
    const schemes = Object.keys(document.components.securitySchemes);
    for (const { route, operation } of operations()) {
      for (const requirement of operation.security ?? []) {
        for (const name of Object.keys(requirement)) expect(schemes, `${route} ${name}`).toContain(name);
      }
    }
  });

  it('describes the multipart bodies of the upload and of a replacing file', () => {
    const upload = document.paths['/api/photos/upload']?.post?.requestBody?.content['multipart/form-data']?.schema;
    expect(upload?.required).toEqual(['photos']);
    expect(Object.keys(upload?.properties ?? {})).toEqual(['photos', 'title', 'description', 'altText', 'license']);
    const replace = document.paths['/api/photos/{id}/file']?.put;
    expect(replace?.requestBody?.content['multipart/form-data']?.schema).toMatchObject({ required: ['photo'], properties: { photo: { type: 'string' } } });
    expect(replace?.security).toEqual([{ session: [] }, { bearerAuth: ['photos:write'] }]);
  });
});
