// The answers to a relation (docs/product.md, "A party's row"): accept, reject with a reason and
// accept later, ask for a change, contact the admin, delete, imported relations, and type 8
// validated when its institution is approved. Each action tells the right people, marks the actor's
// notifications read and writes one audit row.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { messages } from '@recuse/common';
import type { TestApp } from '../../../test/build-test-app.ts';
import { buildTestApp } from '../../../test/build-test-app.ts';
import {
  buildInstitution,
  buildNotification,
  buildRelation,
  buildUser,
  mailsTo,
} from '../../../test/factories.ts';
import { signedInUser } from '../../../test/profile-requests.ts';
import {
  accept,
  contactAdmin,
  deleteRelation,
  listComments,
  listRelations,
  pendingEmploymentForm,
  post,
  reject,
  requestToModify,
  savePendingEmployment,
  snapshotRelationTables,
  viewPendingEmployment,
  viewRelation,
} from '../../../test/relation-requests.ts';
import { auditLog, notifications, relationParties, relations } from '../../db/schema.ts';
import { approveInstitution } from '../institutions/institutions-admin.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** Ada created a publication naming Bob and Cyd, both pending. */
async function publication(options: { partyStatus?: number; isDblpImported?: boolean } = {}) {
  const ada = await signedInUser(t, { firstName: 'Ada', lastName: 'Lovelace' });
  const bob = await signedInUser(t, { firstName: 'Bob', lastName: 'Baker' });
  const cyd = await signedInUser(t, { firstName: 'Cyd', lastName: 'Charisse' });
  const { relation } = await buildRelation(t.db, {
    creator: ada.user,
    parties: [bob.user, cyd.user],
    partyStatus: options.partyStatus ?? 3,
    overrides: { isDblpImported: options.isDblpImported ?? false },
  });
  return { ada, bob, cyd, gid: relation.id };
}

const partyStatus = async (relationId: number, userId: number) =>
  (
    await t.db
      .select()
      .from(relationParties)
      .where(and(eq(relationParties.relationId, relationId), eq(relationParties.userId, userId)))
  )[0]!;
const latestNotification = async (userId: number) =>
  (
    await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(notifications.id)
  ).at(-1);
const auditActions = async (relationId: number) =>
  (
    await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'relation'), eq(auditLog.entityId, relationId)))
      .orderBy(auditLog.id)
  ).map((row) => row.action);

