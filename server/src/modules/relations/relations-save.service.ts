// Recording a relation and the creator's modifications (docs/api-relations.md, "Saving":
// coauthor_save for types 3, 6, 7, pending_employment_save for type 8, and save for 1, 2, 4, 5).
// Each save is one transaction: people resolved (and invited), duplicates refused, parties written,
// everyone concerned told, the audit log written.
import type { RelationSave, RelationType } from '@recuse/common';
import { findRelationType, messages, relationStatus } from '@recuse/common';
import { recordAudit } from '../../audit/audit.repo.ts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { validationFailed } from '../../http/errors.ts';
import { notifyPeople } from './relation-notices.ts';
import { sendInvitation } from './relation-people.service.ts';
import { canModify, isActivePartyStatus, statusAfterModify } from './relation-rules.ts';
import type { RelationValues } from './relation-save-fields.ts';
import { refuseDuplicate, relationValues, resolveFields } from './relation-save-fields.ts';
import { enforce, lockForAction, snapshotRelation } from './relation-state.ts';
import type { SaveOutcome } from './relations.presenter.ts';
import type { Party, Relation } from './relations.repo.ts';
import {
  insertComment,
  insertParties,
  insertRelation,
  markRelationNotificationsRead,
  updateParty,
  updateRelation,
} from './relations.repo.ts';
import type { User } from '../../db/schema.ts';
import type { SessionUser } from '../../http/authenticate.ts';

/** Which form saves which types (docs/api-relations.md, "Saving"). */
export const saveFormTypes = {
  coauthor: [3, 6, 7],
  person: [1, 2, 4, 5],
  pendingEmployment: [8],
} as const satisfies Record<string, readonly number[]>;
export type SaveForm = keyof typeof saveFormTypes;

/**
 * Saves a relation from one of the three forms: a new one without GID, a modification with it.
 * A type the form does not save is refused (422) before anything is read.
 */
export async function saveRelation(
  context: AppContext,
  session: SessionUser,
  form: SaveForm,
  save: RelationSave,
): Promise<SaveOutcome> {
  if (!(saveFormTypes[form] as readonly number[]).includes(save.typeId)) {
    throw validationFailed({ relationType: [messages.relationTypeNotOnThisForm] });
  }
  const type = findRelationType(save.typeId)!;
  return context.db.transaction((tx) =>
    save.relationId === undefined
      ? createRelation(context, tx, session.user, type, save)
      : modifyRelation(context, tx, session, type, save, save.relationId),
  );
}

/**
 * Creating a relation, in plain words: every person named becomes a party in status 3
 * (pending) and is told (an invited person gets an invitation mail with the link to respond);
 * type 8 has no parties and is validated at once when its institution is approved, else it
 * stays pending until an administrator approves the institution. A comment sent with it
 * starts the activity log. Answers CREATED with the GID.
 */
async function createRelation(
  context: AppContext,
  db: Db,
  creator: User,
  type: RelationType,
  save: RelationSave,
): Promise<SaveOutcome> {
  const fields = await resolveFields(db, creator, type, save);
  const values = relationValues(creator, save, fields);
  await refuseDuplicate(db, creator, type, values, fields.people);
  const relation = await insertRelation(db, {
    ...values,
    typeId: type.id,
    creatorUserId: creator.id,
  });
  const parties = await insertParties(
    db,
    fields.people.map((user) => ({
      relationId: relation.id,
      userId: user.id,
      status: relationStatus.pending,
    })),
  );
  if (save.comment !== '') {
    await insertComment(db, { relationId: relation.id, userId: creator.id, text: save.comment });
  }
  await notifyPeople(db, context.config, fields.people, {
    event: 'created',
    actor: creator,
    relation,
    comment: save.comment,
  });
  for (const user of fields.people) await sendInvitation(context, db, user, creator, relation);
  await recordAudit(db, {
    actorUserId: creator.id,
    action: 'relation.create',
    entity: 'relation',
    entityId: relation.id,
    after: snapshotRelation(relation, parties),
  });
  return { relationId: relation.id, kind: 'created' };
}

const sameDate = (relation: Relation, values: RelationValues): boolean =>
  relation.startYear === values.startYear &&
  relation.startMonth === values.startMonth &&
  relation.endYear === values.endYear &&
  relation.endMonth === values.endMonth;

