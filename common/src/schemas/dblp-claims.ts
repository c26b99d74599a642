// DBLP claims (docs/dblp.md, "Claims"): the requests and replies of the administrator's queue
// and decisions and of an account's own claims, shared by the server's routes and clients.
import { z } from 'zod';
import { requiredText } from './fields.ts';

const pickClaim = 'Please select the claim.';
const claimId = z.coerce
  .number({ error: pickClaim })
  .int({ error: pickClaim })
  .min(1, { error: pickClaim })
  .max(2_147_483_647, { error: pickClaim });

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
