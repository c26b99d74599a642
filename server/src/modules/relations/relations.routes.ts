// The relation calls (docs/api.md, "Relations"; docs/api-relations.md), and the ones the contract
// leaves out in the same style (the save of types 1, 2, 4, 5, deleting, the person search): each a
// parse, one service call and the reply. Bodies may be form-urlencoded, multipart or JSON; answers
// are in docs/api-relations.md.
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  acceptRelationSchema,
  addNewReplySchema,
  committeeCheckFormSchema,
  committeeCheckReplySchema,
  conflictSelectionFormSchema,
  conflictsExportFormSchema,
  commentsListQuerySchema,
  deleteRelationSchema,
  duplicateReplySchema,
  errorReplySchema,
  peopleSearchQuerySchema,
  peopleSearchReplySchema,
  pendingEmploymentViewReplySchema,
  rejectRelationSchema,
  relationActionReplySchema,
  relationCommentsReplySchema,
  relationListReplySchema,
  relationListSchema,
  relationSaveReplySchema,
  relationSaveSchema,
  relationViewReplySchema,
  requestToModifySchema,
} from '@recuse/common';
import {
  exportConflicts,
  listRelationsWithConflicts,
  readListSelection,
} from '../conflicts/conflicts.service.ts';
import { checkCommittee } from '../conflicts/committee-check.service.ts';
import type { AppContext } from '../../context.ts';
import { sessionOf } from '../../http/authenticate.ts';
import { refusals } from '../../http/errors.ts';
import { addressLookups, perUserLimitHook } from '../../http/limits.ts';
import { searchPeopleForPicker } from './relation-people.service.ts';
import { listRelationsPage } from './relations-list.service.ts';
import {
  getAddNewData,
  getPendingEmploymentView,
  getRelationComments,
  getRelationView,
} from './relations-read.service.ts';
import type { SaveForm } from './relations-save.service.ts';
import { saveRelation } from './relations-save.service.ts';
import {
  readPartyAnswer,
  readRelationComment,
  toActionReply,
  toSaveReply,
} from './relations.presenter.ts';
import * as relations from './relations.service.ts';

const idParams = z.object({ id: z.string().max(30) });

/** A save's 409: the relation that exists already, or a refusal of the modification. */
const saveConflictReplySchema = z.union([duplicateReplySchema, errorReplySchema]);

/** The exported conflict list, one media type per format (conflictExportFormats). */
const conflictsFileReply = {
  content: {
    'text/plain': {
      schema: z.string().describe('HotCRP collaborators text, one line a conflict.'),
    },
    'text/csv': { schema: z.string().describe('The conflicts as CSV (RFC 4180).') },
    'application/json': { schema: z.string().describe('The conflicts as a JSON document.') },
  },
};