describe('accepting and rejecting', () => {
  it('accepts: the party’s row is validated, the creator told, the party’s notifications read', async () => {
    const { ada, bob, gid } = await publication();
    const notice = await buildNotification(t.db, bob.user.id, { relationId: gid });
    const response = await accept(t, bob.session, gid);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      GID: gid,
      status: 'UPDATED',
      message: messages.recordUpdated,
    });
    expect((await partyStatus(gid, bob.user.id)).status).toBe(1);
    expect(await latestNotification(ada.user.id)).toMatchObject({
      message: 'Bob Baker accepted the relation.',
      relationId: gid,
    });
    const [mail] = await mailsTo(t, ada.user.email!);
    expect(mail!.subject).toBe('Recuse: Bob Baker accepted the relation.');
    const [read] = await t.db.select().from(notifications).where(eq(notifications.id, notice.id));
    expect(read!.readAt).not.toBeNull();
    expect(await auditActions(gid)).toEqual(['relation.accept']);
  });

  it('answers the co-author variants the same way', async () => {
    const { bob, cyd, gid } = await publication();
    const accepted = await post(t, '/v1/web/relation_accept_coauthor_relation', bob.session, {
      GID: gid,
      relationTypeId: 3,
      relationTypeName: 'Co-authored publication',
      numberOfCoAuthors: 2,
      coAuthorIds: '1,2',
      publicationName: 'x',
    });
    const rejected = await post(t, '/v1/web/relation_reject_coauthor_relation', cyd.session, {
      GID: gid,
      relationTypeId: 3,
      relationTypeName: 'Co-authored publication',
      rejectionComment: 'Not my paper.',
    });
    expect([accepted.json().status, rejected.json().status]).toEqual(['UPDATED', 'UPDATED']);
    expect((await partyStatus(gid, cyd.user.id)).status).toBe(4);
  });

  it('rejects with a reason the creator is told, and accepts later', async () => {
    const { ada, bob, gid } = await publication();
    const rejected = await reject(t, bob.session, gid, 'We never wrote this together.');
    expect(rejected.json()).toEqual({
      GID: gid,
      status: 'UPDATED',
      message: messages.recordUpdated,
    });
    expect(await partyStatus(gid, bob.user.id)).toMatchObject({
      status: 4,
      reason: 'We never wrote this together.',
    });
    expect(await latestNotification(ada.user.id)).toMatchObject({
      message: 'Bob Baker rejected the relation.',
      rejectReason: 'We never wrote this together.',
    });
    expect((await viewRelation(t, bob.session, gid)).json()).toMatchObject({
      Status: 4,
      rejectReason: 'We never wrote this together.',
    });
    const later = await accept(t, bob.session, gid);
    expect(later.statusCode).toBe(200);
    expect(await partyStatus(gid, bob.user.id)).toMatchObject({ status: 1, reason: null });
    const again = await reject(t, bob.session, gid, 'Changed my mind again.');
    expect(again.statusCode).toBe(200);
    expect(await auditActions(gid)).toEqual([
      'relation.reject',
      'relation.accept',
      'relation.reject',
    ]);
  });

  it.each([
    ['accepting what one accepted', 1, 'accept', messages.youAccepted],
    ['rejecting what one rejected', 4, 'reject', messages.youRejected],
  ])('refuses %s with 409 and changes nothing', async (_case, status, action, message) => {
    const { bob, gid } = await publication({ partyStatus: status });
    const before = await snapshotRelationTables(t.db);
    const response =
      action === 'accept'
        ? await accept(t, bob.session, gid)
        : await reject(t, bob.session, gid, 'Again.');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message });
    expect(await snapshotRelationTables(t.db)).toEqual(before);
  });

  it('does not let the creator answer their own relation', async () => {
    const { ada, gid } = await publication();
    for (const response of [
      await accept(t, ada.session, gid),
      await reject(t, ada.session, gid, 'x'),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: messages.creatorCannotRespond });
    }
  });

  it.each([
    [
      'a rejection without a reason',
      () => ({ rejectionComment: '  ' }),
      'rejectionComment',
      messages.rejectReasonRequired,
    ],
    [
      'a reason over 1000 characters',
      () => ({ rejectionComment: 'x'.repeat(1001) }),
      'rejectionComment',
      messages.atMost1000Characters,
    ],
    [
      'an empty relation type name',
      () => ({ relationTypeName: '' }),
      'relationTypeName',
      messages.recordNotSaved,
    ],
    ['a GID that is not an id', () => ({ GID: 'abc' }), 'GID', messages.recordNotSaved],
  ])('refuses %s with 422, changing nothing', async (_case, fields, field, message) => {
    const { bob, gid } = await publication();
    const before = await snapshotRelationTables(t.db);
    const response = await reject(t, bob.session, gid, 'A reason.', fields());
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: messages.checkBelowFields,
      errors: { [field]: [message] },
    });
    expect(await snapshotRelationTables(t.db)).toEqual(before);
  });
});

