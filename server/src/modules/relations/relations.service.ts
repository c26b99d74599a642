// The answers to a relation (docs/product.md, "States and transitions"): accept, reject with a
// reason, ask for a change, contact the admin, delete; and type 8's validation when its institution
// is approved. Each is one transaction that locks the relation and its party rows first
// (relation-state), asks the rules (relation-rules), changes what they allow, tells the people
// concerned, marks the actor's notifications about the relation read, and writes the audit log.
import { relationStatus } from '@recuse/common';
import type { AuditEntry } from '../../audit/audit.repo.ts';
import { recordAudit } from '../../audit/audit.repo.ts';
import type { Config } from '../../config.ts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import type { SessionUser } from '../../http/authenticate.ts';
import type { Recipient } from './relation-notices.ts';
import { notifyPeople } from './relation-notices.ts';
import {
  canAccept,
  canContactAdmin,
  canDelete,
  canReject,
  canRequestChange,
  isActivePartyStatus,
  statusAfterAccept,
  statusAfterChangeRequest,
  statusAfterReject,
} from './relation-rules.ts';
import type { LockedRelation } from './relation-state.ts';
import { enforce, lockForAction, snapshotRelation } from './relation-state.ts';
import type { ActionOutcome, PartyAnswer, RelationComment } from './relations.presenter.ts';
import type { Relation } from './relations.repo.ts';
import {
  findUsersByIds,
  insertComment,
  listAdministrators,
  lockPendingEmploymentsAt,
  markRelationNotificationsRead,
  updateParty,
  updateRelation,
} from './relations.repo.ts';

/** The caller's own party row (the rules allowed the action, so it exists). */
function ownParty(locked: LockedRelation, userId: number) {
  return locked.parties.find((party) => party.userId === userId)!;
}

/** Everyone on the relation who still counts: its creator and the parties not removed. */
async function peopleOn(db: Db, locked: LockedRelation): Promise<Recipient[]> {
  const [creator] = await findUsersByIds(db, [locked.relation.creatorUserId]);
  const parties = locked.parties
    .filter((party) => isActivePartyStatus(party.status))
    .map((party) => locked.partyUsers.get(party.userId)!);
  return creator ? [creator, ...parties] : parties;
}

async function creatorOf(db: Db, relation: Relation): Promise<Recipient[]> {
  return findUsersByIds(db, [relation.creatorUserId]);
}

/**
 * A party's answer (accept or reject), one transaction: lock the relation, check the rules
 * allow it, change the caller's own row, tell the creator, then mark the caller's notification
 * read and write the audit entry.
 */
async function answerAsParty(
  context: AppContext,
  session: SessionUser,
  answer: {
    relationId: number;
    isAllowed: (locked: LockedRelation) => ReturnType<typeof canAccept>;
    change: { status: number; reason: string | null };
    /** Sent to the creator with the notice: a rejection's reason, an accept's optional comment. */
    text: string;
    event: 'accepted' | 'rejected';
    action: 'relation.accept' | 'relation.reject';
    /** Written in the same transaction before the creator is told (an accept's comment). */
    beforeNotice?: (db: Db, locked: LockedRelation) => Promise<void>;
  },
): Promise<ActionOutcome> {
  return context.db.transaction(async (tx) => {
    const locked = await lockForAction(tx, answer.relationId, session);
    enforce(answer.isAllowed(locked));
    const party = ownParty(locked, session.user.id);
    const updated = await updateParty(tx, party.id, { ...answer.change, respondedAt: new Date() });
    await answer.beforeNotice?.(tx, locked);
    await notifyPeople(tx, context.config, await creatorOf(tx, locked.relation), {
      event: answer.event,
      actor: session.user,
      relation: locked.relation,
      ...(answer.event === 'rejected' ? { reason: answer.text } : { comment: answer.text }),
    });
    await finishRelationAction(tx, session, locked.relation.id, {
      action: answer.action,
      before: { status: party.status, reason: party.reason },
      after: { status: updated.status, reason: updated.reason },
    });
    return { relationId: locked.relation.id, kind: 'updated' };
  });
}

/**
 * Accept: a party (never the creator) whose row is pending (3) or rejected (4) validates it (1);
 * a rejection's reason is kept in the log, not on the row. A comment sent with the answer goes
 * to the activity log. The creator is told.
 */
export function acceptRelation(
  context: AppContext,
  session: SessionUser,
  answer: PartyAnswer,
): Promise<ActionOutcome> {
  return answerAsParty(context, session, {
    relationId: answer.relationId,
    isAllowed: (locked) => canAccept(locked.caller, locked.facts),
    change: { status: statusAfterAccept(), reason: null },
    text: answer.comment,
    event: 'accepted',
    action: 'relation.accept',
    beforeNotice: async (db, locked) => {
      if (answer.comment === '') return;
      await insertComment(db, {
        relationId: locked.relation.id,
        userId: session.user.id,
        text: answer.comment,
      });
    },
  });
}

/**
 * Reject: a party (never the creator) whose row is pending (3) or accepted (1) disputes it (4)
 * with a mandatory reason, which the creator is told. A rejected relation still counts as a
 * provisional conflict; the party may accept it later.
 */
export function rejectRelation(
  context: AppContext,
  session: SessionUser,
  answer: PartyAnswer,
): Promise<ActionOutcome> {
  return answerAsParty(context, session, {
    relationId: answer.relationId,
    isAllowed: (locked) => canReject(locked.caller, locked.facts),
    change: { status: statusAfterReject(), reason: answer.comment },
    text: answer.comment,
    event: 'rejected',
    action: 'relation.reject',
  });
}