/**
 * The creator's modification, in plain words (docs/product.md, "A party's row" and "Roles and
 * permissions"):
 * - Only the creator may modify, with a change comment (checked with the form), never an
 *   imported relation nor one closed by the other person's deleted account; the type stays.
 * - People the list no longer names (or sends with status 2) are removed (status 2) and told.
 *   People newly named become parties in status 3 and are told (invited ones by mail).
 * - A change to the dates, the title, the institution or the people sends every remaining
 *   party back to pending (3), to confirm the relation as it now stands; other changes (source,
 *   notes, paper type) leave their answers as they are. Everyone remaining is told.
 * - Type 8 is validated or pending by its institution's status, as when created.
 * Answers UPDATED COAUTHOR for the co-author form, UPDATED otherwise.
 */
async function modifyRelation(
  context: AppContext,
  db: Db,
  session: SessionUser,
  type: RelationType,
  save: RelationSave,
  relationId: number,
): Promise<SaveOutcome> {
  const creator = session.user;
  const { relation, parties, partyUsers, caller, facts } = await lockForAction(
    db,
    relationId,
    session,
  );
  enforce(canModify(caller, facts));
  if (relation.typeId !== type.id) {
    throw validationFailed({ relationType: [messages.relationTypeCannotChange] });
  }

  const fields = await resolveFields(db, creator, type, save);
  const values = relationValues(creator, save, fields);
  await refuseDuplicate(db, creator, type, values, fields.people, relation.id);
  const before = snapshotRelation(relation, parties);

  const named = new Map(fields.people.map((user) => [user.id, user]));
  const wasActive = (party: Party) => isActivePartyStatus(party.status);
  // A co-author whose account was deleted cannot be named again; leaving them out is not a
  // change of the relation, so it alone sends nobody back to pending.
  const isDeletedAccount = (party: Party) => partyUsers.get(party.userId)?.kind === 'deleted';
  const removed = parties.filter(
    (party) => wasActive(party) && !named.has(party.userId) && !isDeletedAccount(party),
  );
  const added = fields.people.filter((user) => {
    const row = parties.find((party) => party.userId === user.id);
    return !row || !wasActive(row);
  });
  const isSubstantive =
    !sameDate(relation, values) ||
    (relation.title ?? '') !== (values.title ?? '') ||
    relation.institutionId !== values.institutionId ||
    removed.length > 0 ||
    added.length > 0;
  // A save that changes no field carries only the comment: the others are told a comment was
  // added, not that the relation was modified.
  const isChanged =
    isSubstantive ||
    relation.source !== values.source ||
    relation.notes !== values.notes ||
    relation.paperType !== values.paperType ||
    relation.isCommunityPaper !== values.isCommunityPaper ||
    relation.publicationId !== values.publicationId;

  const updated = await updateRelation(db, relation.id, values);
  const after: Party[] = [];
  for (const party of parties) {
    const status = statusAfterModify(party.status, {
      isRemoved: !named.has(party.userId),
      isSubstantive,
    });
    if (status === party.status) {
      after.push(party);
      continue;
    }
    const isPending = status === relationStatus.pending;
    after.push(
      await updateParty(db, party.id, {
        status,
        ...(isPending ? { reason: null, respondedAt: null } : {}),
      }),
    );
  }
  const known = new Set(parties.map((party) => party.userId));
  after.push(
    ...(await insertParties(
      db,
      fields.people
        .filter((user) => !known.has(user.id))
        .map((user) => ({
          relationId: relation.id,
          userId: user.id,
          status: relationStatus.pending,
        })),
    )),
  );
  await insertComment(db, {
    relationId: relation.id,
    userId: creator.id,
    text: save.comment,
    isChangeComment: true,
  });

  const addedIds = new Set(added.map((user) => user.id));
  const remaining = fields.people.filter((user) => !addedIds.has(user.id));
  const notice = { actor: creator, relation: updated, comment: save.comment };
  await notifyPeople(db, context.config, added, { ...notice, event: 'created' });
  for (const user of added) await sendInvitation(context, db, user, creator, updated);
  await notifyPeople(
    db,
    context.config,
    removed.map((party) => partyUsers.get(party.userId)!),
    { ...notice, event: 'removed' },
  );
  await notifyPeople(db, context.config, remaining, {
    ...notice,
    event: isSubstantive ? 'modifiedSubstantively' : isChanged ? 'modified' : 'commented',
  });
  await markRelationNotificationsRead(db, creator.id, relation.id);
  await recordAudit(db, {
    actorUserId: creator.id,
    action: 'relation.update',
    entity: 'relation',
    entityId: relation.id,
    before,
    after: { ...snapshotRelation(updated, after), isSubstantive, comment: save.comment },
  });
  return {
    relationId: relation.id,
    kind: type.kind === 'publication' ? 'updatedPublication' : 'updated',
  };
}
