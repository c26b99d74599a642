// Relation decisions: who may read a relation's log and validate or delete it (the role
// matrix: a user, a chair of a conference whose committee includes one of its people, a chair
// of another conference, a chair named on the relation, an administrator), what a decision
// does and tells, what the log shows, what the search finds, and that refusals change nothing.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RelationLogReply, RelationSearchReply } from '@recuse/common';
import { relationDecisionMessages } from '@recuse/common';
import type { TestApp } from '../../../test/build-test-app.ts';
import { buildTestApp } from '../../../test/build-test-app.ts';
import type { Tokens } from '../../../test/factories.ts';
import { buildRelation, buildUser, signIn } from '../../../test/factories.ts';
import {
  contactAdmin,
  get,
  post,
  requestToModify,
  snapshotRelationTables,
} from '../../../test/relation-requests.ts';
import {
  auditLog,
  committeeMembers,
  conferenceChairs,
  conferences,
  notifications,
  relationParties,
  relations,
} from '../../db/schema.ts';
import type { User } from '../../db/schema.ts';

const urls = {
  search: '/v1/web/admin/relations',
  log: (id: number | string) => `/v1/web/admin/relations/${id}`,
  validate: '/v1/web/admin/relations/validate',
  delete: '/v1/web/admin/relations/delete',
};

let t: TestApp;
let sequence = 0;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

interface Person {
  user: User;
  session: Tokens;
}

async function person(overrides: Parameters<typeof buildUser>[1] = {}): Promise<Person> {
  const user = await buildUser(t.db, overrides);
  return { user, session: await signIn(t.app, user.email!) };
}

/** A conference chaired by `chair` whose committee file names these people by address. */
async function conferenceWith(chair: User, members: readonly User[]) {
  sequence += 1;
  const [conference] = await t.db
    .insert(conferences)
    .values({ name: `Decisions ${sequence}`, label: `Decisions ${sequence}` })
    .returning();
  await t.db.insert(conferenceChairs).values({ conferenceId: conference!.id, userId: chair.id });
  if (members.length > 0) {
    await t.db.insert(committeeMembers).values(
      members.map((member, index) => ({
        conferenceId: conference!.id,
        line: index + 2,
        givenName: member.firstName,
        familyName: member.lastName,
        email: member.email!,
      })),
    );
  }
  return conference!;
}

/**
 * A relation between a committee member (named on it, disputed) and its creator, with the
 * chairs around it: one of the member's conference, one of another, one who is its creator
 * and chairs the member's conference too.
 */
async function world() {
  const member = await person({ firstName: 'Mona', lastName: `Member${sequence}` });
  const creator = await person({ firstName: 'Cyril', lastName: `Creator${sequence}` });
  const chair = await person({ firstName: 'Chloe', lastName: `Chair${sequence}` });
  const otherChair = await person({ firstName: 'Otto', lastName: `Elsewhere${sequence}` });
  const user = await person();
  const admin = await person({ role: 'admin' });
  await conferenceWith(chair.user, [member.user]);
  await conferenceWith(otherChair.user, [user.user]);
  await conferenceWith(creator.user, [member.user]);
  const built = await buildRelation(t.db, {
    creator: creator.user,
    parties: [{ user: member.user, status: 4, reason: 'We never wrote this together.' }],
    title: `A Disputed Paper ${sequence}`,
  });
  return { member, creator, chair, otherChair, user, admin, relationId: built.relation.id };
}

async function statusOf(relationId: number) {
  const [row] = await t.db
    .select({ status: relations.status, deletedAt: relations.deletedAt })
    .from(relations)
    .where(eq(relations.id, relationId));
  const parties = await t.db
    .select({ status: relationParties.status })
    .from(relationParties)
    .where(eq(relationParties.relationId, relationId));
  return {
    status: row?.status,
    deleted: row?.deletedAt !== null,
    parties: parties.map((p) => p.status),
  };
}

async function noticesOf(userId: number) {
  return t.db
    .select({
      message: notifications.message,
      reason: notifications.rejectReason,
      comment: notifications.comment,
      relationId: notifications.relationId,
    })
    .from(notifications)
    .where(eq(notifications.userId, userId));
}

