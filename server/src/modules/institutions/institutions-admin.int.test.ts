// The administration of institutions: only administrators see the queue and the search and
// decide (approve, merge, reject) or edit; a decision on something already decided, or that
// does not exist, is refused clearly and changes nothing; approving and merging validate the
// applications (type 8) waiting for the institution; the people concerned are told; every
// decision is in the audit log.
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminInstitution, InstitutionProposal } from '@recuse/common';
import { institutionAdminMessages as says, institutionStatus } from '@recuse/common';
import type { TestApp } from '../../../test/build-test-app.ts';
import { buildTestApp } from '../../../test/build-test-app.ts';
import type { Tokens } from '../../../test/factories.ts';
import {
  bearer,
  buildAffiliation,
  buildInstitution,
  buildRelation,
  uniqueWords,
} from '../../../test/factories.ts';
import { signedInUser } from '../../../test/profile-requests.ts';
import {
  get,
  pendingEmploymentForm,
  post,
  savePendingEmployment,
  viewPendingEmployment,
} from '../../../test/relation-requests.ts';
import { queryRows } from '../../db/client.ts';
import { affiliations, auditLog, institutions, relations } from '../../db/schema.ts';
import { findOrProposeInstitution } from './institutions.service.ts';

const urls = {
  queue: '/v1/web/admin/institutions/queue',
  search: '/v1/web/admin/institutions',
  approve: '/v1/web/admin/institutions/approve',
  merge: '/v1/web/admin/institutions/merge',
  reject: '/v1/web/admin/institutions/reject',
  update: '/v1/web/admin/institutions/update',
};

let t: TestApp;
let admin: Tokens;
beforeAll(async () => {
  t = await buildTestApp();
  admin = (await signedInUser(t, { role: 'admin' })).session;
});
afterAll(() => t.close());

async function institutionRow(id: number) {
  const [row] = await t.db.select().from(institutions).where(eq(institutions.id, id));
  return row!;
}

/** Everything a decision could change, to show that a refused one changed nothing. */
async function snapshot() {
  const tables = ['institutions', 'affiliations', 'relations', 'notifications', 'audit_log'];
  const sums = await Promise.all(
    tables.map(async (table) => {
      const [row] = await queryRows<{ sum: string }>(
        t.db,
        sql.raw(`select md5(coalesce(string_agg(cast(r as text), '|' order by r.id), '')) as sum
                   from "${table}" r`),
      );
      return [table, row?.sum] as const;
    }),
  );
  return Object.fromEntries(sums);
}

async function auditOf(id: number) {
  return t.db
    .select({ action: auditLog.action, before: auditLog.before, after: auditLog.after })
    .from(auditLog)
    .where(sql`${auditLog.entity} = 'institution' and ${auditLog.entityId} = ${id}`)
    .orderBy(asc(auditLog.id));
}

async function unreadNotices(session: Tokens) {
  const answer = await t.app.inject({ url: '/v1/web/user/profile', headers: bearer(session) });
  return answer
    .json<{ Notifications: Array<{ data: { notify_message: string; reject_reason: string } }> }>()
    .Notifications.map((notice) => ({
      message: notice.data.notify_message,
      reason: notice.data.reject_reason,
    }));
}

async function dropList(session: Tokens) {
  const answer = await get(t, '/v1/web/institution/data/list/InstitutionDrplist', session);
  return Object.values(answer.json<Record<string, string>>());
}

/** A proposal by a new member, who is affiliated with it and applied to it (type 8, pending). */
async function proposalInUse(name = uniqueWords('Proposed Institute')) {
  const proposer = await signedInUser(t);
  const institution = await buildInstitution(t.db, {
    name,
    aliases: [`${name} Alias`],
    status: institutionStatus.awaitingApproval,
    createdByUserId: proposer.user.id,
  });
  const affiliation = await buildAffiliation(t.db, proposer.user.id, {
    institutionId: institution.id,
  });
  const saved = await savePendingEmployment(
    t,
    proposer.session,
    pendingEmploymentForm(institution.id),
  );
  expect(saved.statusCode).toBe(200);
  const gid = saved.json<{ GID: number }>().GID;
  return { proposer, institution, affiliation, gid };
}

