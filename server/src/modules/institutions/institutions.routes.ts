// The institution calls (docs/api.md, "Institutions"): the list to pick from, the picker's search
// over names and aliases, and the institutions of the person's own affiliations for the
// institutional conflict option.
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  institutionConflictOptionsSchema,
  institutionDropListSchema,
  institutionPickerReplySchema,
  institutionPickerSearchSchema,
} from '@recuse/common';
import type { AppContext } from '../../context.ts';
import { sessionOf } from '../../http/authenticate.ts';
import { refusals } from '../../http/errors.ts';
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
    '/v1/web/institution/search',
    {
      ...signedIn,
      schema: {
        tags: ['institutions'],
        querystring: institutionPickerSearchSchema,
        response: { 200: institutionPickerReplySchema, ...refusals(422) },
      },
    },
    async (request) =>
      institutions.searchPickableInstitutions(context, sessionOf(request), request.query.q),
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