async function decisionAudits(relationId: number) {
  const rows = await t.db
    .select({ action: auditLog.action, actor: auditLog.actorUserId, after: auditLog.after })
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'relation'), eq(auditLog.entityId, relationId)));
  return rows.filter((row) => (row.after as { decision?: string } | null)?.decision);
}

describe('who may use the decision calls', () => {
  it('answers 401 without a session and 403 to a user who is neither chair nor administrator', async () => {
    const w = await world();
    const calls = (session: Tokens | null) => [
      get(t, urls.search, session),
      get(t, urls.log(w.relationId), session),
      post(t, urls.validate, session, { relationId: w.relationId }),
      post(t, urls.delete, session, { relationId: w.relationId, reason: 'Wrong.' }),
    ];
    // The member is named on it, yet chairs nothing: refused like anyone else.
    const plainMember = await person();
    const before = await snapshotRelationTables(t.db);
    for (const answer of await Promise.all(calls(null))) expect(answer.statusCode).toBe(401);
    for (const session of [plainMember.session, w.member.session]) {
      for (const answer of await Promise.all(calls(session))) {
        expect(answer.statusCode).toBe(403);
        expect(answer.json()).toEqual({ message: relationDecisionMessages.onlyDeciders });
      }
    }
    expect(await snapshotRelationTables(t.db)).toEqual(before);
  });

  it.each([
    ['a chair of another conference', 'otherChair', 403, relationDecisionMessages.notYourCommittee],
    ['a chair who is named on it', 'creator', 403, relationDecisionMessages.namedOnIt],
  ] as const)('refuses %s and changes nothing', async (_label, who, status, message) => {
    const w = await world();
    const before = await snapshotRelationTables(t.db);
    for (const url of [urls.validate, urls.delete]) {
      const answer = await post(t, url, w[who].session, {
        relationId: w.relationId,
        reason: 'Not a real relation.',
      });
      expect(answer.statusCode).toBe(status);
      expect(answer.json()).toEqual({ message });
    }
    expect(await snapshotRelationTables(t.db)).toEqual(before);
    expect(await statusOf(w.relationId)).toMatchObject({ status: 1, parties: [4] });
  });

  it('refuses an administrator named on the relation', async () => {
    const w = await world();
    await t.db
      .insert(relationParties)
      .values({ relationId: w.relationId, userId: w.admin.user.id, status: 1 });
    const answer = await post(t, urls.delete, w.admin.session, {
      relationId: w.relationId,
      reason: 'Mine to judge?',
    });
    expect(answer.statusCode).toBe(403);
    expect(answer.json()).toEqual({ message: relationDecisionMessages.namedOnIt });
    expect((await statusOf(w.relationId)).status).toBe(1);
  });
});

describe('validating', () => {
  it.each([
    ['the chair of the committee that includes a person on it', 'chair'],
    ['an administrator', 'admin'],
  ] as const)(
    'by %s: every answer becomes an acceptance, everyone is told, it is audited',
    async (_label, who) => {
      const w = await world();
      const answer = await post(t, urls.validate, w[who].session, {
        relationId: w.relationId,
        reason: 'Checked with both authors.',
      });
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toMatchObject({
        message: 'SUCCESS',
        relation: { id: w.relationId, status: 1, parties: [{ id: w.member.user.id, status: 1 }] },
      });
      expect(await statusOf(w.relationId)).toMatchObject({ status: 1, parties: [1] });
      for (const told of [w.member, w.creator]) {
        expect(await noticesOf(told.user.id)).toContainEqual({
          message: `${w[who].user.firstName} ${w[who].user.lastName} reviewed the relation and validated it.`,
          reason: null,
          comment: 'Checked with both authors.',
          relationId: w.relationId,
        });
      }
      expect(await decisionAudits(w.relationId)).toEqual([
        expect.objectContaining({
          action: 'relation.validate',
          actor: w[who].user.id,
          after: expect.objectContaining({
            decision: 'validate',
            reason: 'Checked with both authors.',
          }),
        }),
      ]);

      const again = await post(t, urls.validate, w[who].session, { relationId: w.relationId });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ message: relationDecisionMessages.alreadyValidated });
      expect(await decisionAudits(w.relationId)).toHaveLength(1);
    },
  );
});

