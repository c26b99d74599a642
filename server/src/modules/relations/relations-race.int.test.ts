// Races: the creator (or, every other round, an administrator commenting) and two named people
// act on one relation at the same moment, round after round. Every action is applied or refused with a
// message, never lost: replaying the audit log in order gives each action the state it saw and
// ends in the state stored. Also two saves of one new relation, and two invitations of one new
// address, at once. PostgreSQL only: PGlite runs one statement at a time in one process, so
// nothing can interleave there and the test would prove nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from '../../../test/build-test-app.ts';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { signedInUser } from '../../../test/profile-requests.ts';
import {
  accept,
  coauthorDetails,
  personForm,
  publicationForm,
  reject,
  requestToModify,
  saveCoauthorRelation,
  savePersonRelation,
} from '../../../test/relation-requests.ts';
import { auditLog, relationParties, users } from '../../db/schema.ts';

const isPostgres = process.env.TEST_DB_ENGINE === 'postgres';

let t: TestApp;
beforeAll(async () => {
  if (isPostgres) t = await buildTestApp();
});
afterAll(() => t?.close());

const rounds = 40;

type Answer = { actor: number; action: string; response: LightMyRequestResponse };

describe.skipIf(!isPostgres)('actions racing on one relation (PostgreSQL)', () => {
  it(`applies or refuses every action of ${rounds} rounds of three at once, and loses none`, async () => {
    const ada = await signedInUser(t, { firstName: 'Ada', lastName: 'Creator' });
    const bob = await signedInUser(t, { firstName: 'Bob', lastName: 'Party' });
    const admin = await signedInUser(t, { role: 'admin', firstName: 'Avery', lastName: 'Admin' });
    const cyd = await signedInUser(t, { firstName: 'Cyd', lastName: 'Party' });
    const created = await saveCoauthorRelation(
      t,
      ada.session,
      publicationForm([bob.user.id, cyd.user.id], { publicationName: 'Raced Paper' }),
    );
    const gid = created.json().GID as number;
    const parties = await t.db
      .select()
      .from(relationParties)
      .where(eq(relationParties.relationId, gid))
      .orderBy(asc(relationParties.id));

    const partyActions = ['accept', 'reject', 'requestChange'] as const;
    const partyAct = (who: typeof bob, round: number, offset: number): Promise<Answer> => {
      const action = partyActions[(round + offset) % 3]!;
      const call =
        action === 'accept'
          ? accept(t, who.session, gid)
          : action === 'reject'
            ? reject(t, who.session, gid, `Round ${round}: not quite.`)
            : requestToModify(t, who.session, gid, `Round ${round}: please check.`);
      return call.then((response) => ({ actor: who.user.id, action, response }));
    };
    const creatorAct = (round: number): Promise<Answer> => {
      const isEdit = round % 2 === 0;
      const call = isEdit
        ? saveCoauthorRelation(
            t,
            ada.session,
            publicationForm([], {
              GID: gid,
              publicationName: 'Raced Paper',
              coAuthorDetails: coauthorDetails(
                parties.map((party) => ({ id: party.userId, relationId: party.id })),
              ),
              dateEndYear: 2015 + (round % 7),
              sourceUserUpdateComment: `Round ${round}: the year.`,
            }),
          )
        : requestToModify(t, admin.session, gid, `Round ${round}: a note.`, {
            changeRelationToPending: 0,
          });
      return call.then((response) => ({
        actor: isEdit ? ada.user.id : admin.user.id,
        action: isEdit ? 'modify' : 'comment',
        response,
      }));
    };

    const answers: Answer[] = [];
    for (let round = 0; round < rounds; round += 1) {
      answers.push(
        ...(await Promise.all([
          creatorAct(round),
          partyAct(bob, round, 0),
          partyAct(cyd, round, 1),
        ])),
      );
    }

    // Every action was applied (200) or refused with a message (4xx); none failed.
    for (const { response } of answers) {
      expect(
        response.statusCode === 200 || (response.statusCode >= 400 && response.statusCode < 500),
      ).toBe(true);
      expect(response.json()).toEqual(expect.objectContaining({ message: expect.any(String) }));
    }
    const applied = answers.filter((answer) => answer.response.statusCode === 200);
    expect(applied.length).toBeGreaterThan(rounds);

    // The audit log accounts for every applied action, and for nothing else.
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'relation'), eq(auditLog.entityId, gid)))
      .orderBy(asc(auditLog.id));
    const logged = entries.slice(1); // the first is the creation
    const countBy = (rows: Array<{ actor: number | null; action: string }>) => {
      const counts: Record<string, number> = {};
      for (const row of rows)
        counts[`${row.actor}:${row.action}`] = (counts[`${row.actor}:${row.action}`] ?? 0) + 1;
      return counts;
    };
    const auditName: Record<string, string> = {
      accept: 'relation.accept',
      reject: 'relation.reject',
      requestChange: 'relation.request-change',
      comment: 'relation.request-change',
      modify: 'relation.update',
    };
    expect(
      countBy(logged.map((entry) => ({ actor: entry.actorUserId, action: entry.action }))),
    ).toEqual(
      countBy(
        applied.map((answer) => ({ actor: answer.actor, action: auditName[answer.action]! })),
      ),
    );

    // Replaying the log in order: each action saw every earlier one, and the end is what is stored.
    const state = new Map(parties.map((party) => [party.userId, 3]));
    for (const entry of logged) {
      const before = entry.before as {
        status?: number;
        parties?: Array<{ userId: number; status: number }>;
      } | null;
      const after = entry.after as {
        status?: number;
        parties?: Array<{ userId: number; status: number }>;
      };
      if (entry.action === 'relation.update') {
        expect(before!.parties!.map((party) => [party.userId, party.status])).toEqual([...state]);
        for (const party of after.parties!) state.set(party.userId, party.status);
      } else if (entry.action === 'relation.accept' || entry.action === 'relation.reject') {
        expect(before!.status).toBe(state.get(entry.actorUserId!));
        state.set(entry.actorUserId!, after.status!);
      } else if (before && typeof before.status === 'number') {
        expect(before.status).toBe(state.get(entry.actorUserId!));
        state.set(entry.actorUserId!, after.status!);
      }
    }
    const stored = await t.db
      .select()
      .from(relationParties)
      .where(eq(relationParties.relationId, gid))
      .orderBy(asc(relationParties.id));
    expect(stored.map((party) => [party.userId, party.status])).toEqual([...state]);
  });

  it('creates one relation when the same one is saved several times at once', async () => {
    const ada = await signedInUser(t);
    const bob = await signedInUser(t);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => savePersonRelation(t, ada.session, personForm(bob.user.id))),
    );
    const statuses = answers.map((response) => response.json().status).sort();
    expect(statuses).toEqual([
      'CREATED',
      'DUPLICATE ENTRY',
      'DUPLICATE ENTRY',
      'DUPLICATE ENTRY',
      'DUPLICATE ENTRY',
      'DUPLICATE ENTRY',
    ]);
  });

  it('invites one person when relations name the same new address at once', async () => {
    const creators = await Promise.all(Array.from({ length: 5 }, () => signedInUser(t)));
    const email = `raced.${Date.now()}@example.org`;
    const answers = await Promise.all(
      creators.map((creator) => savePersonRelation(t, creator.session, personForm(email))),
    );
    expect(answers.map((response) => response.json().status)).toEqual(Array(5).fill('CREATED'));
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });
});

describe.skipIf(isPostgres)('actions racing on one relation (PGlite)', () => {
  it.skip('runs on PostgreSQL only: PGlite executes one statement at a time, so nothing can race', () => {});
});
