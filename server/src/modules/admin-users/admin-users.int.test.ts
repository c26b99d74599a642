// Accounts in the administration: only administrators open an account, unlock it or delete
// it (a user and a chair are refused); unlocking lets the person sign in again; deleting
// removes their own data and sessions, leaves them in others' relations as '(Deleted user)',
// and nothing else breaks (others' lists, conflicts and exports, notifications); bad input
// and accounts that are gone get a sentence and change nothing.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminUserReply } from '@recuse/common';
import { messages, userAdminMessages } from '@recuse/common';
import type { TestApp } from '../../../test/build-test-app.ts';
import { buildTestApp } from '../../../test/build-test-app.ts';
import type { Tokens } from '../../../test/factories.ts';
import {
  bearer,
  buildAffiliation,
  buildNotification,
  buildRelation,
  buildUser,
  defaultPassword,
  signIn,
} from '../../../test/factories.ts';
import {
  get,
  listComments,
  listRelations,
  post,
  requestToModify,
  snapshotRelationTables,
} from '../../../test/relation-requests.ts';
import {
  affiliations,
  auditLog,
  conferenceChairs,
  conferences,
  notifications,
  tokens,
  users,
} from '../../db/schema.ts';
import type { User } from '../../db/schema.ts';

const urls = {
  account: (id: number | string) => `/v1/web/admin/users/${id}`,
  unlock: '/v1/web/admin/users/unlock',
  delete: '/v1/web/admin/users/delete',
};

let t: TestApp;
let sequence = 0;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function person(overrides: Parameters<typeof buildUser>[1] = {}) {
  const user = await buildUser(t.db, overrides);
  return { user, session: await signIn(t.app, user.email!) };
}

async function chair() {
  sequence += 1;
  const someone = await person();
  const [conference] = await t.db
    .insert(conferences)
    .values({ name: `Accounts ${sequence}`, label: `Accounts ${sequence}` })
    .returning();
  await t.db
    .insert(conferenceChairs)
    .values({ conferenceId: conference!.id, userId: someone.user.id });
  return someone;
}

const login = (email: string) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/user/login',
    payload: { action: 'login', api_key: 'recuse-web', username: email, password: defaultPassword },
  });

async function userRow(id: number): Promise<User> {
  const [row] = await t.db.select().from(users).where(eq(users.id, id));
  return row!;
}

describe('who may use the account calls', () => {
  it('answers 401 without a session and 403 to a user and to a chair', async () => {
    const target = await person();
    const calls = (session: Tokens | null) => [
      get(t, urls.account(target.user.id), session),
      post(t, urls.unlock, session, { userId: target.user.id }),
      post(t, urls.delete, session, { userId: target.user.id, reason: 'Asked to leave.' }),
    ];
    const user = await person();
    const aChair = await chair();
    const before = await snapshotRelationTables(t.db);
    for (const answer of await Promise.all(calls(null))) expect(answer.statusCode).toBe(401);
    for (const session of [user.session, aChair.session]) {
      for (const answer of await Promise.all(calls(session))) {
        expect(answer.statusCode).toBe(403);
        expect(answer.json()).toEqual({ message: userAdminMessages.onlyAdministrators });
      }
    }
    expect(await snapshotRelationTables(t.db)).toEqual(before);
  });
});

