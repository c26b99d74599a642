// A relation as an action finds it: locked, with its parties and their users, the caller's
// role and the facts the rules read. Shared by the saves and the lifecycle actions.
import { findRelationType } from '@recuse/common';
import type { Db } from '../../db/client.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import type { Caller, Decision, RelationFacts } from './relation-rules.ts';
import { canView, isActivePartyStatus, roleOf } from './relation-rules.ts';
import type { Party, Relation } from './relations.repo.ts';
import { findUsersByIds, lockParties, lockRelation } from './relations.repo.ts';
import type { User } from '../../db/schema.ts';
import type { SessionUser } from '../../http/authenticate.ts';

/**
 * What the rules need to know about a relation. A person relation is closed when nobody named
 * on it is left with an account: its other person's account was deleted.
 */
export function relationFacts(
  relation: Pick<Relation, 'typeId' | 'status' | 'isDblpImported'>,
  parties: ReadonlyArray<Pick<Party, 'status' | 'userId'>>,
  partyUsers: ReadonlyMap<number, Pick<User, 'kind'>>,
): RelationFacts {
  const isPersonType = findRelationType(relation.typeId)?.kind === 'person';
  const hasLiveParty = parties.some(
    (party) =>
      isActivePartyStatus(party.status) && partyUsers.get(party.userId)?.kind !== 'deleted',
  );
  return {
    status: relation.status,
    isDblpImported: relation.isDblpImported,
    isClosed: isPersonType && !hasLiveParty,
  };
}

/** Anyone who may not see the relation is told it does not exist. */
export function canSee(caller: Caller, facts: RelationFacts): void {
  if (!canView(caller, facts).isAllowed) throw notFound();
}

/** Throws the refusal of a decision: its status code and message. */
export function enforce(decision: Decision): void {
  if (!decision.isAllowed) {
    throw new HttpError(decision.refusal.statusCode, { message: decision.refusal.message });
  }
}

export interface LockedRelation {
  relation: Relation;
  parties: Party[];
  partyUsers: Map<number, User>;
  caller: Caller;
  facts: RelationFacts;
}

/**
 * Locks the relation's row, then its party rows (always in that order, so two actions on one
 * relation queue up instead of deadlocking), and reads who the caller is to it. A relation the
 * caller may not see answers 404.
 */
export async function lockForAction(
  db: Db,
  relationId: number,
  session: SessionUser,
): Promise<LockedRelation> {
  const relation = await lockRelation(db, relationId);
  if (!relation) throw notFound();
  const parties = await lockParties(db, relation.id);
  const partyUsers = new Map(
    (
      await findUsersByIds(
        db,
        parties.map((party) => party.userId),
      )
    ).map((user) => [user.id, user]),
  );
  const caller = roleOf(
    { userId: session.user.id, isAdmin: session.user.role === 'admin' },
    relation,
    parties,
  );
  const facts = relationFacts(relation, parties, partyUsers);
  canSee(caller, facts);
  return { relation, parties, partyUsers, caller, facts };
}

/** The relation as the audit log keeps it, before and after each action. */
export function snapshotRelation(relation: Relation, parties: readonly Party[]) {
  return {
    typeId: relation.typeId,
    status: relation.status,
    startYear: relation.startYear,
    startMonth: relation.startMonth,
    endYear: relation.endYear,
    endMonth: relation.endMonth,
    title: relation.title,
    publicationId: relation.publicationId,
    institutionId: relation.institutionId,
    paperType: relation.paperType,
    isCommunityPaper: relation.isCommunityPaper,
    source: relation.source,
    notes: relation.notes,
    parties: parties.map((party) => ({
      userId: party.userId,
      status: party.status,
      reason: party.reason,
    })),
  };
}
