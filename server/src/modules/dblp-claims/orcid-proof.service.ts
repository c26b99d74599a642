// The claimant proves their own DBLP claim by signing in with ORCID (docs/dblp.md, "Claims";
// docs/security.md, section 6): DBLP person records list their ORCID iDs, so a person who signs
// in at ORCID with an iD the claimed DBLP page lists is that DBLP person. In plain words:
// - start: the caller's open, provisional claim gets a single-use `state` (stored hashed, a few
//   minutes long) and ORCID's authorize URL to send the person to;
// - finish: the `state` must be the caller's, live and unused; it is used up before ORCID is
//   asked, so a code is exchanged at most once. ORCID names the iD; the claimed pid's per-person
//   XML is read through the crawler's fetcher (same politeness clock); a listed iD confirms the
//   claim the way an administrator's confirmation does, with proof `orcid`. Anything else
//   leaves the claim open and says why;
// - a disputed claim is only ever decided by an administrator.
// Without ORCID_CLIENT_ID both calls answer 409 (messages.orcidNotConfigured).
import type { OrcidFinishReply } from '@recuse/common';
import { dblpClaimMessages, dblpUrlForPid } from '@recuse/common';
import { recordAudit } from '../../audit/audit.repo.ts';
import type { Config } from '../../config.ts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { createDblpPersonFetcher } from '../../dblp/crawl/crawl-person.ts';
import { CrawlFailure } from '../../dblp/crawl/fetch-person.ts';
import { orcidIdsOf } from '../../dblp/dblp-people.ts';
import type { SessionUser } from '../../http/authenticate.ts';
import { HttpError } from '../../http/errors.ts';
// The tokens table is auth's; address links and ORCID's state are issued and redeemed through
// its one-time-tokens functions.
import {
  findLiveSecret,
  issueSecret,
  markTokenUsed,
  revokeUserTokens,
} from '../auth/one-time-tokens.ts';
import type { DblpClaim } from './dblp-claims.repo.ts';
import { findOpenClaimOf } from './dblp-claims.repo.ts';
import { confirmClaimByOrcid } from './dblp-claims.service.ts';
import { exchangeOrcidCode, orcidAuthorizeUrl } from './orcid-client.ts';

/** How long a started ORCID sign-in may take. */
const stateTtlMinutes = 15;
/** How long a person waits at most for the DBLP host to be free (the crawler may be using it). */
const dblpHostWaitMs = 10_000;

/** A failure of ORCID or DBLP: the person is told `message`; `detail` is for the log. */
export class UpstreamFailure extends HttpError {
  constructor(
    message: string,
    readonly detail: string,
  ) {
    super(502, { message });
  }
}

const refuse = (status: number, message: string) => new HttpError(status, { message });

export const isOrcidSignInOffered = (config: Pick<Config, 'ORCID_CLIENT_ID'>) =>
  config.ORCID_CLIENT_ID !== undefined;

function requireOrcidSignIn(config: Config) {
  if (!isOrcidSignInOffered(config)) throw refuse(409, dblpClaimMessages.orcidNotConfigured);
}

/** The caller's open claim, which ORCID may prove only while it is provisional. */
async function provableClaimOf(db: Db, userId: number): Promise<DblpClaim> {
  const claim = await findOpenClaimOf(db, userId);
  if (!claim) throw refuse(409, dblpClaimMessages.noOpenClaim);
  if (claim.state === 'disputed') throw refuse(409, dblpClaimMessages.disputedNeedsAdministrator);
  return claim;
}

/** Starts a sign-in at ORCID for the caller's claim; an earlier unfinished one stops working. */
export async function startOrcidProof(
  context: AppContext,
  session: SessionUser,
): Promise<{ url: string }> {
  requireOrcidSignIn(context.config);
  const { user } = session;
  return context.db.transaction(async (tx) => {
    await provableClaimOf(tx, user.id);
    await revokeUserTokens(tx, user.id, ['orcid_state']);
    const state = await issueSecret(tx, {
      userId: user.id,
      kind: 'orcid_state',
      expiresAt: new Date(Date.now() + stateTtlMinutes * 60_000),
    });
    return { url: orcidAuthorizeUrl(context.config, state) };
  });
}

/** Finishes the sign-in ORCID sent back: confirms the caller's claim, or says why not. */
export async function finishOrcidProof(
  context: AppContext,
  session: SessionUser,
  form: { code: string; state: string },
): Promise<OrcidFinishReply> {
  const { config, db } = context;
  requireOrcidSignIn(config);
  const { user } = session;
  // Refusals up to here change nothing; from here on the state is spent.
  const token = await findLiveSecret(db, 'orcid_state', form.state);
  const isCallers = token && !token.usedAt && token.userId === user.id;
  if (!isCallers) throw refuse(404, dblpClaimMessages.orcidLinkInvalid);
  const claim = await provableClaimOf(db, user.id);
  if (!(await markTokenUsed(db, token.id))) throw refuse(404, dblpClaimMessages.orcidLinkInvalid);

  const signIn = await exchangeOrcidCode(config, form.code);
  if (signIn.status === 'refused') throw refuse(409, dblpClaimMessages.orcidRefused);
  if (signIn.status === 'unreachable') {
    throw new UpstreamFailure(dblpClaimMessages.orcidUnreachable, signIn.detail);
  }
  const listed = await orcidIdsOnDblp(context, claim.pid);
  if (!listed.includes(signIn.orcidId)) {
    await recordAudit(db, {
      actorUserId: user.id,
      action: 'dblp-claim.orcid-not-listed',
      entity: 'dblp_claim',
      entityId: claim.id,
      after: { orcidId: signIn.orcidId, listed },
    });
    const message = listed.length === 0 ? 'noOrcidListed' : 'orcidNotListed';
    throw refuse(409, dblpClaimMessages[message]);
  }
  const confirmed = await confirmClaimByOrcid(context, user.id, claim.id, signIn.orcidId);
  return { message: 'SUCCESS', state: 'confirmed', dblpUrl: dblpUrlForPid(confirmed.pid) };
}

/** The ORCID iDs DBLP lists for the pid, read as the crawler reads a person (fetch-person.ts). */
async function orcidIdsOnDblp(context: AppContext, pid: string): Promise<string[]> {
  const { config, db } = context;
  if (!config.DBLP_BASE_URL) {
    throw new UpstreamFailure(dblpClaimMessages.dblpUnreachable, 'DBLP_BASE_URL is not set');
  }
  const fetcher = createDblpPersonFetcher({ db, config, hostWaitLimitMs: dblpHostWaitMs });
  try {
    const answer = await fetcher.fetchPerson(pid);
    if (answer.status === 'gone') throw refuse(409, dblpClaimMessages.dblpPersonGone);
    return orcidIdsOf(answer.file.person);
  } catch (error) {
    if (!(error instanceof CrawlFailure)) throw error;
    throw new UpstreamFailure(dblpClaimMessages.dblpUnreachable, error.message);
  }
}
