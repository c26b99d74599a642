// How the routes' zod schemas become the OpenAPI document at /docs: fastify-type-provider-zod's
// transform, with one correction for answers that have no body.
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/**
 * jsonSchemaTransform, except that a reply declared as `z.null()` (a redirect) is described
 * with its description and no content: @fastify/swagger leaves out the content of a response
 * whose type is 'null', and OpenAPI 3.0 would otherwise describe a JSON null.
 */
export function openApiTransform(input: TransformInput) {
  const result = jsonSchemaTransform(input);
  const declared = (input.schema as { response?: Record<string, unknown> } | undefined)?.response;
  const described = (result.schema as { response?: Record<string, unknown> } | undefined)?.response;
  for (const [status, schema] of Object.entries(declared ?? {})) {
    if (schema instanceof z.ZodNull && described) {
      described[status] = { type: 'null', description: schema.description ?? 'No body' };
    }
  }
  return result;
}
