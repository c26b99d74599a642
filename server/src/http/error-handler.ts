// The one error handler: every failure a client can cause gets a clear answer in the contract's
// shape, and everything else is logged with its cause and answered without internals.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { FieldErrors } from '@recuse/common';
import { messages } from '@recuse/common';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import { HttpError } from './errors.ts';
import type { OneLinePerRequest } from './logging.ts';
import { setRequestHeaders } from './response-headers.ts';
import { securityHeaderValues } from './security-headers.ts';

/** How long a client is asked to wait while the database is unreachable. */
export const databaseRetryAfterSeconds = 5;

/**
 * Turns schema validation issues into the errors object (docs/api.md, "Wire conventions"): field
 * name → messages.
 */
export function toFieldErrors(
  issues: ReadonlyArray<{ instancePath?: string; message?: string; params?: unknown }>,
): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = (issue.instancePath ?? '').replace(/^\//, '').split('/')[0] || 'form';
    const list = (errors[field] ??= []);
    const message = issue.message ?? 'Invalid value';
    if (!list.includes(message)) list.push(message);
  }
  return errors;
}

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).send(error.body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.code(422).send({
        message: messages.checkBelowFields,
        errors: toFieldErrors(error.validation),
      });
    }
    if (isDatabaseUnavailable(error)) {
      // An outage, not a bug: the client may try again; the pool reconnects by itself.
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .code(503)
        .header('retry-after', String(databaseRetryAfterSeconds))
        .send({ message: messages.serverError });
    }
    const status = error.statusCode ?? (request.isReadingBody ? 400 : 500);
    if (status === 429) {
      return reply.code(429).send({ message: messages.tooManyRequests });
    }
    if (status === 413) {
      const message = request.routeOptions.config.bodyTooLargeMessage ?? messages.bodyTooLarge;
      return reply.code(413).send({ message });
    }
    if (status >= 400 && status < 500) {
      // Malformed bodies, wrong content types, oversized payloads: the client's to fix.
      return reply.code(status).send({ message: error.message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ message: messages.serverError });
  });
}

/**
 * The answer to a request Fastify refuses before routing it (its `frameworkErrors`): a path
 * with a broken percent-escape (400) or a path part longer than `maxParamLength` (414). No hook
 * runs for these, so the answer is given the headers of every answer here, and the contract's
 * `{message}` instead of Fastify's own body, which echoed the path; and as Fastify writes no
 * line for them, `requestLog` does (OneLinePerRequest.refusedBeforeRouting).
 */
export function createFrameworkErrorAnswer(requestLog: OneLinePerRequest) {
  return function answerFrameworkError(
    error: FastifyError,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    requestLog.refusedBeforeRouting(request, reply, error.code);
    reply.headers(securityHeaderValues);
    setRequestHeaders(request, reply);
    if (error.code === 'FST_ERR_BAD_URL')
      return reply.code(400).send({ message: messages.addressInvalid });
    if (error.code === 'FST_ERR_MAX_PARAM_LENGTH')
      return reply.code(414).send({ message: messages.addressTooLong });
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ message: messages.serverError });
  };
}