/**
 * How every action a person takes on a relation ends, in its transaction: the caller's notices
 * about the relation are read, and the action is written to the audit log.
 */
async function finishRelationAction(
  db: Db,
  session: SessionUser,
  relationId: number,
  audit: Pick<AuditEntry, 'action' | 'before' | 'after'>,
) {
  await markRelationNotificationsRead(db, session.user.id, relationId);
  await recordAudit(db, {
    actorUserId: session.user.id,
    entity: 'relation',
    entityId: relationId,
    ...audit,
  });
}

/**
 * The contract's request to modify, which is two actions: contacting the admin (contactAdmin 1) or
 * commenting to the others on the relation. Both answer SUCCESS with 'Your comments are sent.'
 */
export async function requestToModify(
  context: AppContext,
  session: SessionUser,
  request: RelationComment,
): Promise<ActionOutcome> {
  return request.isToAdministrators
    ? contactAdmin(context, session, request.relationId, request.comment)
    : requestChange(context, session, request.relationId, request.comment);
}

/**
 * Ask for a change (a comment to the others): anyone who sees the relation, except on an
 * imported one (its people contact the admin). A party who had accepted goes back to pending
 * (statusAfterChangeRequest). Everyone else on the relation is told, with the comment.
 */
export async function requestChange(
  context: AppContext,
  session: SessionUser,
  relationId: number,
  comment: string,
): Promise<ActionOutcome> {
  return context.db.transaction(async (tx) => {
    const locked = await lockForAction(tx, relationId, session);
    enforce(canRequestChange(locked.caller, locked.facts));
    const next = statusAfterChangeRequest(locked.caller);
    let before: { status: number } | null = null;
    if (next !== null && next !== locked.caller.partyStatus) {
      const party = ownParty(locked, session.user.id);
      before = { status: party.status };
      await updateParty(tx, party.id, { status: next, respondedAt: new Date() });
    }
    await insertComment(tx, { relationId, userId: session.user.id, text: comment });
    await notifyPeople(tx, context.config, await peopleOn(tx, locked), {
      event: locked.caller.role === 'party' ? 'changeRequested' : 'commented',
      actor: session.user,
      relation: locked.relation,
      comment,
    });
    await finishRelationAction(tx, session, relationId, {
      action: 'relation.request-change',
      before,
      after: { comment, ...(before ? { status: next } : {}) },
    });
    return { relationId, kind: 'commented' };
  });
}

/**
 * Contact the admin: anyone who sees the relation (imported ones included) leaves a comment only
 * administrators (and its author) see; the administrators are told, nobody else, and no status
 * changes (the pending flag is 0: docs/product.md, "A party's row").
 */
export async function contactAdmin(
  context: AppContext,
  session: SessionUser,
  relationId: number,
  comment: string,
): Promise<ActionOutcome> {
  return context.db.transaction(async (tx) => {
    const locked = await lockForAction(tx, relationId, session);
    enforce(canContactAdmin(locked.caller, locked.facts));
    await insertComment(tx, {
      relationId,
      userId: session.user.id,
      text: comment,
      isToAdmin: true,
    });
    await notifyPeople(tx, context.config, await listAdministrators(tx), {
      event: 'adminContacted',
      actor: session.user,
      relation: locked.relation,
      comment,
    });
    await finishRelationAction(tx, session, relationId, {
      action: 'relation.contact-admin',
      after: { comment },
    });
    return { relationId, kind: 'commented' };
  });
}

/**
 * Delete: the creator (not of an imported relation) or an administrator sets the relation for
 * deletion (status 2). It leaves every list and stops counting as a conflict; administrators can
 * still read it and its log. Everyone else on it is told.
 */
export async function deleteRelation(
  context: AppContext,
  session: SessionUser,
  relationId: number,
): Promise<ActionOutcome> {
  return context.db.transaction(async (tx) => {
    const locked = await lockForAction(tx, relationId, session);
    enforce(canDelete(locked.caller, locked.facts));
    const deleted = await updateRelation(tx, relationId, {
      status: relationStatus.setForDeletion,
      deletedAt: new Date(),
    });
    await notifyPeople(tx, context.config, await peopleOn(tx, locked), {
      event: 'deleted',
      actor: session.user,
      relation: locked.relation,
    });
    await finishRelationAction(tx, session, relationId, {
      action: 'relation.delete',
      before: snapshotRelation(locked.relation, locked.parties),
      after: { status: deleted.status },
    });
    return { relationId, kind: 'deleted' };
  });
}

/**
 * An institution was approved (institutions' approveInstitution, in its transaction): every
 * type 8 relation pending on it becomes validated (1), and its creator is told.
 */
export async function validatePendingEmploymentsAt(
  db: Db,
  config: Config,
  actorUserId: number | null,
  institution: { id: number; name: string },
): Promise<number> {
  const pending = await lockPendingEmploymentsAt(db, institution.id);
  const [actor] = actorUserId === null ? [] : await findUsersByIds(db, [actorUserId]);
  for (const relation of pending) {
    await updateRelation(db, relation.id, { status: relationStatus.validated });
    await notifyPeople(db, config, await creatorOf(db, relation), {
      event: 'validated',
      actor: actor ?? null,
      relation,
      institutionName: institution.name,
    });
    await recordAudit(db, {
      actorUserId,
      action: 'relation.validate',
      entity: 'relation',
      entityId: relation.id,
      before: { status: relation.status },
      after: { status: relationStatus.validated, institutionId: institution.id },
    });
  }
  return pending.length;
}
