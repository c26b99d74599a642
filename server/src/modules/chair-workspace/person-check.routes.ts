// POST /v1/web/conference/{confid}/person-check (docs/api-conflicts.md, "Checking one
// person"): the conference's chairs and administrators only, checked before the body is read,
// as the workspace's other calls are.
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isStorableText, personCheckReplySchema, personCheckSchema } from '@recuse/common';
import type { AppContext } from '../../context.ts';
import { sessionOf } from '../../http/authenticate.ts';
import { refusals } from '../../http/errors.ts';
import { findChairedConference } from '../conferences/conferences.service.ts';
import { checkPerson } from './person-check.service.ts';

const confidParams = z.object({ confid: z.string().max(30) });

export function registerPersonCheckRoutes(
  app: FastifyInstance,
  context: AppContext,
  hooks: { requireUser: onRequestHookHandler },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post(
    '/v1/web/conference/:confid/person-check',
    {
      onRequest: [
        hooks.requireUser,
        async (request: FastifyRequest) => {
          const { confid } = request.params as { confid: string };
          if (!isStorableText(confid)) return;
          await findChairedConference(context.db, sessionOf(request), confid);
        },
      ],
      schema: {
        tags: ['chair workspace'],
        params: confidParams,
        body: personCheckSchema,
        response: { 200: personCheckReplySchema, ...refusals(403, 404, 422) },
      },
    },
    async (request) =>
      checkPerson(context, sessionOf(request), request.params.confid, request.body),
  );
}
