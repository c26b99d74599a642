// The requests inbox (docs/api.md, "Requests"): the open or closed requests, an answer, a
// closing. Administrators only, like every /v1/web/admin call; bodies as form or JSON.
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  answerRequestSchema,
  closeRequestSchema,
  requestListReplySchema,
  requestListSchema,
  requestMessages,
  requestReplySchema,
} from '@recuse/common';
import type { AppContext } from '../../context.ts';
import { onlyAdministrators, sessionOf } from '../../http/authenticate.ts';
import { refusals } from '../../http/errors.ts';
import { answerRequest, closeRequest, listRequests } from './requests.service.ts';

export function registerRequestRoutes(
  app: FastifyInstance,
  context: AppContext,
  hooks: { requireUser: onRequestHookHandler },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const administrators = {
    onRequest: [hooks.requireUser, onlyAdministrators(requestMessages.onlyAdministrators)],
  };
  const tags = ['requests'];

  api.get(
    '/v1/web/admin/requests',
    {
      ...administrators,
      schema: {
        tags,
        querystring: requestListSchema,
        response: { 200: requestListReplySchema, ...refusals(403, 422) },
      },
    },
    (request) => listRequests(context, request.query.state),
  );

  api.post(
    '/v1/web/admin/requests/answer',
    {
      ...administrators,
      schema: {
        tags,
        body: answerRequestSchema,
        response: { 200: requestReplySchema, ...refusals(403, 404, 409, 422) },
      },
    },
    async (request) => ({
      message: 'SUCCESS' as const,
      request: await answerRequest(context, sessionOf(request).user, request.body),
    }),
  );

  api.post(
    '/v1/web/admin/requests/close',
    {
      ...administrators,
      schema: {
        tags,
        body: closeRequestSchema,
        response: { 200: requestReplySchema, ...refusals(403, 404, 409, 422) },
      },
    },
    async (request) => ({
      message: 'SUCCESS' as const,
      request: await closeRequest(context, sessionOf(request).user, request.body),
    }),
  );
}
