// Relation decisions (docs/product.md, "Relation decisions"): an administrator, or a chair of a
// conference whose committee includes one of a relation's people, reads the relation's history
// (the audit log: who changed what and when, before and after) and its comments, and validates
// or deletes it with a reason. In plain words:
//
// - a relation's people are its creator and everyone named on it and not removed; a committee
//   row is a person as the chair's workspace matches it (people-matching.ts: an address, else a
//   DBLP pid);
// - nobody named on a relation decides on it, chair or administrator (someone else does);
// - validate: the relation's own status becomes validated (a type 8 waiting for its
//   institution too) and every pending or disputed answer on it becomes an acceptance; delete:
//   the relation is set for deletion (2), as its creator would. A deleted relation, imported
//   from DBLP or not, never comes back by itself: the import and the crawler keep status 2
//   (dblp/imported-relations.repo.ts);
// - everyone on the relation is told, with the reason, and the decision is audited with the
//   state before and after;
// - a decision on a relation that is gone, deleted, inactive or already validated is refused
//   with a sentence saying so, and changes nothing.
import type { DecisionRelation, HistoryEntry, RelationLogReply } from '@recuse/common';
import {
  findRelationType,
  messages,
  relationDecisionMessages,
  relationStatus,
  relationTypeIds,
} from '@recuse/common';
import { recordAudit } from '../../audit/audit.repo.ts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../http/errors.ts';
import { matchPeople } from '../chair-workspace/row-matches.ts';
import { isActivePartyStatus } from './relation-rules.ts';
import { notifyPeople } from './relation-notices.ts';
import { snapshotRelation } from './relation-state.ts';
import { displayName, overallStatus } from './relation-wire.ts';
import {
  chairsAnyConference,
  findRelationsByIds,
  listChairedCommitteeRows,
  listRelationIdsOf,
  searchPeopleIds,
} from './relation-decisions.repo.ts';
import type { PartyWithUser } from './relations-read.repo.ts';
import {
  findInstitutionsById,
  findRelationWithParties,
  findUsersById,
  listCommentsWithAuthors,
  listPartiesWithUsers,
  listRelationAudit,
} from './relations-read.repo.ts';
import type { Party, Relation } from './relations.repo.ts';
import {
  findUsersByIds,
  lockParties,
  lockRelation,
  markRelationNotificationsRead,
  updateParty,
  updateRelation,
} from './relations.repo.ts';
import type { User } from '../../db/schema.ts';
import type { SessionUser } from '../../http/authenticate.ts';

export const relationSearchLimit = 50;

/** Who is asking: an administrator, or a chair with the people of their committees. */
interface Decider {
  userId: number;
  isAdmin: boolean;
  /** The people the caller's committees include (empty for administrators: they see all). */
  committeePeople: ReadonlySet<number>;
}

/** Anyone else is refused before anything is read: 403 for users who are neither. */
export async function isAdministratorOrChair(db: Db, user: SessionUser['user']) {
  return user.role === 'admin' || (await chairsAnyConference(db, user.id));
}

async function deciderOf(db: Db, session: SessionUser): Promise<Decider> {
  const { user } = session;
  if (user.role === 'admin') return { userId: user.id, isAdmin: true, committeePeople: new Set() };
  const rows = await listChairedCommitteeRows(db, user.id);
  const matches = await matchPeople(db, rows);
  const people = new Set(matches.flatMap((match) => (match.userId ? [match.userId] : [])));
  return { userId: user.id, isAdmin: false, committeePeople: people };
}

/** The relation's people: its creator and everyone named on it and not removed. */
function peopleOf(relation: Relation, parties: readonly Pick<Party, 'userId' | 'status'>[]) {
  return [
    relation.creatorUserId,
    ...parties.filter((party) => isActivePartyStatus(party.status)).map((party) => party.userId),
  ];
}

/**
 * Administrators see every relation; a chair those of their committees' people, except personal
 * relations (type 5), which only their parties and the administrators see (docs/conflicts.md,
 * "Personal relations"): a chair meets them only as bare conflicts in the matrix.
 */
function maySee(
  decider: Decider,
  relation: Pick<Relation, 'typeId'>,
  people: readonly number[],
): boolean {
  if (decider.isAdmin) return true;
  if (relation.typeId === relationTypeIds.personal) return false;
  return people.some((id) => decider.committeePeople.has(id));
}