describe('who may use the institution administration calls', () => {
  it.each([
    ['GET', urls.queue, {}],
    ['GET', `${urls.search}?q=eth`, {}],
    ['POST', urls.approve, { institutionId: 1 }],
    ['POST', urls.merge, { institutionId: 1, targetId: 2 }],
    ['POST', urls.reject, { institutionId: 1, reason: 'No.' }],
    ['POST', urls.update, { institutionId: 1, name: 'Renamed' }],
  ])(
    '%s %s: 401 without a session, 403 for a member, nothing changed',
    async (method, url, fields) => {
      const member = await signedInUser(t);
      await buildInstitution(t.db, { status: institutionStatus.awaitingApproval });
      const before = await snapshot();
      const call = (session: Tokens | null) =>
        method === 'GET' ? get(t, url, session) : post(t, url, session, fields);
      expect((await call(null)).statusCode).toBe(401);
      const refused = await call(member.session);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ message: says.onlyAdministrators });
      expect(await snapshot()).toEqual(before);
    },
  );

  it.each([
    [urls.approve, {}],
    [urls.approve, { institutionId: 'ETH' }],
    [urls.reject, { institutionId: 0, reason: 'Unknown.' }],
    [urls.merge, { institutionId: 99_999_999_999, targetId: 1 }],
    [urls.update, { institutionId: -4, name: 'Renamed' }],
    [urls.approve, { institutionId: '0x10' }],
  ])('%s answers a bad institution id %j with 422 and changes nothing', async (url, fields) => {
    const before = await snapshot();
    const answer = await post(t, url, admin, fields);
    expect(answer.statusCode).toBe(422);
    expect(answer.json().errors).toMatchObject({ institutionId: [says.pickInstitution] });
    expect(await snapshot()).toEqual(before);
  });

  it.each([true, [3], null])('reads a JSON id %j as no id (422)', async (institutionId) => {
    const target = await buildInstitution(t.db);
    const before = await snapshot();
    const answer = await post(t, urls.merge, admin, { institutionId, targetId: target.id }, 'json');
    expect(answer.statusCode).toBe(422);
    expect(answer.json().errors).toMatchObject({ institutionId: [says.pickInstitution] });
    expect(await snapshot()).toEqual(before);
  });

  it.each([
    [urls.approve, {}],
    [urls.reject, { reason: 'Not an institution.' }],
    [urls.merge, { targetId: 1 }],
    [urls.update, { name: 'Renamed' }],
  ])('%s answers an institution that does not exist with 404', async (url, fields) => {
    const before = await snapshot();
    const answer = await post(t, url, admin, { institutionId: 2_000_000_000, ...fields });
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toHaveProperty('message');
    expect(await snapshot()).toEqual(before);
  });
});

describe('the queue and the search', () => {
  it('lists each proposal with its proposer and what names it, and nothing already decided', async () => {
    const { proposer, institution, affiliation, gid } = await proposalInUse();
    const approved = await buildInstitution(t.db);
    const answer = await get(t, urls.queue, admin);
    expect(answer.statusCode).toBe(200);
    const queue = answer.json<{ institutions: InstitutionProposal[] }>().institutions;
    expect(queue.map((row) => row.id)).not.toContain(approved.id);
    const entry = queue.find((row) => row.id === institution.id);
    expect(entry).toMatchObject({
      name: institution.name,
      aliases: [`${institution.name} Alias`],
      status: institutionStatus.awaitingApproval,
      mergedInto: null,
      proposedBy: {
        id: proposer.user.id,
        name: `${proposer.user.firstName} ${proposer.user.lastName}`,
        email: proposer.user.email,
      },
      affiliationCount: 1,
      relationCount: 1,
      affiliations: [
        {
          id: affiliation.id,
          person: { id: proposer.user.id },
          position: 'Faculty',
          startDate: '2020-01-01',
          endDate: '',
          isCurrent: true,
        },
      ],
      relations: [{ id: gid, creator: { id: proposer.user.id }, status: 3 }],
    });
  });

  it('finds institutions by a part of their name or an alias, ignoring case and accents', async () => {
    const name = uniqueWords('Université de Recherche');
    const institution = await buildInstitution(t.db, { name, aliases: ['Zorbl Labs'] });
    const byName = await get(
      t,
      `${urls.search}?q=${encodeURIComponent('UNIVERSITE DE recherche')}`,
      admin,
    );
    expect(byName.statusCode).toBe(200);
    const found = byName.json<{ institutions: AdminInstitution[] }>().institutions;
    expect(found.map((row) => row.id)).toContain(institution.id);
    const byAlias = await get(t, `${urls.search}?q=zorbl`, admin);
    expect(byAlias.json<{ institutions: AdminInstitution[] }>().institutions).toEqual([
      expect.objectContaining({ id: institution.id, name, status: institutionStatus.approved }),
    ]);
    const all = await get(t, urls.search, admin);
    expect(all.json<{ institutions: AdminInstitution[] }>().institutions.length).toBeGreaterThan(0);
  });
});

