// Claims of DBLP people (docs/dblp.md, "Claims"; docs/security.md section 6). Typing a DBLP
// URL proves nothing, so it only opens a claim; the DBLP person (its pid, its names, its
// co-authorships) joins the account when an administrator confirms the claim. The account that
// holds the pid may dispute a claim; competing claims dispute each other. Until confirmed, a
// claim changes nothing anybody else sees.
import { dblpClaimMessages, dblpUrlForPid } from '@recuse/common';
import { recordAudit } from '../../audit/audit.repo.ts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { notifications } from '../../db/schema.ts';
import { syncImportedRelations } from '../../dblp/imported-relations.repo.ts';
import type { SessionUser } from '../../http/authenticate.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { enqueueDblpCrawl } from '../../jobs/job-kinds.ts';
import {
  assignDblpIdentity,
  findDblpPidHolder,
  lockAccount,
  mergeDblpPerson,
} from '../accounts/accounts.service.ts';
import type { DblpClaim } from './dblp-claims.repo.ts';
import {
  findClaim,
  findOpenClaimOf,
  findOtherOpenClaims,
  insertClaim,
  listOpenClaims,
  listOpenClaimsOnPid,
  lockClaim,
  lockPid,
  openStates,
  transferDblpPerson,
  updateClaim,
} from './dblp-claims.repo.ts';

export const claimMessages = {
  onlyAdministrators: 'Only administrators may decide DBLP claims.',
  alreadyDecided: 'This claim has already been decided.',
  heldElsewhere:
    'This DBLP profile belongs to a person who cannot take it over; reject this claim instead.',
  confirmed: (url: string) => `Your claim of the DBLP profile ${url} was confirmed.`,
  rejected: (url: string) => `Your claim of the DBLP profile ${url} was rejected.`,
  claimedFromYou: (url: string) =>
    `Another account claims your DBLP profile ${url}. If it is not theirs, dispute the claim; an administrator decides.`,
} as const;

const isOpen = (claim: DblpClaim) => openStates.includes(claim.state);
/** The state of a claim listed as open (the queries select only those). */
const openState = (claim: DblpClaim): 'provisional' | 'disputed' =>
  claim.state === 'disputed' ? 'disputed' : 'provisional';

async function notify(db: Db, userId: number, message: string, rejectReason?: string) {
  await db.insert(notifications).values({ userId, message, rejectReason: rejectReason ?? null });
}

/**
 * Opens the account's claim of a pid, inside the caller's transaction (the user's row locked):
 * - the same pid as the account's open claim: that claim stands, unchanged;
 * - another open claim of the account is withdrawn first (one open claim per account);
 * - a pid other accounts claim too: every one of those claims and this one are `disputed`;
 * - a pid another account holds: that account is told and may dispute the claim.
 * Nothing of the DBLP person moves: confirmClaim does that.
 */
export async function openDblpClaim(db: Db, userId: number, pid: string): Promise<DblpClaim> {
  const open = await findOpenClaimOf(db, userId);
  if (open?.pid === pid) return open;
  if (open) await withdrawClaim(db, open);
  await lockPid(db, pid);

  const competing = await findOtherOpenClaims(db, pid, userId);
  for (const other of competing) {
    if (other.state === 'provisional') await updateClaim(db, other.id, { state: 'disputed' });
  }
  const claim = await insertClaim(db, {
    userId,
    pid,
    state: competing.length > 0 ? 'disputed' : 'provisional',
  });
  const holder = await findDblpPidHolder(db, pid);
  if (holder?.kind === 'registered' && holder.id !== userId) {
    await notify(db, holder.id, claimMessages.claimedFromYou(dblpUrlForPid(pid)));
  }
  await recordAudit(db, {
    actorUserId: userId,
    action: 'dblp-claim.open',
    entity: 'dblp_claim',
    entityId: claim.id,
    after: { pid, state: claim.state, holderUserId: holder?.id ?? null },
  });
  return claim;
}

/** Withdraws the account's open claim, if any (the profile saved another DBLP URL or none). */
export async function withdrawOpenDblpClaim(db: Db, userId: number): Promise<void> {
  const open = await findOpenClaimOf(db, userId);
  if (open) await withdrawClaim(db, open);
}

async function withdrawClaim(db: Db, claim: DblpClaim) {
  await updateClaim(db, claim.id, { state: 'withdrawn' });
  await recordAudit(db, {
    actorUserId: claim.userId,
    action: 'dblp-claim.withdraw',
    entity: 'dblp_claim',
    entityId: claim.id,
    before: { state: claim.state },
    after: { state: 'withdrawn' },
  });
}

