// The conference calls: SPEC's conferDrpList, and the management calls SPEC leaves out, in
// the same style (docs/api-conflicts.md). Each is a parse, one service call and the reply.
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  conferenceCreateSchema,
  conferenceDropListSchema,
  conferenceReplySchema,
  conferenceUpdateSchema,
  conflictRuleSaveSchema,
  emailField,
} from '@recuse/common';
import type { AppContext } from '../../context.ts';
import { sessionOf } from '../../http/authenticate.ts';
import * as conferences from './conferences.service.ts';

const confidParams = z.object({ confid: z.string().max(30) });
const ruleParams = z.object({ confid: z.string().max(30), value: z.string().max(100) });
const chairSchema = z.object({ email: emailField });

export function registerConferenceRoutes(
  app: FastifyInstance,
  context: AppContext,
  hooks: { requireUser: onRequestHookHandler },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = { onRequest: hooks.requireUser };
  const tags = ['conferences'];
  const answer = { response: { 200: conferenceReplySchema } };

  api.get(
    '/v1/web/conference/data/list/conferDrpList',
    { ...signedIn, schema: { tags, response: { 200: conferenceDropListSchema } } },
    async () => conferences.getConferenceDropList(context),
  );

  api.post(
    '/v1/web/conference/data/save',
    { ...signedIn, schema: { tags, body: conferenceCreateSchema, ...answer } },
    async (request) => conferences.createConference(context, sessionOf(request), request.body),
  );

  api.post(
    '/v1/web/conference/data/update/:confid',
    {
      ...signedIn,
      schema: { tags, params: confidParams, body: conferenceUpdateSchema, ...answer },
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
    { ...signedIn, schema: { tags, params: confidParams, ...answer } },
    async (request) =>
      conferences.removeConference(context, sessionOf(request), request.params.confid),
  );

  api.post(
    '/v1/web/conference/data/chair/add/:confid',
    { ...signedIn, schema: { tags, params: confidParams, body: chairSchema, ...answer } },
    async (request) =>
      conferences.addConferenceChair(
        context,
        sessionOf(request),
        request.params.confid,
        request.body.email,
      ),
  );

  api.post(
    '/v1/web/conference/data/rule/save/:confid',
    {
      ...signedIn,
      schema: { tags, params: confidParams, body: conflictRuleSaveSchema, ...answer },
    },
    async (request) =>
      conferences.createRule(context, sessionOf(request), request.params.confid, request.body),
  );

  api.post(
    '/v1/web/conference/data/rule/update/:confid/:value',
    { ...signedIn, schema: { tags, params: ruleParams, body: conflictRuleSaveSchema, ...answer } },
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
    { ...signedIn, schema: { tags, params: ruleParams, ...answer } },
    async (request) =>
      conferences.removeRule(
        context,
        sessionOf(request),
        request.params.confid,
        request.params.value,
      ),
  );
}