describe('deleting', () => {
  it.each([
    ['the chair of the committee that includes a person on it', 'chair'],
    ['an administrator', 'admin'],
  ] as const)(
    'by %s: set for deletion with the reason told to everyone on it',
    async (_label, who) => {
      const w = await world();
      const answer = await post(t, urls.delete, w[who].session, {
        relationId: w.relationId,
        reason: 'A homonym: Mona never wrote this paper.',
      });
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toMatchObject({ relation: { id: w.relationId, status: 2 } });
      expect(await statusOf(w.relationId)).toMatchObject({ status: 2, deleted: true });
      for (const told of [w.member, w.creator]) {
        expect(await noticesOf(told.user.id)).toContainEqual({
          message: `${w[who].user.firstName} ${w[who].user.lastName} reviewed the relation and deleted it.`,
          reason: 'A homonym: Mona never wrote this paper.',
          comment: null,
          relationId: null,
        });
      }
      expect(await decisionAudits(w.relationId)).toEqual([
        expect.objectContaining({ action: 'relation.delete', actor: w[who].user.id }),
      ]);

      // Gone for the people on it; a second decision is refused and changes nothing.
      const view = await get(t, `/v1/web/relation/data/view/${w.relationId}`, w.member.session);
      expect(view.statusCode).toBe(404);
      const before = await snapshotRelationTables(t.db);
      for (const url of [urls.delete, urls.validate]) {
        const again = await post(t, url, w[who].session, { relationId: w.relationId, reason: 'x' });
        expect(again.statusCode).toBe(409);
        expect(again.json()).toEqual({ message: relationDecisionMessages.alreadyDeleted });
      }
      expect(await snapshotRelationTables(t.db)).toEqual(before);
    },
  );
});

describe('bad input', () => {
  it('checks ids and reasons as the user-facing calls do, and names a relation that does not exist', async () => {
    const w = await world();
    const before = await snapshotRelationTables(t.db);
    const noReason = await post(t, urls.delete, w.chair.session, { relationId: w.relationId });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().errors.reason).toEqual([relationDecisionMessages.reasonRequired]);
    const blank = await post(t, urls.delete, w.chair.session, {
      relationId: w.relationId,
      reason: '   ',
    });
    expect(blank.statusCode).toBe(422);
    const long = await post(t, urls.validate, w.admin.session, {
      relationId: w.relationId,
      reason: 'x'.repeat(1001),
    });
    expect(long.statusCode).toBe(422);
    for (const relationId of ['abc', '0', '-3', '1.5', '99999999999']) {
      const answer = await post(t, urls.validate, w.admin.session, { relationId });
      expect(answer.statusCode).toBe(422);
      expect(answer.json().errors.relationId).toEqual([relationDecisionMessages.pickRelation]);
    }
    const badLog = await get(t, urls.log('abc'), w.admin.session);
    expect(badLog.statusCode).toBe(422);
    for (const url of [urls.validate, urls.delete]) {
      const gone = await post(t, url, w.admin.session, { relationId: 2_000_000_000, reason: 'x' });
      expect(gone.statusCode).toBe(404);
      expect(gone.json()).toEqual({ message: relationDecisionMessages.relationGone });
    }
    const goneLog = await get(t, urls.log(2_000_000_000), w.admin.session);
    expect(goneLog.statusCode).toBe(404);
    expect(await snapshotRelationTables(t.db)).toEqual(before);
  });
});

