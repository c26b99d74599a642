// Relation decisions (docs/api.md, "Relation decisions"): the log of any relation and the
// validation or deletion of it by an administrator or a chair of a conference whose committee
// includes one of its people. Anyone who is neither is refused (403) before the request is read.
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  deleteRelationDecisionSchema,
  relationDecisionMessages,
  relationDecisionReplySchema,
  relationLogParamsSchema,
  relationLogReplySchema,
  relationSearchReplySchema,
  relationSearchSchema,
  validateRelationDecisionSchema,
} from '@recuse/common';
import type { AppContext } from '../../context.ts';
import { sessionOf } from '../../http/authenticate.ts';
import { HttpError, refusals } from '../../http/errors.ts';
import {
  deleteRelationByDecision,
  getRelationLog,
  isAdministratorOrChair,
  searchDecisionRelations,
  validateRelationByDecision,
} from './relation-decisions.service.ts';

export function registerRelationDecisionRoutes(
  app: FastifyInstance,
  context: AppContext,
  hooks: { requireUser: onRequestHookHandler },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const onlyDeciders: onRequestHookHandler = async (request) => {
    if (!(await isAdministratorOrChair(context.db, sessionOf(request).user))) {
      throw new HttpError(403, { message: relationDecisionMessages.onlyDeciders });
    }
  };
  const deciders = { onRequest: [hooks.requireUser, onlyDeciders] };
  const tags = ['relation decisions'];
  const decided = { 200: relationDecisionReplySchema, ...refusals(403, 404, 409, 422) };

  api.get(
    '/v1/web/admin/relations',
    {
      ...deciders,
      schema: {
        tags,
        querystring: relationSearchSchema,
        response: { 200: relationSearchReplySchema, ...refusals(403, 422) },
      },
    },
    (request) => searchDecisionRelations(context, sessionOf(request), request.query.q),
  );

  api.get(
    '/v1/web/admin/relations/:relationId',
    {
      ...deciders,
      schema: {
        tags,
        params: relationLogParamsSchema,
        response: { 200: relationLogReplySchema, ...refusals(403, 404, 422) },
      },
    },
    (request) => getRelationLog(context, sessionOf(request), request.params.relationId),
  );

  api.post(
    '/v1/web/admin/relations/validate',
    { ...deciders, schema: { tags, body: validateRelationDecisionSchema, response: decided } },
    (request) =>
      validateRelationByDecision(
        context,
        sessionOf(request),
        request.body.relationId,
        request.body.reason,
      ),
  );

  api.post(
    '/v1/web/admin/relations/delete',
    { ...deciders, schema: { tags, body: deleteRelationDecisionSchema, response: decided } },
    (request) =>
      deleteRelationByDecision(
        context,
        sessionOf(request),
        request.body.relationId,
        request.body.reason,
      ),
  );
}