describe('approving', () => {
  it('approves a proposal, validates the applications waiting for it, and refuses a second approval', async () => {
    const { proposer, institution, gid } = await proposalInUse();
    expect((await viewPendingEmployment(t, proposer.session, gid)).json().Status).toBe(3);

    const answer = await post(t, urls.approve, admin, { institutionId: institution.id });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ message: 'SUCCESS', validatedRelations: 1 });
    expect((await institutionRow(institution.id)).status).toBe(institutionStatus.approved);
    expect((await viewPendingEmployment(t, proposer.session, gid)).json().Status).toBe(1);
    expect((await auditOf(institution.id)).map((row) => row.action)).toEqual([
      'institution.approve',
    ]);

    const before = await snapshot();
    const again = await post(t, urls.approve, admin, { institutionId: institution.id });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: says.alreadyApproved });
    expect(await snapshot()).toEqual(before);
  });

  it('refuses to approve a rejected or a merged proposal', async () => {
    const rejected = await buildInstitution(t.db, { status: institutionStatus.rejected });
    const target = await buildInstitution(t.db);
    const merged = await buildInstitution(t.db, {
      status: institutionStatus.awaitingApproval,
      mergedIntoId: target.id,
    });
    const before = await snapshot();
    const first = await post(t, urls.approve, admin, { institutionId: rejected.id });
    expect([first.statusCode, first.json()]).toEqual([409, { message: says.alreadyRejected }]);
    const second = await post(t, urls.approve, admin, { institutionId: merged.id });
    expect([second.statusCode, second.json()]).toEqual([
      409,
      { message: says.alreadyMerged(target.name) },
    ]);
    expect(await snapshot()).toEqual(before);
  });
});