export const findOpenDblpClaim = findOpenClaimOf;

/**
 * An open claim, locked with its pid (and, for a confirmation, its account's row first, as a
 * profile save takes it); 404 for an unknown one, 409 for one already decided. Locks are taken
 * in the order account, pid, claim everywhere, so decisions and new claims cannot deadlock.
 */
async function lockOpenClaim(
  db: Db,
  claimId: number,
  options: { lockAccount?: boolean } = {},
): Promise<DblpClaim> {
  const found = await findClaim(db, claimId);
  if (!found) throw notFound();
  if (options.lockAccount) await lockAccount(db, found.userId);
  await lockPid(db, found.pid);
  const claim = (await lockClaim(db, claimId))!;
  if (!isOpen(claim)) throw new HttpError(409, { message: claimMessages.alreadyDecided });
  return claim;
}

/**
 * An administrator confirms a claim: the DBLP person joins the claiming account
 * (confirmLockedClaim says how). Other open claims on the same pid stay in the queue, to be
 * rejected.
 */
export async function confirmClaim(
  context: AppContext,
  adminUserId: number,
  claimId: number,
): Promise<DblpClaim> {
  return context.db.transaction(async (tx) => {
    const claim = await lockOpenClaim(tx, claimId, { lockAccount: true });
    return confirmLockedClaim(tx, claim, { actorUserId: adminUserId, proof: 'admin' });
  });
}

/**
 * The claimant proved their own claim by signing in with an ORCID iD that the DBLP page lists
 * (orcid-proof.service.ts): the same confirmation as an administrator's, with proof `orcid`.
 * A claim that turned disputed meanwhile is left to an administrator (409).
 */
export async function confirmClaimByOrcid(
  context: AppContext,
  userId: number,
  claimId: number,
  orcidId: string,
): Promise<DblpClaim> {
  return context.db.transaction(async (tx) => {
    const claim = await lockOpenClaim(tx, claimId, { lockAccount: true });
    if (claim.userId !== userId) throw notFound();
    if (claim.state === 'disputed') {
      throw new HttpError(409, { message: dblpClaimMessages.disputedNeedsAdministrator });
    }
    return confirmLockedClaim(tx, claim, { actorUserId: userId, proof: 'orcid', orcidId });
  });
}

interface Confirmation {
  /** Who confirms: the administrator, or the claimant who proved the claim. */
  actorUserId: number;
  proof: 'admin' | 'orcid';
  /** The ORCID iD the claimant signed in with (proof `orcid`). */
  orcidId?: string;
}

/**
 * Confirms an open claim locked by lockOpenClaim (with its account): the DBLP person joins the
 * claiming account, in plain words:
 * - a DBLP-only person with the pid is merged into the account (accounts' mergeDblpPerson);
 * - a pid nobody holds is simply stored;
 * - a pid another account holds is handed over: the DBLP names, the authorships written under
 *   them and the pid move, and the imported relations of those publications follow their
 *   authors; the earlier holder keeps everything else;
 * - the account is crawled at once and told.
 */
async function confirmLockedClaim(
  tx: Db,
  claim: DblpClaim,
  { actorUserId, proof, orcidId }: Confirmation,
): Promise<DblpClaim> {
  const { pid, userId } = claim;
  const holder = await findDblpPidHolder(tx, pid);
  if (holder?.kind === 'dblp_only') {
    await mergeDblpPerson(tx, { fromUserId: holder.id, intoUserId: userId });
  } else if (holder && holder.id !== userId) {
    if (holder.kind !== 'registered') {
      throw new HttpError(409, { message: claimMessages.heldElsewhere });
    }
    const { publicationIds } = await transferDblpPerson(tx, {
      fromUserId: holder.id,
      intoUserId: userId,
      pid,
    });
    await assignDblpIdentity(tx, userId, { dblpPid: pid, dblpName: holder.dblpName });
    await syncImportedRelations(tx, { ids: publicationIds });
    await recordAudit(tx, {
      actorUserId,
      action: 'user.transfer-dblp-person',
      entity: 'user',
      entityId: userId,
      before: { holderUserId: holder.id, dblpPid: pid },
      after: { dblpPid: pid, publications: publicationIds.length },
    });
  } else if (!holder) {
    await assignDblpIdentity(tx, userId, { dblpPid: pid, dblpName: null });
  }
  const confirmed = await updateClaim(tx, claim.id, {
    state: 'confirmed',
    proof,
    decidedByUserId: actorUserId,
    decidedAt: new Date(),
  });
  await enqueueDblpCrawl(tx, userId, pid);
  await notify(tx, userId, claimMessages.confirmed(dblpUrlForPid(pid)));
  await recordAudit(tx, {
    actorUserId,
    action: 'dblp-claim.confirm',
    entity: 'dblp_claim',
    entityId: claim.id,
    before: { state: claim.state },
    after: {
      state: 'confirmed',
      proof,
      holderUserId: holder?.id ?? null,
      ...(orcidId ? { orcidId } : {}),
    },
  });
  return confirmed;
}

