// DBLP claims (docs/dblp.md, "Claims"): the requests and replies of the administrator's queue
// and decisions and of an account's own claims, shared by the server's routes and clients.
import { z } from 'zod';
import { dblpClaimMessages } from '../messages.ts';
import { idField, requiredText } from './fields.ts';

const pickClaim = 'Please select the claim.';
const claimId = idField(pickClaim);

/** The states of a claim awaiting a decision. */
export const openClaimStateSchema = z.enum(['provisional', 'disputed']);
export const claimStateSchema = z.enum([
  'provisional',
  'disputed',
  'confirmed',
  'rejected',
  'withdrawn',
]);

/** POST /v1/web/admin/dblp-claims/confirm */
export const confirmClaimSchema = z.object({ claimId });
/** POST /v1/web/admin/dblp-claims/reject */
export const rejectClaimSchema = z.object({
  claimId,
  reason: requiredText('Please enter reason for rejection.', 1000),
});
/** POST /v1/web/user/dblp-claims/dispute */
export const disputeClaimSchema = z.object({
  claimId,
  reason: requiredText('Please say why this DBLP profile is yours.', 1000),
});

/** The reply of a decision or a dispute: the claim's state afterwards. */
export const claimDecisionReplySchema = z.object({
  message: z.literal('SUCCESS'),
  state: claimStateSchema,
});

/** GET /v1/web/admin/dblp-claims: every claim awaiting a decision, oldest first. */
export const claimQueueSchema = z.object({
  claims: z.array(
    z.object({
      id: z.number(),
      state: openClaimStateSchema,
      pid: z.string(),
      dblpUrl: z.string(),
      createdAt: z.string(),
      claimant: z.object({
        id: z.number(),
        name: z.string(),
        email: z.string(),
        isEmailConfirmed: z.boolean(),
      }),
      /** Who holds the pid today: a DBLP-only person, another account, or nobody (null). */
      holder: z.object({ id: z.number(), kind: z.string(), name: z.string() }).nullable(),
      disputedBy: z.object({ id: z.number(), name: z.string() }).nullable(),
      disputeReason: z.string(),
    }),
  ),
});
export type ClaimQueue = z.infer<typeof claimQueueSchema>;

/** GET /v1/web/user/dblp-claims: the account's open claim, and open claims on its own pid. */
export const ownClaimsSchema = z.object({
  claim: z.object({ id: z.number(), state: openClaimStateSchema, dblpUrl: z.string() }).nullable(),
  claimsOnMine: z.array(
    z.object({
      id: z.number(),
      state: openClaimStateSchema,
      dblpUrl: z.string(),
      claimantName: z.string(),
      createdAt: z.string(),
    }),
  ),
});
export type OwnClaims = z.infer<typeof ownClaimsSchema>;

/**
 * POST /v1/web/user/dblp-claims/orcid/start (no body): where to send the person to sign in
 * with ORCID, to prove their open claim (docs/dblp.md, "Claims").
 */
export const orcidStartReplySchema = z.object({ url: z.string() });

const { orcidReturnIncomplete } = dblpClaimMessages;

/** POST /v1/web/user/dblp-claims/orcid/finish: what ORCID sent back to /dblp-claim/orcid. */
export const orcidFinishSchema = z.object({
  code: requiredText(orcidReturnIncomplete, 200),
  state: requiredText(orcidReturnIncomplete, 200),
});

/** The claim confirmed by the ORCID sign-in; every other outcome is a refusal with its message. */
export const orcidFinishReplySchema = z.object({
  message: z.literal('SUCCESS'),
  state: z.literal('confirmed'),
  dblpUrl: z.string(),
});
export type OrcidFinishReply = z.infer<typeof orcidFinishReplySchema>;
