// Requests of the DBLP claim calls for API tests (docs/dblp.md, "Claims").
import type { TestApp } from './build-test-app.ts';
import type { Tokens } from './factories.ts';
import { get, post } from './relation-requests.ts';

export interface QueuedClaim {
  id: number;
  state: 'provisional' | 'disputed';
  pid: string;
  dblpUrl: string;
  claimant: { id: number; name: string; email: string; isEmailConfirmed: boolean };
  holder: { id: number; kind: string; name: string } | null;
  disputedBy: { id: number; name: string } | null;
  disputeReason: string;
}

export const claimQueue = (t: TestApp, session: Tokens | null) =>
  get(t, '/v1/web/admin/dblp-claims', session);

/** The administrator's queue, as a list (fails the test on any other answer). */
export async function queuedClaims(t: TestApp, admin: Tokens): Promise<QueuedClaim[]> {
  const response = await claimQueue(t, admin);
  if (response.statusCode !== 200) throw new Error(`queue: ${response.statusCode}`);
  return response.json<{ claims: QueuedClaim[] }>().claims;
}

/** The open claim of one account in the administrator's queue. */
export async function queuedClaimOf(t: TestApp, admin: Tokens, userId: number) {
  return (await queuedClaims(t, admin)).find((claim) => claim.claimant.id === userId);
}

export const confirmClaim = (t: TestApp, session: Tokens | null, claimId: number | string) =>
  post(t, '/v1/web/admin/dblp-claims/confirm', session, { claimId });

export const rejectClaim = (
  t: TestApp,
  session: Tokens | null,
  claimId: number | string,
  reason: string | undefined,
) => post(t, '/v1/web/admin/dblp-claims/reject', session, { claimId, reason });

export const ownClaims = (t: TestApp, session: Tokens) =>
  get(t, '/v1/web/user/dblp-claims', session);

export const disputeClaim = (
  t: TestApp,
  session: Tokens,
  claimId: number | string,
  reason: string | undefined,
) => post(t, '/v1/web/user/dblp-claims/dispute', session, { claimId, reason });

/** An administrator confirms the account's open claim; answers the claim's id. */
export async function confirmOpenClaimOf(t: TestApp, admin: Tokens, userId: number) {
  const claim = await queuedClaimOf(t, admin, userId);
  if (!claim) throw new Error(`no open claim of user ${userId}`);
  const response = await confirmClaim(t, admin, claim.id);
  if (response.statusCode !== 200)
    throw new Error(`confirm: ${response.statusCode} ${response.body}`);
  return claim.id;
}
