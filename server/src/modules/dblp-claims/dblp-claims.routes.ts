// DBLP claims (docs/dblp.md, "Claims"; docs/api.md): the administrator's queue and decisions,
// under /v1/web/admin/... like the approval of institutions, and what an account sees of its
// own claim and of claims on the DBLP person it holds, with the holder's dispute.
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requiredText } from '@recuse/common';
import type { AppContext } from '../../context.ts';
import { sessionOf } from '../../http/authenticate.ts';
import type { SessionUser } from '../auth/auth.repo.ts';
import { HttpError } from '../../http/errors.ts';
import {
  claimMessages,
  confirmClaim,
  disputeClaim,
  listClaimsAwaitingDecision,
  listOwnClaims,
  rejectClaim,
} from './dblp-claims.service.ts';

const pickClaim = 'Please select the claim.';
const claimId = z.coerce
  .number({ error: pickClaim })
  .int({ error: pickClaim })
  .min(1, { error: pickClaim })
  .max(2_147_483_647, { error: pickClaim });
const reason = (message: string) => requiredText(message, 1000);

const confirmBody = z.object({ claimId });
const rejectBody = z.object({
  claimId,
  reason: reason('Please enter reason for rejection.'),
});
const disputeBody = z.object({
  claimId,
  reason: reason('Please say why this DBLP profile is yours.'),
});

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
    { ...signedIn, schema: { tags: ['dblp-claims'] } },
    async (request) => {
      requireAdministrator(sessionOf(request));
      return listClaimsAwaitingDecision(context);
    },
  );

  api.post(
    '/v1/web/admin/dblp-claims/confirm',
    { ...signedIn, schema: { tags: ['dblp-claims'], body: confirmBody } },
    async (request) => {
      const session = sessionOf(request);
      requireAdministrator(session);
      const claim = await confirmClaim(context, session.user.id, request.body.claimId);
      return { message: 'SUCCESS', state: claim.state };
    },
  );

  api.post(
    '/v1/web/admin/dblp-claims/reject',
    { ...signedIn, schema: { tags: ['dblp-claims'], body: rejectBody } },
    async (request) => {
      const session = sessionOf(request);
      requireAdministrator(session);
      const { claimId: id, reason: why } = request.body;
      const claim = await rejectClaim(context, session.user.id, id, why);
      return { message: 'SUCCESS', state: claim.state };
    },
  );

  api.get(
    '/v1/web/user/dblp-claims',
    { ...signedIn, schema: { tags: ['dblp-claims'] } },
    (request) => listOwnClaims(context, sessionOf(request)),
  );

  api.post(
    '/v1/web/user/dblp-claims/dispute',
    { ...signedIn, schema: { tags: ['dblp-claims'], body: disputeBody } },
    async (request) => {
      const { claimId: id, reason: why } = request.body;
      const claim = await disputeClaim(context, sessionOf(request), id, why);
      return { message: 'SUCCESS', state: claim.state };
    },
  );
}