describe('asking for a change', () => {
  it('takes an accepted party back to pending, logs the comment and tells everyone else on it', async () => {
    const { ada, bob, cyd, gid } = await publication({ partyStatus: 1 });
    const response = await requestToModify(t, bob.session, gid, 'The year is 2021, not 2022.');
    expect(response.json()).toEqual({
      GID: gid,
      status: 'SUCCESS',
      message: messages.commentsSent,
    });
    expect((await partyStatus(gid, bob.user.id)).status).toBe(3);
    expect((await partyStatus(gid, cyd.user.id)).status).toBe(1);
    for (const user of [ada.user, cyd.user]) {
      expect(await latestNotification(user.id)).toMatchObject({
        message: 'Bob Baker asked for a change to the relation.',
        rejectReason: null,
        comment: 'The year is 2021, not 2022.',
        relationId: gid,
      });
    }
    const log = (await listComments(t, cyd.session, gid)).json();
    expect(log.data).toMatchObject([
      { submittedBy: 'Bob Baker', contactAdmin: 'N', Comments: 'The year is 2021, not 2022.' },
    ]);
    expect(log.user_action_data).toMatchObject([{ action: 'COMMENTED', status: 3 }]);
  });

  it('sends the creator to the form: they change their relation and comment with the save', async () => {
    const { ada, bob, gid } = await publication({ partyStatus: 1 });
    const response = await requestToModify(t, ada.session, gid, 'Thanks for confirming!', {
      changeRelationToPending: 0,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: messages.creatorCommentsWithSave });
    expect((await partyStatus(gid, bob.user.id)).status).toBe(1);
  });

  it('lets an administrator comment without changing anyone’s answer', async () => {
    const admin = await signedInUser(t, { role: 'admin', firstName: 'Avery', lastName: 'Admin' });
    const { bob, gid } = await publication({ partyStatus: 1 });
    const response = await requestToModify(t, admin.session, gid, 'Is the year right?', {
      changeRelationToPending: 0,
    });
    expect(response.statusCode).toBe(200);
    expect((await partyStatus(gid, bob.user.id)).status).toBe(1);
    expect(await latestNotification(bob.user.id)).toMatchObject({
      message: 'Avery Admin commented on the relation.',
    });
  });

  it.each([
    ['no comment', '', messages.commentsRequired],
    ['a comment over 1000 characters', 'x'.repeat(1001), messages.atMost1000Characters],
  ])('refuses %s', async (_case, comment, message) => {
    const { bob, gid } = await publication();
    const response = await requestToModify(t, bob.session, gid, comment);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ modificationsComment: [message] });
  });
});

describe('contacting the admin', () => {
  it('leaves a comment only administrators and its author see, and tells only the administrators', async () => {
    const admin = await signedInUser(t, { role: 'admin', firstName: 'Avery', lastName: 'Admin' });
    const { ada, bob, cyd, gid } = await publication({ partyStatus: 1 });
    const adaNotices = (
      await t.db.select().from(notifications).where(eq(notifications.userId, ada.user.id))
    ).length;
    const response = await contactAdmin(t, bob.session, gid, 'This paper is not mine.');
    expect(response.json()).toEqual({
      GID: gid,
      status: 'SUCCESS',
      message: messages.commentsSent,
    });
    expect((await partyStatus(gid, bob.user.id)).status).toBe(1);
    expect(await latestNotification(admin.user.id)).toMatchObject({
      message: 'Bob Baker asked the administrators about a relation.',
      rejectReason: null,
      comment: 'This paper is not mine.',
      relationId: gid,
    });
    expect((await mailsTo(t, admin.user.email!))[0]!.text).toContain('This paper is not mine.');
    expect(
      (await t.db.select().from(notifications).where(eq(notifications.userId, ada.user.id))).length,
    ).toBe(adaNotices);

    const seenBy = async (session: typeof ada.session) =>
      (await listComments(t, session, gid))
        .json()
        .data.map((row: { Comments: string }) => row.Comments);
    expect(await seenBy(admin.session)).toEqual(['This paper is not mine.']);
    expect(await seenBy(bob.session)).toEqual(['This paper is not mine.']);
    expect(await seenBy(ada.session)).toEqual([]);
    expect(await seenBy(cyd.session)).toEqual([]);
    expect((await listComments(t, admin.session, gid)).json().data[0].contactAdmin).toBe('Y');
  });

  it('takes a pending application’s admin contact on its own call', async () => {
    const admin = await signedInUser(t, { role: 'admin' });
    const ada = await signedInUser(t);
    const created = await savePendingEmployment(
      t,
      ada.session,
      pendingEmploymentForm('Unheard-of College'),
    );
    const gid = created.json().GID;
    const response = await post(t, '/v1/web/relation_request_to_modify_pending_emp', ada.session, {
      GID: gid,
      modificationsComment: 'Please approve my school.',
      relationTypeId: 8,
      relationTypeName: 'Pending employment or graduate-school application',
      changeRelationToPending: 0,
      contactAdmin: 1,
    });
    expect(response.json().status).toBe('SUCCESS');
    expect(await latestNotification(admin.user.id)).toMatchObject({
      relationId: gid,
      relationTypeId: 8,
    });
  });
});

