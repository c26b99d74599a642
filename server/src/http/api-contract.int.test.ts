// The API's one contract, checked where a tool can check it: the OpenAPI document /docs serves
// is valid OpenAPI, and every call declares the answer it gives (its 2xx reply schema), so the
// serializer sends only declared fields and the document describes every answer. See
// docs/api.md.
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/build-test-app.ts';
import { buildTestApp } from '../../test/build-test-app.ts';

interface Operation {
  responses?: Record<string, { content?: Record<string, { schema?: object }> }>;
}
type OpenApiDocument = { openapi: string; paths: Record<string, Record<string, Operation>> };

let t: TestApp;
let document: OpenApiDocument;
beforeAll(async () => {
  t = await buildTestApp();
  document = (await t.app.inject({ url: '/docs/json' })).json<OpenApiDocument>();
});
afterAll(() => t.close());

const operations = () =>
  Object.entries(document.paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod).map(([method, operation]) => ({
      call: `${method.toUpperCase()} ${path}`,
      operation,
    })),
  );

/** A 2xx answer with its schema, or a redirect (which has no body to describe). */
const declaresReply = (operation: Operation) =>
  Object.entries(operation.responses ?? {}).some(
    ([status, response]) =>
      status.startsWith('3') ||
      (status.startsWith('2') &&
        Object.values(response.content ?? {}).some((media) => media.schema !== undefined)),
  );

describe('the OpenAPI document', () => {
  it('is valid OpenAPI', async () => {
    const result = await new Validator().validate(
      document as unknown as Parameters<Validator['validate']>[0],
    );
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('declares the reply of every call', () => {
    const missing = operations()
      .filter(({ operation }) => !declaresReply(operation))
      .map(({ call }) => call);
    expect(missing).toEqual([]);
  });
});
