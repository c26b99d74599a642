// The institution calls of SPEC section 7: the list to pick from, and the institutions of the
// person's own affiliations for the institutional conflict option.
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { institutionConflictOptionsSchema, institutionDropListSchema } from '@recuse/common';
import type { AppContext } from '../../context.ts';
import { sessionOf } from '../../http/authenticate.ts';
import * as institutions from './institutions.service.ts';

export function registerInstitutionRoutes(
  app: FastifyInstance,
  context: AppContext,
  hooks: { requireUser: onRequestHookHandler },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = { onRequest: hooks.requireUser };

  api.get(
    '/v1/web/institution/data/list/InstitutionDrplist',
    {
      ...signedIn,
      schema: { tags: ['institutions'], response: { 200: institutionDropListSchema } },
    },
    async (request) => institutions.getInstitutionDropList(context, sessionOf(request)),
  );

  api.get(
    '/v1/web/institution/data/InstitutionConflictOption',
    {
      ...signedIn,
      schema: { tags: ['institutions'], response: { 200: institutionConflictOptionsSchema } },
    },
    async (request) => institutions.getInstitutionConflictOptions(context, sessionOf(request)),
  );
}