describe('imported DBLP relations', () => {
  it('cannot be answered or commented on by users, who must contact the admin', async () => {
    const { bob, gid } = await publication({ partyStatus: 1, isDblpImported: true });
    for (const response of [
      await accept(t, bob.session, gid),
      await reject(t, bob.session, gid, 'Wrong person.'),
      await requestToModify(t, bob.session, gid, 'Wrong person.'),
      await deleteRelation(t, bob.session, gid),
    ]) {
      expect([403, 409]).toContain(response.statusCode);
    }
    expect((await reject(t, bob.session, gid, 'x')).json()).toEqual({
      message: messages.importedReadOnly,
    });
    expect((await contactAdmin(t, bob.session, gid, 'Not me.')).statusCode).toBe(200);
    expect((await viewRelation(t, bob.session, gid)).json()).toMatchObject({
      DBLPImportedEntry: 1,
      allowModify: 0,
      permissions: {
        accept: 0,
        reject: 0,
        requestChange: 0,
        contactAdmin: 1,
        modify: 0,
        delete: 0,
      },
    });
  });
});

describe('deleting', () => {
  it('sets the relation for deletion: everyone on it told, gone for them, still there for administrators', async () => {
    const admin = await signedInUser(t, { role: 'admin' });
    const { ada, bob, cyd, gid } = await publication();
    const response = await deleteRelation(t, ada.session, gid);
    expect(response.json()).toEqual({
      GID: gid,
      status: 'DELETED',
      message: messages.relationDeleted,
    });
    const [row] = await t.db.select().from(relations).where(eq(relations.id, gid));
    expect(row).toMatchObject({ status: 2, deletedAt: expect.any(Date) });
    for (const user of [bob.user, cyd.user]) {
      expect(await latestNotification(user.id)).toMatchObject({
        message: 'Ada Lovelace deleted the relation.',
        relationId: null,
      });
    }
    for (const session of [ada.session, bob.session]) {
      expect((await viewRelation(t, session, gid)).statusCode).toBe(404);
      expect((await listRelations(t, session)).json().tot_relations).toBe(0);
    }
    expect((await viewRelation(t, admin.session, gid)).json()).toMatchObject({ Status: 2 });
    expect((await deleteRelation(t, ada.session, gid)).statusCode).toBe(404);
    expect((await accept(t, bob.session, gid)).statusCode).toBe(404);
  });

  it('is refused to a named person, and allowed to an administrator on any relation', async () => {
    const admin = await signedInUser(t, { role: 'admin' });
    const { ada, bob, gid } = await publication({ isDblpImported: true });
    const byParty = await deleteRelation(t, bob.session, gid);
    expect(byParty.statusCode).toBe(403);
    expect(byParty.json()).toEqual({ message: messages.onlyCreatorModifies });
    const byAdmin = await deleteRelation(t, admin.session, gid);
    expect(byAdmin.json().status).toBe('DELETED');
    expect(await latestNotification(ada.user.id)).toMatchObject({
      message: expect.stringContaining('deleted the relation.'),
    });
  });
});

describe('type 8 and the approval of its institution', () => {
  it('validates every pending application at an institution once it is approved, telling the creator', async () => {
    const admin = await buildUser(t.db, { role: 'admin' });
    const ada = await signedInUser(t);
    // Proposed by Ada, as a name she typed would be.
    const institution = await buildInstitution(t.db, {
      status: 3,
      name: 'Pending Institute of Science',
      createdByUserId: ada.user.id,
    });
    const created = await savePendingEmployment(
      t,
      ada.session,
      pendingEmploymentForm(institution.id),
    );
    const gid = created.json().GID;
    expect((await viewPendingEmployment(t, ada.session, gid)).json()).toMatchObject({
      Status: 3,
      institutionId: institution.id,
      institutionName: 'Pending Institute of Science',
    });

    expect(
      await approveInstitution({ config: t.config, db: t.db }, admin.id, institution.id),
    ).toEqual({
      validatedRelations: 1,
    });
    expect((await viewPendingEmployment(t, ada.session, gid)).json().Status).toBe(1);
    expect(await latestNotification(ada.user.id)).toMatchObject({
      message:
        'Pending Institute of Science was approved, so your pending application with it is validated.',
      relationId: gid,
    });
    expect(await auditActions(gid)).toEqual(['relation.create', 'relation.validate']);
    // A second approval is refused (already decided) and validates nothing more.
    await expect(
      approveInstitution({ config: t.config, db: t.db }, admin.id, institution.id),
    ).rejects.toMatchObject({ statusCode: 409 });
    expect(await auditActions(gid)).toEqual(['relation.create', 'relation.validate']);
  });
});
