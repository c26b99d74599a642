// Roles: only administrators list administrators, search accounts and grant or revoke the
// role; the last administrator cannot give it up; bad input gets a clear refusal and changes
// nothing; every change is in the audit log, and the profile tells the web app the role.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roleMessages } from '@recuse/common';
import type { TestApp } from '../../../test/build-test-app.ts';
import { buildTestApp } from '../../../test/build-test-app.ts';
import type { Tokens } from '../../../test/factories.ts';
import { bearer, buildDblpPerson, buildUser } from '../../../test/factories.ts';
import { signedInUser } from '../../../test/profile-requests.ts';
import { get, post } from '../../../test/relation-requests.ts';
import { auditLog, users } from '../../db/schema.ts';
import { setAccountRole } from './roles.service.ts';

const urls = {
  administrators: '/v1/web/admin/roles',
  search: '/v1/web/admin/accounts',
  grant: '/v1/web/admin/roles/grant',
  revoke: '/v1/web/admin/roles/revoke',
};

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const grant = (session: Tokens | null, fields: Record<string, unknown>) =>
  post(t, urls.grant, session, fields);
const revoke = (session: Tokens | null, fields: Record<string, unknown>) =>
  post(t, urls.revoke, session, fields);
const search = (session: Tokens | null, q: string) =>
  get(t, `${urls.search}?${new URLSearchParams({ q }).toString()}`, session);

async function roleOf(userId: number) {
  const [row] = await t.db.select({ role: users.role }).from(users).where(eq(users.id, userId));
  return row?.role;
}

async function roleAudits(userId: number) {
  const rows = await t.db
    .select({ action: auditLog.action, actor: auditLog.actorUserId, after: auditLog.after })
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'user'), eq(auditLog.entityId, userId)));
  return rows.filter((row) => row.action.endsWith('-admin'));
}

async function profileRole(session: Tokens) {
  const answer = await t.app.inject({ url: '/v1/web/user/profile', headers: bearer(session) });
  return answer.json<{ Role: string }>().Role;
}

describe('who may use the role calls', () => {
  it.each([
    ['GET', urls.administrators, {}],
    ['GET', `${urls.search}?q=ada`, {}],
    ['POST', urls.grant, { userId: 1 }],
    ['POST', urls.revoke, { userId: 1 }],
  ])('%s %s: 401 without a session, 403 for a member', async (method, url, fields) => {
    const member = await signedInUser(t);
    const call = (session: Tokens | null) =>
      method === 'GET' ? get(t, url, session) : post(t, url, session, fields);
    const anonymous = await call(null);
    expect(anonymous.statusCode).toBe(401);
    const refused = await call(member.session);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: roleMessages.onlyAdministrators });
    expect(await roleOf(member.user.id)).toBe('user');
  });
});