describe('merging', () => {
  it('moves a proposal into an approved institution: its names become aliases, what named it follows', async () => {
    const { proposer, institution, affiliation, gid } = await proposalInUse();
    const target = await buildInstitution(t.db, {
      name: uniqueWords('Target University'),
      aliases: ['TU Target'],
      emailDomains: ['target.example.org'],
    });
    await t.db
      .update(institutions)
      .set({ emailDomains: ['proposed.example.org'], country: 'Norway' })
      .where(eq(institutions.id, institution.id));

    const answer = await post(t, urls.merge, admin, {
      institutionId: institution.id,
      targetId: target.id,
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({
      message: 'SUCCESS',
      movedAffiliations: 1,
      movedRelations: 1,
      validatedRelations: 1,
      target: {
        id: target.id,
        name: target.name,
        aliases: ['TU Target', institution.name, `${institution.name} Alias`],
        emailDomains: ['target.example.org', 'proposed.example.org'],
        country: 'Norway',
        affiliationCount: 1,
        relationCount: 1,
      },
    });
    const [movedAffiliation] = await t.db
      .select()
      .from(affiliations)
      .where(eq(affiliations.id, affiliation.id));
    expect(movedAffiliation!.institutionId).toBe(target.id);
    const view = (await viewPendingEmployment(t, proposer.session, gid)).json();
    expect(view).toMatchObject({ Status: 1, rInstitutionId: target.id });
    expect((await institutionRow(institution.id)).mergedIntoId).toBe(target.id);
    expect(await unreadNotices(proposer.session)).toContainEqual({
      message: says.proposalMerged(institution.name, target.name),
      reason: '',
    });
    // The merged name, typed again, finds the target; the drop list offers only the target.
    expect(
      await findOrProposeInstitution(t.db, proposer.user.id, {
        name: institution.name,
        aliases: [],
      }),
    ).toBe(target.id);
    const offered = await dropList(proposer.session);
    expect(offered).toContain(target.name);
    expect(offered.join('|')).not.toContain(`${institution.name} (`);
    expect((await auditOf(institution.id)).map((row) => row.action)).toEqual(['institution.merge']);
    expect((await auditOf(institution.id))[0]!.after).toMatchObject({
      mergedIntoId: target.id,
      movedAffiliationIds: [affiliation.id],
      movedRelationIds: [gid],
    });
    expect((await auditOf(target.id)).map((row) => row.action)).toEqual(['institution.update']);

    // Merging it again, or into itself, is refused and changes nothing.
    const before = await snapshot();
    const again = await post(t, urls.merge, admin, {
      institutionId: institution.id,
      targetId: target.id,
    });
    expect([again.statusCode, again.json()]).toEqual([
      409,
      { message: says.alreadyMerged(target.name) },
    ]);
    const itself = await post(t, urls.merge, admin, {
      institutionId: target.id,
      targetId: target.id,
    });
    expect(itself.statusCode).toBe(422);
    expect(itself.json().errors).toEqual({ targetId: [says.mergeIntoItself] });
    expect(await snapshot()).toEqual(before);
  });

  it('keeps applications pending when the target itself awaits approval', async () => {
    const { institution, gid } = await proposalInUse();
    const target = await buildInstitution(t.db, { status: institutionStatus.awaitingApproval });
    const answer = await post(t, urls.merge, admin, {
      institutionId: institution.id,
      targetId: target.id,
    });
    expect(answer.json()).toMatchObject({ movedRelations: 1, validatedRelations: 0 });
    const [relation] = await t.db.select().from(relations).where(eq(relations.id, gid));
    expect(relation).toMatchObject({ institutionId: target.id, status: 3 });
  });

  it('refuses a target that does not exist, was rejected or was merged, and changes nothing', async () => {
    const { institution } = await proposalInUse();
    const rejected = await buildInstitution(t.db, { status: institutionStatus.rejected });
    const elsewhere = await buildInstitution(t.db);
    const merged = await buildInstitution(t.db, { mergedIntoId: elsewhere.id });
    const before = await snapshot();
    const unknown = await post(t, urls.merge, admin, {
      institutionId: institution.id,
      targetId: 2_000_000_000,
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ targetId: [says.targetUnknown] });
    for (const target of [rejected, merged]) {
      const answer = await post(t, urls.merge, admin, {
        institutionId: institution.id,
        targetId: target.id,
      });
      expect(answer.statusCode).toBe(409);
      expect(answer.json().errors).toEqual({ targetId: [says.targetNotUsable(target.name)] });
    }
    const noTarget = await post(t, urls.merge, admin, { institutionId: institution.id });
    expect(noTarget.statusCode).toBe(422);
    expect(noTarget.json().errors).toEqual({ targetId: [says.pickTarget] });
    expect(await snapshot()).toEqual(before);
  });
});

describe('rejecting', () => {
  it('rejects a proposal with a reason its proposer and its other users are told', async () => {
    const { proposer, institution, gid } = await proposalInUse();
    const colleague = await signedInUser(t);
    await buildAffiliation(t.db, colleague.user.id, { institutionId: institution.id });
    const reason = 'This is a building, not an institution.';

    const answer = await post(t, urls.reject, admin, { institutionId: institution.id, reason });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({
      message: 'SUCCESS',
      institution: { id: institution.id, status: institutionStatus.rejected },
    });
    expect(await unreadNotices(proposer.session)).toContainEqual({
      message: says.proposalRejected(institution.name),
      reason,
    });
    expect(await unreadNotices(colleague.session)).toContainEqual({
      message: says.usedInstitutionRejected(institution.name),
      reason,
    });
    // Nobody may pick it any more; the application stays as it was, pending.
    expect((await dropList(proposer.session)).join('|')).not.toContain(institution.name);
    expect((await viewPendingEmployment(t, proposer.session, gid)).json().Status).toBe(3);
    const queue = (await get(t, urls.queue, admin)).json<{ institutions: InstitutionProposal[] }>();
    expect(queue.institutions.map((row) => row.id)).not.toContain(institution.id);
    expect(await auditOf(institution.id)).toEqual([
      {
        action: 'institution.reject',
        before: { status: institutionStatus.awaitingApproval },
        after: { status: institutionStatus.rejected, reason, toldUserIds: [colleague.user.id] },
      },
    ]);

    const before = await snapshot();
    const again = await post(t, urls.reject, admin, { institutionId: institution.id, reason });
    expect([again.statusCode, again.json()]).toEqual([409, { message: says.alreadyRejected }]);
    expect(await snapshot()).toEqual(before);
  });

  it('asks for a reason, and rejects only proposals awaiting approval', async () => {
    const proposal = await buildInstitution(t.db, { status: institutionStatus.awaitingApproval });
    const approved = await buildInstitution(t.db);
    const before = await snapshot();
    for (const reason of [undefined, '', '   ', 'x'.repeat(1001)]) {
      const answer = await post(t, urls.reject, admin, { institutionId: proposal.id, reason });
      expect(answer.statusCode).toBe(422);
      expect(answer.json().errors).toHaveProperty('reason');
    }
    const blank = await post(t, urls.reject, admin, { institutionId: proposal.id, reason: ' ' });
    expect(blank.json().errors).toEqual({ reason: [says.reasonRequired] });
    const refused = await post(t, urls.reject, admin, {
      institutionId: approved.id,
      reason: 'No.',
    });
    expect([refused.statusCode, refused.json()]).toEqual([409, { message: says.notAProposal }]);
    expect(await snapshot()).toEqual(before);
  });
});

describe('editing', () => {
  it('changes the name, aliases, e-mail domains and country, and writes the audit log', async () => {
    const institution = await buildInstitution(t.db, { aliases: ['Old Alias'] });
    const name = uniqueWords('Renamed Institute');
    const answer = await post(t, urls.update, admin, {
      institutionId: institution.id,
      name: `  ${name} `,
      aliases: `RI, Oslo\n\n${name}\nri, oslo\nRenamed`,
      emailDomains: '@Renamed.example.org, cs.renamed.example.org renamed.example.org',
      country: ' Norway ',
    });
    expect(answer.statusCode).toBe(200);
    const expected = {
      name,
      aliases: ['RI, Oslo', 'Renamed'],
      emailDomains: ['renamed.example.org', 'cs.renamed.example.org'],
      country: 'Norway',
    };
    expect(answer.json().institution).toMatchObject(expected);
    expect(await institutionRow(institution.id)).toMatchObject({
      ...expected,
      aliasKeys: ['ri oslo', 'renamed'],
    });
    expect(await auditOf(institution.id)).toEqual([
      {
        action: 'institution.update',
        before: { name: institution.name, aliases: ['Old Alias'], emailDomains: [], country: '' },
        after: expected,
      },
    ]);
    // JSON bodies may send the lists as arrays.
    const json = await post(
      t,
      urls.update,
      admin,
      { institutionId: institution.id, name, aliases: ['Another'], emailDomains: [] },
      'json',
    );
    expect(json.json().institution).toMatchObject({
      aliases: ['Another'],
      emailDomains: [],
      country: '',
    });
  });

  it('refuses a name or alias another institution goes by, and bad fields, changing nothing', async () => {
    const taken = await buildInstitution(t.db, {
      name: uniqueWords('Taken College'),
      aliases: ['Taken Alias Only'],
    });
    const institution = await buildInstitution(t.db);
    const before = await snapshot();
    const byName = await post(t, urls.update, admin, {
      institutionId: institution.id,
      name: taken.name.toUpperCase(),
    });
    expect(byName.statusCode).toBe(409);
    expect(byName.json().errors).toEqual({ name: [says.nameTaken(taken.name.toUpperCase())] });
    const byAlias = await post(t, urls.update, admin, {
      institutionId: institution.id,
      name: institution.name,
      aliases: 'taken alias only',
    });
    expect(byAlias.statusCode).toBe(409);
    expect(byAlias.json().errors).toEqual({ aliases: [says.nameTaken('taken alias only')] });
    const bad = await post(t, urls.update, admin, {
      institutionId: institution.id,
      name: ' ',
      emailDomains: 'not a domain.',
      country: 'x'.repeat(101),
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      name: [says.nameRequired],
      emailDomains: [
        says.domainInvalid('not'),
        says.domainInvalid('a'),
        says.domainInvalid('domain.'),
      ],
      country: ['At most 100 characters.'],
    });
    expect(await snapshot()).toEqual(before);
  });

  it('refuses to edit a merged institution', async () => {
    const target = await buildInstitution(t.db);
    const merged = await buildInstitution(t.db, { mergedIntoId: target.id });
    const answer = await post(t, urls.update, admin, { institutionId: merged.id, name: 'New' });
    expect([answer.statusCode, answer.json()]).toEqual([
      409,
      { message: says.alreadyMerged(target.name) },
    ]);
  });
});

describe('a relation made with the factory names the institution too', () => {
  it('counts a deleted application out', async () => {
    const proposal = await buildInstitution(t.db, { status: institutionStatus.awaitingApproval });
    await buildRelation(t.db, { type: 8, institutionId: proposal.id });
    await buildRelation(t.db, {
      type: 8,
      institutionId: proposal.id,
      overrides: { status: 2, deletedAt: new Date() },
    });
    const queue = (await get(t, urls.queue, admin)).json<{ institutions: InstitutionProposal[] }>();
    expect(queue.institutions.find((row) => row.id === proposal.id)).toMatchObject({
      relationCount: 1,
      relations: [expect.objectContaining({ status: 3 })],
    });
  });
});
