// The conference calls: the contract's conferDrpList, and the management calls it leaves out, in
// the same style (docs/api-conflicts.md). Each is a parse, one service call and the reply.
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  chairedConferencesReplySchema,
  conferenceChairRemoveSchema,
  conferenceChairSchema,
  conferenceChairsReplySchema,
  conferenceCreateSchema,
  conferenceDropListSchema,
  conferenceReplySchema,
  conferenceUpdateSchema,
  conflictRuleSaveSchema,
} from '@recuse/common';
import type { AppContext } from '../../context.ts';
import { sessionOf } from '../../http/authenticate.ts';
import { refusals } from '../../http/errors.ts';
import { addressLookups, perUserLimitHook } from '../../http/limits.ts';
import * as conferences from './conferences.service.ts';

const confidParams = z.object({ confid: z.string().max(30) });
const ruleParams = z.object({ confid: z.string().max(30), value: z.string().max(100) });

export function registerConferenceRoutes(
  app: FastifyInstance,
  context: AppContext,
  hooks: { requireUser: onRequestHookHandler },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = { onRequest: hooks.requireUser };
  const tags = ['conferences'];
  // The conference as it is afterwards, or a refusal: 403 not its chair (nor an
  // administrator), 404 no such conference or rule, 409 a name or rule id taken, 422 the form.
  const answer = <const Status extends number>(...statuses: Status[]) => ({
    response: { 200: conferenceReplySchema, ...refusals(...statuses) },
  });
  // Naming a co-chair tells whether the address is an account's, as a people search would:
  // the same per-user limit (http/limits.ts, addressLookups).
  const chairLookupLimit = perUserLimitHook(context.db, addressLookups(context.config));

  api.get(
    '/v1/web/conference/data/list/conferDrpList',
    { ...signedIn, schema: { tags, response: { 200: conferenceDropListSchema } } },
    async () => conferences.getConferenceDropList(context),
  );

  api.get(
    '/v1/web/conference/data/list/chaired',
    { ...signedIn, schema: { tags, response: { 200: chairedConferencesReplySchema } } },
    async (request) => conferences.listChairedConferences(context, sessionOf(request)),
  );

  api.post(
    '/v1/web/conference/data/save',
    { ...signedIn, schema: { tags, body: conferenceCreateSchema, ...answer(403, 409, 422) } },
    async (request) => conferences.createConference(context, sessionOf(request), request.body),
  );

  api.post(
    '/v1/web/conference/data/update/:confid',
    {
      ...signedIn,
      schema: {
        tags,
        params: confidParams,
        body: conferenceUpdateSchema,
        ...answer(403, 404, 422),
      },
    },
    async (request) =>
      conferences.updateConferenceDetails(
        context,
        sessionOf(request),
        request.params.confid,
        request.body,
      ),
  );

  api.post(
    '/v1/web/conference/data/delete/:confid',
    { ...signedIn, schema: { tags, params: confidParams, ...answer(403, 404, 422) } },
    async (request) =>
      conferences.removeConference(context, sessionOf(request), request.params.confid),
  );

  api.post(
    '/v1/web/conference/data/chair/add/:confid',
    {
      onRequest: [hooks.requireUser, chairLookupLimit],
      schema: { tags, params: confidParams, body: conferenceChairSchema, ...answer(403, 404, 422) },
    },
    async (request) =>
      conferences.addConferenceChair(
        context,
        sessionOf(request),
        request.params.confid,
        request.body.email,
      ),
  );

  api.get(
    '/v1/web/conference/data/chair/list/:confid',
    {
      ...signedIn,
      schema: {
        tags,
        params: confidParams,
        response: { 200: conferenceChairsReplySchema, ...refusals(403, 404, 422) },
      },
    },
    async (request) =>
      conferences.listConferenceChairs(context, sessionOf(request), request.params.confid),
  );

  // 404 also when the account does not chair it; 409 for its last chair.
  api.post(
    '/v1/web/conference/data/chair/remove/:confid',
    {
      ...signedIn,
      schema: {
        tags,
        params: confidParams,
        body: conferenceChairRemoveSchema,
        ...answer(403, 404, 409, 422),
      },
    },
    async (request) =>
      conferences.removeConferenceChair(
        context,
        sessionOf(request),
        request.params.confid,
        request.body.user_id,
      ),
  );

  api.post(
    '/v1/web/conference/data/rule/save/:confid',
    {
      ...signedIn,
      schema: {
        tags,
        params: confidParams,
        body: conflictRuleSaveSchema,
        ...answer(403, 404, 409, 422),
      },
    },
    async (request) =>
      conferences.createRule(context, sessionOf(request), request.params.confid, request.body),
  );

  api.post(
    '/v1/web/conference/data/rule/update/:confid/:value',
    {
      ...signedIn,
      schema: { tags, params: ruleParams, body: conflictRuleSaveSchema, ...answer(403, 404, 422) },
    },
    async (request) =>
      conferences.editRule(
        context,
        sessionOf(request),
        request.params.confid,
        request.params.value,
        request.body,
      ),
  );

  api.post(
    '/v1/web/conference/data/rule/delete/:confid/:value',
    { ...signedIn, schema: { tags, params: ruleParams, ...answer(403, 404, 422) } },
    async (request) =>
      conferences.removeRule(
        context,
        sessionOf(request),
        request.params.confid,
        request.params.value,
      ),
  );
}