export function registerRelationRoutes(
  app: FastifyInstance,
  context: AppContext,
  hooks: { requireUser: onRequestHookHandler },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = { onRequest: hooks.requireUser };
  const tags = ['relations'];
  const searchLimit = perUserLimitHook(context.db, addressLookups(context.config));

  api.get(
    '/v1/web/relation/data/addnew',
    { ...signedIn, schema: { tags, response: { 200: addNewReplySchema, ...refusals(422) } } },
    async (request) => getAddNewData(context, sessionOf(request)),
  );

  api.get(
    '/v1/web/relation/data/view/:id',
    {
      ...signedIn,
      schema: {
        tags,
        params: idParams,
        response: { 200: relationViewReplySchema, ...refusals(404, 422) },
      },
    },
    async (request) => getRelationView(context, sessionOf(request), request.params.id),
  );

  api.get(
    '/v1/web/relation/data/pending_employment_view/:id',
    {
      ...signedIn,
      schema: {
        tags,
        params: idParams,
        response: { 200: pendingEmploymentViewReplySchema, ...refusals(404, 422) },
      },
    },
    async (request) => getPendingEmploymentView(context, sessionOf(request), request.params.id),
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
        schema: {
          tags,
          body: relationSaveSchema,
          response: {
            200: relationSaveReplySchema,
            409: saveConflictReplySchema,
            ...refusals(403, 404, 422),
          },
        },
      },
      async (request) =>
        toSaveReply(await saveRelation(context, sessionOf(request), form, request.body)),
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
        schema: {
          tags,
          body: acceptRelationSchema,
          response: { 200: relationActionReplySchema, ...refusals(403, 404, 409, 422) },
        },
      },
      async (request) =>
        toActionReply(
          await relations.acceptRelation(
            context,
            sessionOf(request),
            readPartyAnswer(request.body),
          ),
        ),
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
        schema: {
          tags,
          body: rejectRelationSchema,
          response: { 200: relationActionReplySchema, ...refusals(403, 404, 409, 422) },
        },
      },
      async (request) =>
        toActionReply(
          await relations.rejectRelation(
            context,
            sessionOf(request),
            readPartyAnswer(request.body),
          ),
        ),
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
        schema: {
          tags,
          body: requestToModifySchema,
          response: { 200: relationActionReplySchema, ...refusals(403, 404, 409, 422) },
        },
      },
      async (request) =>
        toActionReply(
          await relations.requestToModify(
            context,
            sessionOf(request),
            readRelationComment(request.body),
          ),
        ),
    );
  }

  api.post(
    '/v1/web/relation/data/delete',
    {
      ...signedIn,
      schema: {
        tags,
        body: deleteRelationSchema,
        response: { 200: relationActionReplySchema, ...refusals(403, 404, 409, 422) },
      },
    },
    async (request) =>
      toActionReply(await relations.deleteRelation(context, sessionOf(request), request.body.GID)),
  );

  api.get(
    '/v1/web/relation_modify_request_comments_list',
    {
      ...signedIn,
      schema: {
        tags,
        querystring: commentsListQuerySchema,
        response: { 200: relationCommentsReplySchema, ...refusals(404, 422) },
      },
    },
    async (request) => getRelationComments(context, sessionOf(request), request.query.relationId),
  );

  // With conflict rules the list also answers the user's conflicts (server/src/conflicts): the
  // selection is checked first, so a 404 or 422 leaves everything else uncomputed.
  api.post(
    '/v1/web/relations/data/list',
    {
      ...signedIn,
      // A prolific author's list is megabytes of JSON (docs/benchmarks.md, "Relations list
      // for a prolific author"): it goes out gzipped (http/compression.ts).
      schema: {
        tags,
        body: relationListSchema.extend(conflictSelectionFormSchema.shape).nullish(),
        response: { 200: relationListReplySchema, ...refusals(404, 422) },
      },
    },
    async (request) => {
      const session = sessionOf(request);
      const form = request.body ?? {};
      const selection = await readListSelection(context, form);
      return selection
        ? listRelationsWithConflicts(context, session.user.id, form, selection)
        : listRelationsPage(context, session, form);
    },
  );

  api.post(
    '/v1/web/relations/data/conflicts_export',
    {
      ...signedIn,
      schema: {
        tags,
        body: conflictsExportFormSchema,
        response: { 200: conflictsFileReply, ...refusals(404, 422) },
      },
    },
    async (request, reply) => {
      const file = await exportConflicts(context, sessionOf(request).user.id, request.body);
      return reply
        .type(file.contentType)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .send(file.body);
    },
  );

  api.post(
    '/v1/web/relations/data/conflicts/check',
    {
      ...signedIn,
      schema: {
        tags,
        body: committeeCheckFormSchema,
        response: { 200: committeeCheckReplySchema, ...refusals(404, 422) },
      },
    },
    async (request) => checkCommittee(context, sessionOf(request).user.id, request.body),
  );

  api.get(
    '/v1/web/users/search',
    {
      // Per user, after requireUser: a full e-mail address finds its person (docs/security.md
      // section 5), so nobody may try addresses in bulk.
      onRequest: [hooks.requireUser, searchLimit],
      schema: {
        tags,
        querystring: peopleSearchQuerySchema,
        response: { 200: peopleSearchReplySchema, ...refusals(422, 429) },
      },
    },
    async (request) => searchPeopleForPicker(context, sessionOf(request), request.query.q),
  );
}
