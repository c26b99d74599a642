// DBLP claims (docs/dblp.md, "Claims"; docs/api.md): the administrator's queue and decisions,
// under /v1/web/admin/... like the approval of institutions, what an account sees of its own
// claim and of claims on the DBLP person it holds, with the holder's dispute, and the
// claimant's own proof by ORCID sign-in.
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  claimDecisionReplySchema,
  claimQueueSchema,
  confirmClaimSchema,
  disputeClaimSchema,
  orcidFinishReplySchema,
  orcidFinishSchema,
  orcidStartReplySchema,
  ownClaimsSchema,
  rejectClaimSchema,
} from '@recuse/common';
import type { AppContext } from '../../context.ts';
import { onlyAdministrators, sessionOf } from '../../http/authenticate.ts';
import { refusals } from '../../http/errors.ts';
import { hour, limitHook } from '../../http/limits.ts';
import {
  claimMessages,
  confirmClaim,
  disputeClaim,
  listClaimsAwaitingDecision,
  listOwnClaims,
  rejectClaim,
} from './dblp-claims.service.ts';
import { UpstreamFailure, finishOrcidProof, startOrcidProof } from './orcid-proof.service.ts';

/** ORCID sign-ins a user may start per hour: each may cost a request to ORCID and to DBLP. */
const orcidSignInsPerHour = 20;

const decided = { 200: claimDecisionReplySchema };

export function registerDblpClaimRoutes(
  app: FastifyInstance,
  context: AppContext,
  hooks: { requireUser: onRequestHookHandler },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = { onRequest: hooks.requireUser };
  const administrators = {
    onRequest: [hooks.requireUser, onlyAdministrators(claimMessages.onlyAdministrators)],
  };

  api.get(
    '/v1/web/admin/dblp-claims',
    { ...administrators, schema: { tags: ['dblp-claims'], response: { 200: claimQueueSchema } } },
    () => listClaimsAwaitingDecision(context),
  );

  api.post(
    '/v1/web/admin/dblp-claims/confirm',
    {
      ...administrators,
      schema: { tags: ['dblp-claims'], body: confirmClaimSchema, response: decided },
    },
    async (request) => {
      const claim = await confirmClaim(context, sessionOf(request).user.id, request.body.claimId);
      return { message: 'SUCCESS' as const, state: claim.state };
    },
  );

  api.post(
    '/v1/web/admin/dblp-claims/reject',
    {
      ...administrators,
      schema: { tags: ['dblp-claims'], body: rejectClaimSchema, response: decided },
    },
    async (request) => {
      const { claimId: id, reason: why } = request.body;
      const claim = await rejectClaim(context, sessionOf(request).user.id, id, why);
      return { message: 'SUCCESS' as const, state: claim.state };
    },
  );

  api.get(
    '/v1/web/user/dblp-claims',
    { ...signedIn, schema: { tags: ['dblp-claims'], response: { 200: ownClaimsSchema } } },
    (request) => listOwnClaims(context, sessionOf(request)),
  );

  api.post(
    '/v1/web/user/dblp-claims/dispute',
    { ...signedIn, schema: { tags: ['dblp-claims'], body: disputeClaimSchema, response: decided } },
    async (request) => {
      const { claimId: id, reason: why } = request.body;
      const claim = await disputeClaim(context, sessionOf(request), id, why);
      return { message: 'SUCCESS' as const, state: claim.state };
    },
  );

  const orcidLimit = limitHook(
    context.db,
    { name: 'orcid-sign-in', max: orcidSignInsPerHour, windowMs: hour },
    (request) => `user:${sessionOf(request).user.id}`,
  );

  api.post(
    '/v1/web/user/dblp-claims/orcid/start',
    {
      onRequest: [hooks.requireUser, orcidLimit],
      schema: {
        tags: ['dblp-claims'],
        response: { 200: orcidStartReplySchema, ...refusals(409, 429) },
      },
    },
    (request) => startOrcidProof(context, sessionOf(request)),
  );

  api.post(
    '/v1/web/user/dblp-claims/orcid/finish',
    {
      ...signedIn,
      schema: {
        tags: ['dblp-claims'],
        body: orcidFinishSchema,
        response: { 200: orcidFinishReplySchema, ...refusals(404, 409, 422, 502) },
      },
    },
    async (request) => {
      try {
        return await finishOrcidProof(context, sessionOf(request), request.body);
      } catch (error) {
        // What failed upstream, for the operator; never the code, the state or ORCID's answer.
        if (error instanceof UpstreamFailure) {
          request.log.warn({ upstream: error.detail }, 'ORCID proof of a DBLP claim failed');
        }
        throw error;
      }
    },
  );
}