describe('granting and revoking the administrator role', () => {
  it('makes a member an administrator, who then sees the role and may use the calls', async () => {
    const admin = await signedInUser(t, { role: 'admin' });
    const member = await signedInUser(t, { firstName: 'Grete', lastName: 'Granted' });
    expect(await profileRole(member.session)).toBe('user');

    const answer = await grant(admin.session, { userId: member.user.id });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      message: 'SUCCESS',
      account: {
        id: member.user.id,
        name: 'Grete Granted',
        email: member.user.email,
        role: 'admin',
      },
    });
    expect(await profileRole(member.session)).toBe('admin');
    expect((await get(t, urls.administrators, member.session)).statusCode).toBe(200);
    expect(await roleAudits(member.user.id)).toEqual([
      { action: 'user.grant-admin', actor: admin.user.id, after: { role: 'admin' } },
    ]);

    // Granting again changes nothing and writes nothing.
    const again = await grant(admin.session, { userId: member.user.id });
    expect(again.statusCode).toBe(200);
    expect(again.json().account.role).toBe('admin');
    expect(await roleAudits(member.user.id)).toHaveLength(1);
  });

  it('takes the role back: the former administrator is refused at once', async () => {
    const admin = await signedInUser(t, { role: 'admin' });
    const other = await signedInUser(t, { role: 'admin' });
    const answer = await revoke(admin.session, { userId: other.user.id });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().account.role).toBe('user');
    expect(await profileRole(other.session)).toBe('user');
    expect((await get(t, urls.administrators, other.session)).statusCode).toBe(403);
    expect(await roleAudits(other.user.id)).toEqual([
      { action: 'user.revoke-admin', actor: admin.user.id, after: { role: 'user' } },
    ]);
    // Revoking a member's role again changes nothing.
    expect((await revoke(admin.session, { userId: other.user.id })).json().account.role).toBe(
      'user',
    );
    expect(await roleAudits(other.user.id)).toHaveLength(1);
  });

  it('lets an administrator give up the role while another administrator remains', async () => {
    const admin = await signedInUser(t, { role: 'admin' });
    await signedInUser(t, { role: 'admin' });
    const answer = await revoke(admin.session, { userId: admin.user.id });
    expect(answer.statusCode).toBe(200);
    expect(await roleOf(admin.user.id)).toBe('user');
  });

  it('refuses the last administrator giving up the role, and changes nothing', async () => {
    const admin = await signedInUser(t, { role: 'admin' });
    // Everyone else made an administrator in this file becomes a member again.
    const others = await t.db
      .update(users)
      .set({ role: 'user' })
      .where(eq(users.role, 'admin'))
      .returning({ id: users.id });
    await t.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.user.id));
    try {
      const answer = await revoke(admin.session, { userId: admin.user.id });
      expect(answer.statusCode).toBe(409);
      expect(answer.json()).toEqual({ message: roleMessages.lastAdministrator });
      expect(await roleOf(admin.user.id)).toBe('admin');
      expect(await roleAudits(admin.user.id)).toEqual([]);
    } finally {
      for (const { id } of others) {
        if (id !== admin.user.id)
          await t.db.update(users).set({ role: 'admin' }).where(eq(users.id, id));
      }
    }
  });

  it('refuses a caller whose role was revoked after the request passed the door', async () => {
    const formerAdmin = await buildUser(t.db, { role: 'user' });
    const member = await buildUser(t.db);
    await expect(
      setAccountRole({ config: t.config, db: t.db }, formerAdmin.id, member.id, 'admin'),
    ).rejects.toMatchObject({ statusCode: 403 });
    expect(await roleOf(member.id)).toBe('user');
  });

  it.each([
    ['no id', {}, 422],
    ['a word', { userId: 'ada' }, 422],
    ['zero', { userId: 0 }, 422],
    ['a number beyond any id', { userId: 99_999_999_999 }, 422],
    ['an unknown id', { userId: 2_000_000_000 }, 404],
  ])('answers %s with a clear refusal', async (_case, fields, code) => {
    const admin = await signedInUser(t, { role: 'admin' });
    for (const call of [grant, revoke]) {
      const answer = await call(admin.session, fields);
      expect(answer.statusCode).toBe(code);
      if (code === 422) {
        expect(answer.json().errors).toEqual({ userId: [roleMessages.pickAccount] });
      } else {
        expect(answer.json()).toHaveProperty('message');
      }
    }
  });

  it('gives roles only to registered accounts: an invited, a DBLP-only or a deleted person is 404', async () => {
    const admin = await signedInUser(t, { role: 'admin' });
    const people = [
      await buildUser(t.db, { kind: 'invited', passwordHash: null }),
      await buildDblpPerson(t.db),
      await buildUser(t.db, { kind: 'deleted', email: null }),
    ];
    for (const person of people) {
      const answer = await grant(admin.session, { userId: person.id });
      expect(answer.statusCode).toBe(404);
      expect(await roleOf(person.id)).toBe('user');
    }
  });
});

describe('finding accounts and administrators', () => {
  it('finds registered accounts by the start of a name or part of an address, with their role', async () => {
    const admin = await signedInUser(t, { role: 'admin' });
    const surname = `Zyxwort${Date.now().toString(36)}`;
    const member = await buildUser(t.db, { firstName: 'Émile', lastName: surname });
    const colleague = await buildUser(t.db, {
      firstName: 'Anna',
      lastName: surname,
      role: 'admin',
    });
    await buildDblpPerson(t.db, { firstName: 'Emile', lastName: surname });

    const byName = await search(admin.session, `emile ${surname.toLowerCase()}`);
    expect(byName.statusCode).toBe(200);
    expect(byName.json()).toEqual({
      accounts: [{ id: member.id, name: `Émile ${surname}`, email: member.email, role: 'user' }],
    });
    const bySurname = await search(admin.session, surname);
    expect(bySurname.json().accounts.map((account: { id: number }) => account.id)).toEqual([
      colleague.id,
      member.id,
    ]);
    const byAddress = await search(admin.session, member.email!.slice(0, 12));
    expect(byAddress.json().accounts.map((account: { id: number }) => account.id)).toContain(
      member.id,
    );
  });

  it.each(['', 'a', ' . '])('refuses the search %j as too short', async (q) => {
    const admin = await signedInUser(t, { role: 'admin' });
    const answer = await search(admin.session, q);
    expect(answer.statusCode).toBe(422);
    expect(answer.json().errors).toEqual({ q: [roleMessages.searchTooShort] });
  });

  it('lists every administrator', async () => {
    const admin = await signedInUser(t, { role: 'admin', firstName: 'Avery', lastName: 'Listed' });
    const answer = await get(t, urls.administrators, admin.session);
    expect(answer.statusCode).toBe(200);
    const { administrators } = answer.json<{
      administrators: Array<{ id: number; role: string }>;
    }>();
    expect(administrators).toContainEqual({
      id: admin.user.id,
      name: 'Avery Listed',
      email: admin.user.email,
      role: 'admin',
    });
    expect(administrators.every((account) => account.role === 'admin')).toBe(true);
  });
});