describe('an account and its sign-in state', () => {
  it('shows the profile, relations and lock; unlocking lets the person sign in again', async () => {
    const admin = await person({ role: 'admin' });
    const locked = { user: await buildUser(t.db, { firstName: 'Lena', lastName: 'Locked' }) };
    await signIn(t.app, locked.user.email!);
    await t.db
      .update(users)
      .set({ failedLoginCount: 5, lockedUntil: new Date(Date.now() + 3_600_000) })
      .where(eq(users.id, locked.user.id));
    await buildAffiliation(t.db, locked.user.id);
    const paper = await buildRelation(t.db, { creator: locked.user, title: 'Lena Writes' });

    expect((await login(locked.user.email!)).statusCode).not.toBe(200);
    const answer = await get(t, urls.account(locked.user.id), admin.session);
    expect(answer.statusCode).toBe(200);
    const { user } = answer.json<AdminUserReply>();
    expect(user).toMatchObject({
      id: locked.user.id,
      name: 'Lena Locked',
      email: locked.user.email,
      role: 'user',
      signIn: { isLocked: true, failedLoginCount: 5, activeSessions: 1 },
    });
    expect(user.affiliations).toHaveLength(1);
    expect(user.relations.map((relation) => relation.id)).toEqual([paper.relation.id]);

    const unlocked = await post(t, urls.unlock, admin.session, { userId: locked.user.id });
    expect(unlocked.statusCode).toBe(200);
    expect(unlocked.json()).toMatchObject({
      message: 'SUCCESS',
      user: { signIn: { isLocked: false, failedLoginCount: 0, lockedUntil: null } },
    });
    expect((await login(locked.user.email!)).statusCode).toBe(200);
    const audits = await t.db
      .select({ action: auditLog.action, actor: auditLog.actorUserId })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'user'), eq(auditLog.entityId, locked.user.id)));
    expect(audits).toContainEqual({ action: 'user.unlock', actor: admin.user.id });

    const again = await post(t, urls.unlock, admin.session, { userId: locked.user.id });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: userAdminMessages.notLocked });
  });
});