describe('the log', () => {
  it('shows who changed what and when, with the state before and after, and the comments', async () => {
    const w = await world();
    expect(
      (await requestToModify(t, w.member.session, w.relationId, 'Please check the year.'))
        .statusCode,
    ).toBe(200);
    expect(
      (await contactAdmin(t, w.member.session, w.relationId, 'For the administrators only.'))
        .statusCode,
    ).toBe(200);
    await post(t, urls.delete, w.chair.session, { relationId: w.relationId, reason: 'Homonym.' });

    const forChair = await get(t, urls.log(w.relationId), w.chair.session);
    expect(forChair.statusCode).toBe(200);
    const log = forChair.json<RelationLogReply>();
    expect(log.relation).toMatchObject({ id: w.relationId, status: 2, canDecide: false });
    expect(log.decisionRefusal).toBe(relationDecisionMessages.alreadyDeleted);
    const deletion = log.history.find((entry) => entry.action === 'relation.delete')!;
    expect(deletion.actor).toEqual({
      id: w.chair.user.id,
      name: `${w.chair.user.firstName} ${w.chair.user.lastName}`,
    });
    expect(deletion.changes).toContainEqual({
      field: 'status',
      before: 'validated (1)',
      after: 'deleted or removed (2)',
    });
    expect(deletion.changes).toContainEqual({ field: 'reason', before: '', after: 'Homonym.' });
    expect(log.comments.map((comment) => comment.text)).toEqual(['Please check the year.']);

    const forAdmin = (
      await get(t, urls.log(w.relationId), w.admin.session)
    ).json<RelationLogReply>();
    expect(forAdmin.comments.map((comment) => comment.text)).toEqual([
      'Please check the year.',
      'For the administrators only.',
    ]);
    expect(forAdmin.history.map((entry) => entry.action)).toContain('relation.contact-admin');

    // A chair named on it reads it (they see it anyway) but may not decide.
    const forParty = (
      await get(t, urls.log(w.relationId), w.creator.session)
    ).json<RelationLogReply>();
    expect(forParty.decisionRefusal).toBe(relationDecisionMessages.namedOnIt);
    const forOther = await get(t, urls.log(w.relationId), w.otherChair.session);
    expect(forOther.statusCode).toBe(403);
  });
});

describe('the search', () => {
  it("finds a chair only their committee's relations, and an administrator anyone's", async () => {
    const w = await world();
    const unrelated = await buildRelation(t.db, { title: `Unrelated ${sequence}` });
    const ids = async (session: Tokens, q: string) =>
      (await get(t, `${urls.search}?${new URLSearchParams({ q }).toString()}`, session))
        .json<RelationSearchReply>()
        .relations.map((relation) => relation.id);

    expect(await ids(w.chair.session, '')).toContain(w.relationId);
    expect(await ids(w.chair.session, '')).not.toContain(unrelated.relation.id);
    expect(await ids(w.chair.session, w.member.user.lastName)).toEqual([w.relationId]);
    expect(await ids(w.chair.session, String(unrelated.relation.id))).toEqual([]);
    expect(await ids(w.otherChair.session, w.member.user.lastName)).toEqual([]);
    expect(await ids(w.admin.session, String(unrelated.relation.id))).toEqual([
      unrelated.relation.id,
    ]);
    expect(await ids(w.admin.session, w.creator.user.email!)).toEqual([w.relationId]);

    const found = await get(t, `${urls.search}?q=${w.member.user.lastName}`, w.chair.session);
    expect(found.json<RelationSearchReply>().relations[0]).toMatchObject({
      canDecide: true,
      creator: { id: w.creator.user.id },
    });
    const tooLong = await get(t, `${urls.search}?q=${'x'.repeat(201)}`, w.admin.session);
    expect(tooLong.statusCode).toBe(422);
  });

  it("fills a chair's first page past a page of relations they may not see", async () => {
    const member = await person({ firstName: 'Petra', lastName: `Private${sequence}` });
    const chair = await person({ firstName: 'Carl', lastName: `Chair${sequence}` });
    await conferenceWith(chair.user, [member.user]);
    const visible = [];
    for (let index = 0; index < 3; index += 1) {
      const built = await buildRelation(t.db, {
        creator: member.user,
        parties: [{ user: (await person()).user, status: 1 }],
        title: `Visible ${sequence} ${index}`,
      });
      visible.push(built.relation.id);
    }
    // Newer than those, more than a page of personal relations, which chairs never see.
    for (let index = 0; index < 55; index += 1) {
      await buildRelation(t.db, {
        type: 5,
        creator: member.user,
        parties: [{ user: (await person()).user, status: 1 }],
      });
    }
    const found = await get(t, urls.search, chair.session);
    expect(found.statusCode, found.body).toBe(200);
    const ids = found.json<RelationSearchReply>().relations.map((relation) => relation.id);
    expect(ids).toEqual([...visible].reverse());
  });
});