/** An administrator rejects a claim with a reason, which the claiming account is told. */
export async function rejectClaim(
  context: AppContext,
  adminUserId: number,
  claimId: number,
  reason: string,
): Promise<DblpClaim> {
  return context.db.transaction(async (tx) => {
    const claim = await lockOpenClaim(tx, claimId);
    const rejected = await updateClaim(tx, claim.id, {
      state: 'rejected',
      reason,
      decidedByUserId: adminUserId,
      decidedAt: new Date(),
    });
    await notify(tx, claim.userId, claimMessages.rejected(dblpUrlForPid(claim.pid)), reason);
    await recordAudit(tx, {
      actorUserId: adminUserId,
      action: 'dblp-claim.reject',
      entity: 'dblp_claim',
      entityId: claim.id,
      before: { state: claim.state },
      after: { state: 'rejected', reason },
    });
    return rejected;
  });
}

/**
 * The account that holds a pid disputes another account's open claim on it: the claim becomes
 * `disputed`, with the reason, for an administrator to decide. Anyone else is told the claim
 * does not exist (404).
 */
export async function disputeClaim(
  context: AppContext,
  session: SessionUser,
  claimId: number,
  reason: string,
): Promise<DblpClaim> {
  const { user } = session;
  return context.db.transaction(async (tx) => {
    const found = await findClaim(tx, claimId);
    if (found) await lockPid(tx, found.pid);
    const claim = found ? await lockClaim(tx, claimId) : undefined;
    const holder = claim ? await findDblpPidHolder(tx, claim.pid) : undefined;
    if (!claim || holder?.id !== user.id || claim.userId === user.id) throw notFound();
    if (!isOpen(claim)) throw new HttpError(409, { message: claimMessages.alreadyDecided });
    const disputed = await updateClaim(tx, claim.id, {
      state: 'disputed',
      disputedByUserId: user.id,
      disputeReason: reason,
    });
    await recordAudit(tx, {
      actorUserId: user.id,
      action: 'dblp-claim.dispute',
      entity: 'dblp_claim',
      entityId: claim.id,
      before: { state: claim.state },
      after: { state: 'disputed', reason },
    });
    return disputed;
  });
}

const fullName = (person: { firstName: string; lastName: string }) =>
  `${person.firstName} ${person.lastName}`.trim();

/** The administrator's queue: every claim awaiting a decision, disputes included. */
export async function listClaimsAwaitingDecision(context: AppContext) {
  const rows = await listOpenClaims(context.db);
  return {
    claims: rows.map(({ claim, claimant, holder, disputer }) => ({
      id: claim.id,
      state: openState(claim),
      pid: claim.pid,
      dblpUrl: dblpUrlForPid(claim.pid),
      createdAt: claim.createdAt.toISOString(),
      claimant: {
        id: claimant.id,
        name: fullName(claimant),
        email: claimant.email ?? '',
        isEmailConfirmed: claimant.isEmailConfirmed,
      },
      holder: holder
        ? { id: holder.id, kind: holder.kind, name: holder.dblpName || fullName(holder) }
        : null,
      disputedBy: disputer ? { id: disputer.id, name: fullName(disputer) } : null,
      disputeReason: claim.disputeReason ?? '',
    })),
  };
}

/** The signed-in account's own open claim, and the open claims on the pid it holds. */
export async function listOwnClaims(context: AppContext, session: SessionUser) {
  const { user } = session;
  const [own, onMine] = await Promise.all([
    findOpenClaimOf(context.db, user.id),
    user.dblpPid ? listOpenClaimsOnPid(context.db, user.dblpPid, user.id) : Promise.resolve([]),
  ]);
  return {
    claim: own ? { id: own.id, state: openState(own), dblpUrl: dblpUrlForPid(own.pid) } : null,
    claimsOnMine: onMine.map((row) => ({
      id: row.claim.id,
      state: openState(row.claim),
      dblpUrl: dblpUrlForPid(row.claim.pid),
      claimantName: fullName(row),
      createdAt: row.claim.createdAt.toISOString(),
    })),
  };
}