describe('deleting an account', () => {
  it("removes the person's data and sessions, and leaves '(Deleted user)' in others' relations", async () => {
    const admin = await person({ role: 'admin' });
    const leaving = await person({
      firstName: 'Gone',
      lastName: 'Soon',
      dblpPid: `99/${Date.now()}`,
    });
    const staying = await person({ firstName: 'Stay', lastName: 'Here' });
    await buildAffiliation(t.db, leaving.user.id);
    await buildNotification(t.db, leaving.user.id, { message: 'For the leaving person' });
    const shared = await buildRelation(t.db, {
      creator: staying.user,
      parties: [{ user: leaving.user, status: 1 }],
      title: 'A Paper We Wrote',
      end: { year: new Date().getFullYear() },
    });
    const theirs = await buildRelation(t.db, {
      creator: leaving.user,
      parties: [{ user: staying.user, status: 1 }],
      title: 'Their Own Paper',
      end: { year: new Date().getFullYear() },
    });
    expect(
      (await requestToModify(t, leaving.session, shared.relation.id, 'Please fix the year.'))
        .statusCode,
    ).toBe(200);

    const conflictForm = {
      conflictRules: JSON.stringify(['coauthor-4y', 'advisor-always', 'personal-always']),
      conflictRulesPendingEmp: '[]',
      conflictInstiRules: '[]',
      pageName: 'all',
      filterBy: 'type',
    };
    const listConflicts = () =>
      post(t, '/v1/web/relations/data/list', staying.session, conflictForm);
    // Before: the co-author is a conflict, by name.
    expect(JSON.stringify((await listConflicts()).json().user_conflicts)).toContain('Gone Soon');

    const answer = await post(t, urls.delete, admin.session, {
      userId: leaving.user.id,
      reason: 'Asked for their account to be removed.',
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ message: 'DELETED', userId: leaving.user.id });

    // Personal data gone, the row kept as a deleted person.
    const row = await userRow(leaving.user.id);
    expect(row).toMatchObject({
      kind: 'deleted',
      firstName: '',
      lastName: '',
      email: null,
      secondaryEmail: null,
      dblpPid: null,
      passwordHash: null,
    });
    for (const table of [affiliations, notifications, tokens]) {
      const left = await t.db.select().from(table).where(eq(table.userId, leaving.user.id));
      expect(left).toEqual([]);
    }
    // Their sessions end at once, and the address no longer signs in.
    const profile = await t.app.inject({
      url: '/v1/web/user/profile',
      headers: bearer(leaving.session),
    });
    expect(profile.statusCode).toBe(401);
    expect((await login(leaving.user.email!)).statusCode).not.toBe(200);

    // The other person's list, relation log, conflicts and exports still work.
    const list = await listRelations(t, staying.session);
    expect(list.statusCode).toBe(200);
    expect(JSON.stringify(list.json())).toContain(messages.deletedUser);
    expect(JSON.stringify(list.json())).not.toContain('Gone Soon');
    const comments = await listComments(t, staying.session, shared.relation.id);
    expect(comments.statusCode).toBe(200);
    expect(comments.json().data).toContainEqual(
      expect.objectContaining({ submittedBy: messages.deletedUser }),
    );
    const view = await get(t, `/v1/web/relation/data/view/${theirs.relation.id}`, staying.session);
    expect(view.statusCode).toBe(200);
    expect(view.body).not.toContain('Gone Soon');
    const conflicts = await listConflicts();
    expect(conflicts.statusCode, conflicts.body).toBe(200);
    expect(JSON.stringify(conflicts.json().user_conflicts)).not.toContain('Gone Soon');
    for (const format of ['hotcrp', 'csv', 'json']) {
      const exported = await post(t, '/v1/web/relations/data/conflicts_export', staying.session, {
        ...conflictForm,
        format,
      });
      expect(exported.statusCode).toBe(200);
      expect(exported.body).not.toContain('Gone Soon');
    }
    const stayingProfile = await t.app.inject({
      url: '/v1/web/user/profile',
      headers: bearer(staying.session),
    });
    expect(stayingProfile.statusCode).toBe(200);

    // Audited without personal data; a second deletion finds nobody and changes nothing.
    const [audit] = await t.db
      .select({ actor: auditLog.actorUserId, before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.delete'), eq(auditLog.entityId, leaving.user.id)));
    expect(audit).toMatchObject({
      actor: admin.user.id,
      after: { kind: 'deleted', reason: 'Asked for their account to be removed.' },
    });
    expect(JSON.stringify(audit)).not.toContain(leaving.user.email!);
    const before = await snapshotRelationTables(t.db);
    const again = await post(t, urls.delete, admin.session, {
      userId: leaving.user.id,
      reason: 'Again.',
    });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: userAdminMessages.accountGone });
    expect((await get(t, urls.account(leaving.user.id), admin.session)).statusCode).toBe(404);
    expect(await snapshotRelationTables(t.db)).toEqual(before);
  });

  it('refuses one’s own account and another administrator’s, and checks its input', async () => {
    const admin = await person({ role: 'admin' });
    const other = await person({ role: 'admin' });
    const member = await person();
    const before = await snapshotRelationTables(t.db);
    const own = await post(t, urls.delete, admin.session, { userId: admin.user.id, reason: 'x' });
    expect(own.statusCode).toBe(409);
    expect(own.json()).toEqual({ message: userAdminMessages.ownAccount });
    const ofAdmin = await post(t, urls.delete, admin.session, {
      userId: other.user.id,
      reason: 'x',
    });
    expect(ofAdmin.statusCode).toBe(409);
    expect(ofAdmin.json()).toEqual({ message: userAdminMessages.administrator });
    const noReason = await post(t, urls.delete, admin.session, { userId: member.user.id });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().errors.reason).toEqual([userAdminMessages.reasonRequired]);
    for (const userId of ['abc', '0', '-1', '2.5']) {
      const answer = await post(t, urls.unlock, admin.session, { userId });
      expect(answer.statusCode).toBe(422);
      expect(answer.json().errors.userId).toEqual([userAdminMessages.pickAccount]);
    }
    expect((await get(t, urls.account('abc'), admin.session)).statusCode).toBe(422);
    for (const url of [urls.unlock, urls.delete]) {
      const gone = await post(t, url, admin.session, { userId: 2_000_000_000, reason: 'x' });
      expect(gone.statusCode).toBe(404);
      expect(gone.json()).toEqual({ message: userAdminMessages.accountGone });
    }
    expect(await snapshotRelationTables(t.db)).toEqual(before);
    expect((await userRow(member.user.id)).kind).toBe('registered');
  });
});
