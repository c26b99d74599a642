// DBLP operations (docs/dblp.md, "Following DBLP operations"; docs/api.md, "DBLP operations"):
// the administrators' page under /v1/web/admin/dblp, and a researcher's own DBLP status and
// "Refresh now" under /v1/web/user/dblp.
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  dblpCrawlNowSchema,
  dblpCrawlQueuedSchema,
  dblpOperationsSchema,
  dblpPeopleReplySchema,
  dblpPeopleSearchSchema,
  dblpStatusMessages,
  ownDblpStatusSchema,
} from '@recuse/common';
import type { AppContext } from '../../context.ts';
import { onlyAdministrators, sessionOf } from '../../http/authenticate.ts';
import { refusals } from '../../http/errors.ts';
import { TooManyRequests } from '../../http/limits.ts';
import {
  crawlPersonNow,
  findDblpPeople,
  readDblpOperations,
  readOwnStatus,
  refreshOwn,
} from './dblp-status.service.ts';

export function registerDblpStatusRoutes(
  app: FastifyInstance,
  context: AppContext,
  hooks: { requireUser: onRequestHookHandler },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const administrators = {
    onRequest: [hooks.requireUser, onlyAdministrators(dblpStatusMessages.onlyAdministrators)],
  };
  const tags = ['dblp-status'];

  api.get(
    '/v1/web/admin/dblp',
    { ...administrators, schema: { tags, response: { 200: dblpOperationsSchema } } },
    () => readDblpOperations(context),
  );

  api.get(
    '/v1/web/admin/dblp/people',
    {
      ...administrators,
      schema: {
        tags,
        querystring: dblpPeopleSearchSchema,
        response: { 200: dblpPeopleReplySchema },
      },
    },
    (request) => findDblpPeople(context, request.query.q),
  );

  api.post(
    '/v1/web/admin/dblp/crawl',
    {
      ...administrators,
      schema: {
        tags,
        body: dblpCrawlNowSchema,
        response: { 200: dblpCrawlQueuedSchema, ...refusals(404, 409) },
      },
    },
    async (request) => ({
      message: 'SUCCESS' as const,
      ...(await crawlPersonNow(context, request.body.userId)),
    }),
  );

  api.get(
    '/v1/web/user/dblp/status',
    { onRequest: hooks.requireUser, schema: { tags, response: { 200: ownDblpStatusSchema } } },
    (request) => readOwnStatus(context, sessionOf(request)),
  );

  api.post(
    '/v1/web/user/dblp/refresh',
    {
      onRequest: hooks.requireUser,
      schema: { tags, response: { 200: dblpCrawlQueuedSchema, ...refusals(409, 429) } },
    },
    async (request, reply) => {
      try {
        return { message: 'SUCCESS' as const, ...(await refreshOwn(context, sessionOf(request))) };
      } catch (error) {
        if (error instanceof TooManyRequests) {
          void reply.header('retry-after', String(error.retryAfterSeconds));
        }
        throw error;
      }
    },
  );
}