/** Why the caller may not decide now, or null; only for relations they may see. */
function refusalOf(decider: Decider, relation: Relation, people: readonly number[]) {
  if (people.includes(decider.userId)) return relationDecisionMessages.namedOnIt;
  if (relation.status === relationStatus.setForDeletion) {
    return relationDecisionMessages.alreadyDeleted;
  }
  return null;
}

function toWire(
  decider: Decider,
  relation: Relation,
  parties: readonly PartyWithUser[],
  creator: User | undefined,
): DecisionRelation {
  const people = peopleOf(relation, parties);
  return {
    id: relation.id,
    typeId: relation.typeId,
    typeName: findRelationType(relation.typeId)?.name ?? '',
    title: relation.title ?? '',
    status: overallStatus(
      relation,
      parties.map((party) => (party.user.kind === 'deleted' ? 2 : party.status)),
    ),
    isDblpImported: relation.isDblpImported,
    creator: {
      id: relation.creatorUserId,
      name: creator ? displayName(creator) : messages.deletedUser,
    },
    parties: parties.map((party) => ({
      id: party.userId,
      name: displayName(party.user),
      status: party.user.kind === 'deleted' ? 2 : party.status,
    })),
    createdAt: relation.createdAt.toISOString(),
    canDecide: maySee(decider, relation, people) && refusalOf(decider, relation, people) === null,
  };
}

/** The relations of these ids as the pages list them, in the given order. */
async function describeRelations(
  db: Db,
  decider: Decider,
  ids: readonly number[],
  options: { onlySeen?: boolean } = {},
) {
  const loaded = new Map((await findRelationsByIds(db, ids)).map((row) => [row.id, row]));
  const found = ids.flatMap((id) => loaded.get(id) ?? []);
  const parties = await listPartiesWithUsers(
    db,
    found.map((relation) => relation.id),
  );
  const creators = await findUsersById(
    db,
    found.map((relation) => relation.creatorUserId),
  );
  return found.flatMap((relation) => {
    const own = parties.filter((party) => party.relationId === relation.id);
    if (options.onlySeen && !maySee(decider, relation, peopleOf(relation, own))) return [];
    return [toWire(decider, relation, own, creators.get(relation.creatorUserId))];
  });
}

/**
 * GET /v1/web/admin/relations?q=: a relation by its number, or the relations of the people
 * whose name starts with (or address contains) the text; with no text, the newest. A chair
 * finds only relations that involve someone of their committees.
 */
export async function searchDecisionRelations(
  context: AppContext,
  session: SessionUser,
  text: string,
) {
  const { db } = context;
  const decider = await deciderOf(db, session);
  let ids: number[];
  if (/^\d{1,9}$/.test(text)) {
    ids = [Number(text)];
  } else {
    const searched = text === '' ? null : await searchPeopleIds(db, text, 200);
    const people = decider.isAdmin ? searched : (searched ?? [...decider.committeePeople]);
    ids = await listRelationIdsOf(db, people, decider.isAdmin ? relationSearchLimit : 500);
  }
  // A chair may not see every relation of their committees (one they are named on, say), so
  // more ids are listed than shown; they are described a page at a time until a page is full.
  const relations: Awaited<ReturnType<typeof describeRelations>> = [];
  for (
    let start = 0;
    start < ids.length && relations.length < relationSearchLimit;
    start += relationSearchLimit
  ) {
    const page = ids.slice(start, start + relationSearchLimit);
    relations.push(...(await describeRelations(db, decider, page, { onlySeen: true })));
  }
  return { relations: relations.slice(0, relationSearchLimit) };
}

function monthText(year: number | null, month: number | null): string {
  if (year === null) return '';
  return month === null ? String(year) : `${year}-${String(month).padStart(2, '0')}`;
}

const statusLabels: Record<number, string> = {
  0: 'inactive',
  1: 'validated',
  2: 'deleted or removed',
  3: 'pending',
  4: 'disputed',
};

