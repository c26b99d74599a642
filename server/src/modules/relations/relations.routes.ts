// The relation calls of SPEC section 7, and the ones SPEC leaves out in the same style (the
// save of types 1, 2, 4, 5, deleting, the person search): each a parse, one service call and
// the reply. Bodies may be form-urlencoded, multipart or JSON; answers are in docs/api-relations.md.
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  acceptRelationSchema,
  commentsListQuerySchema,
  deleteRelationSchema,
  peopleSearchQuerySchema,
  rejectRelationSchema,
  relationActionReplySchema,
  relationListSchema,
  relationSaveReplySchema,
  relationSaveSchema,
  requestToModifySchema,
} from '@recuse/common';
import type { AppContext } from '../../context.ts';
import { sessionOf } from '../../http/authenticate.ts';
import { searchPeopleForPicker } from './relation-people.service.ts';
import { listRelationsPage } from './relations-list.service.ts';
import { getAddNewData, getRelationComments, getRelationView } from './relations-read.service.ts';
import type { SaveForm } from './relations-save.service.ts';
import { saveRelation } from './relations-save.service.ts';
import * as relations from './relations.service.ts';

const idParams = z.object({ id: z.string().max(30) });

export function registerRelationRoutes(
  app: FastifyInstance,
  context: AppContext,
  hooks: { requireUser: onRequestHookHandler },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = { onRequest: hooks.requireUser };
  const tags = ['relations'];

  api.get('/v1/web/relation/data/addnew', { ...signedIn, schema: { tags } }, async (request) =>
    getAddNewData(context, sessionOf(request)),
  );

  api.get(
    '/v1/web/relation/data/view/:id',
    { ...signedIn, schema: { tags, params: idParams } },
    async (request) => getRelationView(context, sessionOf(request), request.params.id, 'relation'),
  );

  api.get(
    '/v1/web/relation/data/pending_employment_view/:id',
    { ...signedIn, schema: { tags, params: idParams } },
    async (request) =>
      getRelationView(context, sessionOf(request), request.params.id, 'pendingEmployment'),
  );

  const saves: Array<[string, SaveForm]> = [
    ['/v1/web/relation/data/coauthor_save', 'coauthor'],
    ['/v1/web/relation/data/pending_employment_save', 'pendingEmployment'],
    ['/v1/web/relation/data/save', 'person'],
  ];
  for (const [url, form] of saves) {
    api.post(
      url,
      {
        ...signedIn,
        schema: { tags, body: relationSaveSchema, response: { 200: relationSaveReplySchema } },
      },
      async (request) => saveRelation(context, sessionOf(request), form, request.body),
    );
  }

  for (const url of [
    '/v1/web/relation_accept_relation',
    '/v1/web/relation_accept_coauthor_relation',
  ]) {
    api.post(
      url,
      {
        ...signedIn,
        schema: { tags, body: acceptRelationSchema, response: { 200: relationActionReplySchema } },
      },
      async (request) => relations.acceptRelation(context, sessionOf(request), request.body),
    );
  }

  for (const url of [
    '/v1/web/relation_reject_relation',
    '/v1/web/relation_reject_coauthor_relation',
  ]) {
    api.post(
      url,
      {
        ...signedIn,
        schema: { tags, body: rejectRelationSchema, response: { 200: relationActionReplySchema } },
      },
      async (request) => relations.rejectRelation(context, sessionOf(request), request.body),
    );
  }

  for (const url of [
    '/v1/web/relation_request_to_modify',
    '/v1/web/relation_request_to_modify_pending_emp',
  ]) {
    api.post(
      url,
      {
        ...signedIn,
        schema: { tags, body: requestToModifySchema, response: { 200: relationActionReplySchema } },
      },
      async (request) => relations.requestToModify(context, sessionOf(request), request.body),
    );
  }

  api.post(
    '/v1/web/relation/data/delete',
    {
      ...signedIn,
      schema: { tags, body: deleteRelationSchema, response: { 200: relationActionReplySchema } },
    },
    async (request) => relations.deleteRelation(context, sessionOf(request), request.body.GID),
  );

  api.get(
    '/v1/web/relation_modify_request_comments_list',
    { ...signedIn, schema: { tags, querystring: commentsListQuerySchema } },
    async (request) => getRelationComments(context, sessionOf(request), request.query.relationId),
  );

  api.post(
    '/v1/web/relations/data/list',
    { ...signedIn, schema: { tags, body: relationListSchema.nullish() } },
    async (request) => listRelationsPage(context, sessionOf(request), request.body ?? {}),
  );

  api.get(
    '/v1/web/users/search',
    { ...signedIn, schema: { tags, querystring: peopleSearchQuerySchema } },
    async (request) => searchPeopleForPicker(context, sessionOf(request), request.query.q),
  );
}
