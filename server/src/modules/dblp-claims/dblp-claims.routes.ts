// DBLP claims (docs/dblp.md, "Claims"; docs/api.md): the administrator's queue and decisions,
// under /v1/web/admin/... like the approval of institutions, and what an account sees of its
// own claim and of claims on the DBLP person it holds, with the holder's dispute.
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  claimDecisionReplySchema,
  claimQueueSchema,
  confirmClaimSchema,
  disputeClaimSchema,
  ownClaimsSchema,
  rejectClaimSchema,
} from '@recuse/common';
import type { AppContext } from '../../context.ts';
import { sessionOf } from '../../http/authenticate.ts';
import { HttpError } from '../../http/errors.ts';
import type { SessionUser } from '../auth/auth.repo.ts';
import {
  claimMessages,
  confirmClaim,
  disputeClaim,
  listClaimsAwaitingDecision,
  listOwnClaims,
  rejectClaim,
} from './dblp-claims.service.ts';

const decided = { 200: claimDecisionReplySchema };

function requireAdministrator(session: SessionUser): void {
  if (session.user.role !== 'admin') {
    throw new HttpError(403, { message: claimMessages.onlyAdministrators });
  }
}

export function registerDblpClaimRoutes(
  app: FastifyInstance,
  context: AppContext,
  hooks: { requireUser: onRequestHookHandler },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = { onRequest: hooks.requireUser };

  api.get(
    '/v1/web/admin/dblp-claims',
    { ...signedIn, schema: { tags: ['dblp-claims'], response: { 200: claimQueueSchema } } },
    async (request) => {
      requireAdministrator(sessionOf(request));
      return listClaimsAwaitingDecision(context);
    },
  );

  api.post(
    '/v1/web/admin/dblp-claims/confirm',
    { ...signedIn, schema: { tags: ['dblp-claims'], body: confirmClaimSchema, response: decided } },
    async (request) => {
      const session = sessionOf(request);
      requireAdministrator(session);
      const claim = await confirmClaim(context, session.user.id, request.body.claimId);
      return { message: 'SUCCESS' as const, state: claim.state };
    },
  );

  api.post(
    '/v1/web/admin/dblp-claims/reject',
    { ...signedIn, schema: { tags: ['dblp-claims'], body: rejectClaimSchema, response: decided } },
    async (request) => {
      const session = sessionOf(request);
      requireAdministrator(session);
      const { claimId: id, reason: why } = request.body;
      const claim = await rejectClaim(context, session.user.id, id, why);
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
}