/** One audited value as text: statuses by name, people by name, the rest as written. */
function valueText(field: string, value: unknown, names: ReadonlyMap<number, string>): string {
  if (value === null || value === undefined) return '';
  if (field === 'status' && typeof value === 'number') {
    return `${statusLabels[value] ?? value} (${value})`;
  }
  if (field === 'parties' && Array.isArray(value)) {
    return value
      .map((party: { userId?: number; status?: number; reason?: string | null }) => {
        const name = names.get(party.userId ?? 0) ?? `User ${party.userId}`;
        const status = statusLabels[party.status ?? -1] ?? String(party.status);
        return party.reason ? `${name}: ${status} (${party.reason})` : `${name}: ${status}`;
      })
      .join('; ');
  }
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

function changesOf(before: unknown, after: unknown, names: ReadonlyMap<number, string>) {
  const asRecord = (value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  const old = asRecord(before);
  const now = asRecord(after);
  const fields = [...new Set([...Object.keys(old), ...Object.keys(now)])];
  return fields
    .filter((field) => JSON.stringify(old[field]) !== JSON.stringify(now[field]))
    .map((field) => ({
      field,
      before: valueText(field, old[field], names),
      after: valueText(field, now[field], names),
    }));
}

/** The user ids an audited snapshot names in its parties. */
function partyIdsIn(value: unknown): number[] {
  if (!value || typeof value !== 'object') return [];
  const parties = (value as { parties?: unknown }).parties;
  if (!Array.isArray(parties)) return [];
  return parties.flatMap((party: { userId?: unknown }) =>
    typeof party.userId === 'number' ? [party.userId] : [],
  );
}

function refuseUnseen(decider: Decider, relation: Relation, people: readonly number[]) {
  if (!maySee(decider, relation, people)) {
    const isPersonal = relation.typeId === relationTypeIds.personal;
    // A personal relation is named as such only to a chair whose committee includes its people.
    const message =
      isPersonal && people.some((id) => decider.committeePeople.has(id))
        ? relationDecisionMessages.personalRelation
        : relationDecisionMessages.notYourCommittee;
    throw new HttpError(403, { message });
  }
}

const relationGone = () => new HttpError(404, { message: relationDecisionMessages.relationGone });

/**
 * GET /v1/web/admin/relations/{relationId}: the relation, its audited history (oldest first)
 * and its comments. Messages to the administrators are left out for chairs, unless theirs.
 */
export async function getRelationLog(
  context: AppContext,
  session: SessionUser,
  relationId: number,
): Promise<RelationLogReply> {
  const { db } = context;
  const found = await findRelationWithParties(db, relationId);
  if (!found) throw relationGone();
  const { relation, parties } = found;
  const decider = await deciderOf(db, session);
  const people = peopleOf(relation, parties);
  refuseUnseen(decider, relation, people);

  const [comments, audit, creators, institutions] = await Promise.all([
    listCommentsWithAuthors(db, relation.id),
    listRelationAudit(db, relation.id),
    findUsersById(db, [relation.creatorUserId]),
    findInstitutionsById(db, relation.institutionId ? [relation.institutionId] : []),
  ]);
  const mayRead = (isToAdmin: boolean, authorId: number | null) =>
    !isToAdmin || decider.isAdmin || authorId === decider.userId;
  const named = await findUsersById(
    db,
    audit.flatMap(({ entry }) => [...partyIdsIn(entry.before), ...partyIdsIn(entry.after)]),
  );
  const names = new Map([...named].map(([id, user]) => [id, displayName(user)]));
  const history: HistoryEntry[] = audit
    .filter(({ entry }) => mayRead(entry.action === 'relation.contact-admin', entry.actorUserId))
    .map(({ entry, actor }) => ({
      id: entry.id,
      action: entry.action,
      actor: actor ? { id: actor.id, name: displayName(actor) } : null,
      createdAt: entry.createdAt.toISOString(),
      changes: changesOf(entry.before, entry.after, names),
    }));
  const wire = toWire(decider, relation, parties, creators.get(relation.creatorUserId));
  return {
    relation: {
      ...wire,
      startDate: monthText(relation.startYear, relation.startMonth),
      endDate: monthText(relation.endYear, relation.endMonth),
      institution: relation.institutionId
        ? (institutions.get(relation.institutionId)?.name ?? '')
        : '',
      source: relation.source,
      notes: relation.notes,
    },
    decisionRefusal: refusalOf(decider, relation, people),
    history,
    comments: comments
      .filter(({ comment }) => mayRead(comment.isToAdmin, comment.userId))
      .map(({ comment, author }) => ({
        id: comment.id,
        author: author ? displayName(author) : messages.deletedUser,
        text: comment.text,
        isToAdmin: comment.isToAdmin,
        isChangeComment: comment.isChangeComment,
        createdAt: comment.createdAt.toISOString(),
      })),
  };
}

/**
 * The relation locked for a decision (its row, then its parties, as every relation action
 * locks them), once the caller may decide on it.
 */
async function lockForDecision(db: Db, decider: Decider, relationId: number) {
  const relation = await lockRelation(db, relationId);
  if (!relation) throw relationGone();
  const parties = await lockParties(db, relation.id);
  const people = peopleOf(relation, parties);
  refuseUnseen(decider, relation, people);
  if (people.includes(decider.userId)) {
    throw new HttpError(403, { message: relationDecisionMessages.namedOnIt });
  }
  if (relation.status === relationStatus.setForDeletion) {
    throw new HttpError(409, { message: relationDecisionMessages.alreadyDeleted });
  }
  const users = await findUsersByIds(db, people);
  return { relation, parties, recipients: users };
}

async function decidedRelation(db: Db, decider: Decider, relationId: number) {
  const [relation] = await describeRelations(db, decider, [relationId]);
  return relation!;
}

type LockedRelation = Awaited<ReturnType<typeof lockForDecision>>;
type Decision = { kind: 'validate' | 'delete'; reason: string };

/**
 * One decision on a relation, in one transaction: locked as the decider may see it, changed,
 * told to its people, the decider's notices about it marked read, and the audit entry written.
 */
async function decideRelation(
  context: AppContext,
  session: SessionUser,
  relationId: number,
  decision: Decision,
  change: (tx: Db, locked: LockedRelation) => Promise<Pick<LockedRelation, 'relation' | 'parties'>>,
) {
  // Who the caller's committees include is read before the transaction: matching people runs
  // its look-ups side by side, which one transaction's connection cannot.
  const decider = await deciderOf(context.db, session);
  return context.db.transaction(async (tx) => {
    const locked = await lockForDecision(tx, decider, relationId);
    const { relation, parties, recipients } = locked;
    const after = await change(tx, locked);
    await notifyPeople(
      tx,
      context.config,
      recipients,
      decision.kind === 'validate'
        ? {
            event: 'decisionValidated',
            actor: session.user,
            relation,
            comment: decision.reason || null,
          }
        : { event: 'decisionDeleted', actor: session.user, relation, reason: decision.reason },
    );
    await markRelationNotificationsRead(tx, session.user.id, relation.id);
    await recordAudit(tx, {
      actorUserId: session.user.id,
      action: `relation.${decision.kind}`,
      entity: 'relation',
      entityId: relation.id,
      before: snapshotRelation(relation, parties),
      after: {
        ...snapshotRelation(after.relation, after.parties),
        decision: decision.kind,
        reason: decision.reason,
      },
    });
    return {
      message: 'SUCCESS' as const,
      relation: await decidedRelation(tx, decider, relation.id),
    };
  });
}

/** POST /v1/web/admin/relations/validate */
export function validateRelationByDecision(
  context: AppContext,
  session: SessionUser,
  relationId: number,
  reason: string,
) {
  return decideRelation(
    context,
    session,
    relationId,
    { kind: 'validate', reason },
    async (tx, { relation, parties }) => {
      if (relation.status === relationStatus.inactive) {
        throw new HttpError(409, { message: relationDecisionMessages.inactive });
      }
      const waiting = parties.filter(
        (party) =>
          party.status === relationStatus.pending || party.status === relationStatus.disputed,
      );
      const isRelationPending =
        relation.typeId === relationTypeIds.pendingEmployment &&
        relation.status === relationStatus.pending;
      if (waiting.length === 0 && !isRelationPending) {
        throw new HttpError(409, { message: relationDecisionMessages.alreadyValidated });
      }
      const now = new Date();
      const after = await updateRelation(tx, relation.id, { status: relationStatus.validated });
      const updated: Party[] = [];
      for (const party of parties) {
        updated.push(
          waiting.includes(party)
            ? await updateParty(tx, party.id, {
                status: relationStatus.validated,
                reason: null,
                respondedAt: now,
              })
            : party,
        );
      }
      return { relation: after, parties: updated };
    },
  );
}

/** POST /v1/web/admin/relations/delete */
export function deleteRelationByDecision(
  context: AppContext,
  session: SessionUser,
  relationId: number,
  reason: string,
) {
  return decideRelation(
    context,
    session,
    relationId,
    { kind: 'delete', reason },
    async (tx, { relation, parties }) => {
      const after = await updateRelation(tx, relation.id, {
        status: relationStatus.setForDeletion,
        deletedAt: new Date(),
      });
      return { relation: after, parties };
    },
  );
}

/** The relations a person created or is named on, newest first, as an administrator sees them. */
export async function listRelationsOfPerson(db: Db, session: SessionUser, userId: number) {
  const decider = await deciderOf(db, session);
  const ids = await listRelationIdsOf(db, [userId], relationSearchLimit);
  return describeRelations(db, decider, ids, { onlySeen: true });
}
