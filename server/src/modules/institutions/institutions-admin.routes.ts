// The administration of institutions (docs/api.md, "Institutions"): the queue of proposals,
// the search over every institution, and the decisions (approve, merge, reject) and edits.
// Administrators only, like every /v1/web/admin call; bodies as form or JSON.
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  approveInstitutionReplySchema,
  approveInstitutionSchema,
  institutionAdminMessages,
  institutionQueueSchema,
  institutionReplySchema,
  institutionSearchReplySchema,
  institutionSearchSchema,
  mergeInstitutionReplySchema,
  mergeInstitutionSchema,
  rejectInstitutionSchema,
  updateInstitutionSchema,
} from '@recuse/common';
import type { AppContext } from '../../context.ts';
import { onlyAdministrators, sessionOf } from '../../http/authenticate.ts';
import { refusals } from '../../http/errors.ts';
import {
  approveInstitution,
  editInstitution,
  findInstitutions,
  listInstitutionQueue,
  mergeInstitution,
  rejectInstitution,
} from './institutions-admin.service.ts';

export function registerInstitutionAdminRoutes(
  app: FastifyInstance,
  context: AppContext,
  hooks: { requireUser: onRequestHookHandler },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const administrators = {
    onRequest: [hooks.requireUser, onlyAdministrators(institutionAdminMessages.onlyAdministrators)],
  };
  const tags = ['institutions'];

  api.get(
    '/v1/web/admin/institutions/queue',
    {
      ...administrators,
      schema: { tags, response: { 200: institutionQueueSchema, ...refusals(403) } },
    },
    () => listInstitutionQueue(context),
  );

  api.get(
    '/v1/web/admin/institutions',
    {
      ...administrators,
      schema: {
        tags,
        querystring: institutionSearchSchema,
        response: { 200: institutionSearchReplySchema, ...refusals(403, 422) },
      },
    },
    (request) => findInstitutions(context, request.query.q),
  );

  api.post(
    '/v1/web/admin/institutions/approve',
    {
      ...administrators,
      schema: {
        tags,
        body: approveInstitutionSchema,
        response: { 200: approveInstitutionReplySchema, ...refusals(403, 404, 409, 422) },
      },
    },
    async (request) => {
      const { validatedRelations } = await approveInstitution(
        context,
        sessionOf(request).user.id,
        request.body.institutionId,
      );
      return { message: 'SUCCESS' as const, validatedRelations };
    },
  );

  api.post(
    '/v1/web/admin/institutions/merge',
    {
      ...administrators,
      schema: {
        tags,
        body: mergeInstitutionSchema,
        response: { 200: mergeInstitutionReplySchema, ...refusals(403, 404, 409, 422) },
      },
    },
    async (request) => {
      const { institutionId, targetId } = request.body;
      const merged = await mergeInstitution(
        context,
        sessionOf(request).user.id,
        institutionId,
        targetId,
      );
      return { message: 'SUCCESS' as const, ...merged };
    },
  );

  api.post(
    '/v1/web/admin/institutions/reject',
    {
      ...administrators,
      schema: {
        tags,
        body: rejectInstitutionSchema,
        response: { 200: institutionReplySchema, ...refusals(403, 404, 409, 422) },
      },
    },
    async (request) => {
      const { institutionId, reason } = request.body;
      const institution = await rejectInstitution(
        context,
        sessionOf(request).user.id,
        institutionId,
        reason,
      );
      return { message: 'SUCCESS' as const, institution };
    },
  );

  api.post(
    '/v1/web/admin/institutions/update',
    {
      ...administrators,
      schema: {
        tags,
        body: updateInstitutionSchema,
        response: { 200: institutionReplySchema, ...refusals(403, 404, 409, 422) },
      },
    },
    async (request) => ({
      message: 'SUCCESS' as const,
      institution: await editInstitution(context, sessionOf(request).user.id, request.body),
    }),
  );
}
