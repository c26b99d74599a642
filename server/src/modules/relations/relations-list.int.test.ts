// The relations list as the set-based reads build it (docs/decisions/relations.md, "Relations list
// speed"): every person named the way the other pages name them, from either side of a relation;
// publication entries with the contract's fields only; the user's affiliations in their profile's
// order; and a long list sent gzipped to clients that accept it.
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@recuse/common';
import type { TestApp } from '../../../test/build-test-app.ts';
import { buildTestApp } from '../../../test/build-test-app.ts';
import {
  bearer,
  buildAffiliation,
  buildDblpPerson,
  buildInstitution,
  buildRelation,
  buildUser,
  positionIds,
  signIn,
} from '../../../test/factories.ts';
import type { Tokens } from '../../../test/factories.ts';
import { signedInUser } from '../../../test/profile-requests.ts';
import { prolificAuthor, seedProlificAuthor } from '../../demo/prolific-author.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** The list as the web app asks for it (no conflict rules), with extra headers if given. */
const list = (session: Tokens, pageName = 'all', headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/web/relations/data/list',
    headers: {
      ...bearer(session),
      'content-type': 'application/x-www-form-urlencoded',
      ...headers,
    },
    payload: `pageName=${pageName}`,
  });

describe('POST /v1/web/relations/data/list', () => {
  it('names everyone on a relation as the other pages do, whoever created it', async () => {
    const ada = await signedInUser(t, { firstName: 'Ada', lastName: 'Lovelace' });
    const bob = await buildUser(t.db, { firstName: 'Bob', lastName: 'Baker' });
    const gone = await buildUser(t.db, { kind: 'deleted', firstName: '', lastName: '' });
    const invited = await buildUser(t.db, {
      kind: 'invited',
      firstName: '',
      lastName: '',
      email: 'new.colleague@example.org',
      passwordHash: null,
    });
    const dblp = await buildDblpPerson(t.db, {
      firstName: '',
      lastName: '',
      dblpName: 'Wei Wang 0042',
    });
    const removed = await buildUser(t.db, { firstName: 'Removed', lastName: 'Person' });
    // Bob's paper naming Ada (pending), a DBLP person, an invited person and one removed.
    const bobsPaper = await buildRelation(t.db, {
      creator: bob,
      title: 'Engines of Difference',
      end: { year: 2021 },
      parties: [
        { user: ada.user, status: 3 },
        { user: dblp, status: 1 },
        { user: invited, status: 3 },
        { user: removed, status: 2 },
      ],
    });
    // A deleted account's relation naming Ada, and Ada's relation whose only party was removed.
    const fromGone = await buildRelation(t.db, {
      type: 4,
      creator: gone,
      parties: [{ user: ada.user, status: 1 }],
    });
    const withRemoved = await buildRelation(t.db, {
      type: 2,
      creator: ada.user,
      parties: [{ user: removed, status: 2 }],
    });

    const answer = (await list(ada.session)).json();
    expect(answer.tot_relations).toBe(3);
    expect(answer.relations['3']).toEqual([
      {
        publication_name: 'Engines of Difference',
        publication_years: {
          '2021': {
            date_end_year: 2021,
            status: 3,
            co_author_names: `Bob Baker, Wei Wang 0042, ${invited.email}`,
            parent_id: bobsPaper.relation.id,
            co_authors: [
              {
                coauthor_id: bob.id,
                coauthor_name: 'Bob Baker',
                status: 1,
                alow_modify: 0,
                relationId: 0,
              },
              {
                coauthor_id: dblp.id,
                coauthor_name: 'Wei Wang 0042',
                status: 1,
                alow_modify: 0,
                relationId: bobsPaper.parties[1]!.id,
              },
              {
                coauthor_id: invited.id,
                coauthor_name: invited.email,
                status: 3,
                alow_modify: 0,
                relationId: bobsPaper.parties[2]!.id,
              },
            ],
          },
        },
      },
    ]);
    expect(answer.relations['4']).toMatchObject([
      {
        display_coauthor_name: messages.deletedUser,
        co_author_id: gone.id,
        co_author_status: 2,
        status: 1,
        modify_id: fromGone.relation.id,
      },
    ]);
    // With no one left on it, the row still names the last person, as removed.
    expect(answer.relations['2']).toMatchObject([
      {
        display_coauthor_name: 'Removed Person',
        co_author_status: 2,
        modify_id: withRemoved.relation.id,
      },
    ]);
  });

  it('lists a prolific author’s imported papers, read-only, and what waits for their answer', async () => {
    await seedProlificAuthor(t.db, { publicationCount: 80, pendingCount: 4 });
    const session = await signIn(t.app, prolificAuthor.email, prolificAuthor.password);

    const all = (await list(session)).json();
    expect(all.tot_relations).toBe(84);
    const entries = all.relations['3'].flatMap(
      (row: { publication_years: Record<string, unknown> }) => Object.values(row.publication_years),
    );
    expect(entries).toHaveLength(84);
    for (const entry of entries) {
      expect(Object.keys(entry)).toEqual([
        'date_end_year',
        'status',
        'co_author_names',
        'parent_id',
        'co_authors',
      ]);
    }
    const imported = all.relations['3'].find(
      (row: { publication_name: string }) =>
        row.publication_name === 'On Benchmarking Conflict Lists, Part 1',
    );
    const [paper] = Object.values(imported.publication_years) as Array<{
      status: number;
      co_authors: Array<{ alow_modify: number; status: number }>;
    }>;
    expect(paper!.status).toBe(1);
    expect(paper!.co_authors.length).toBeGreaterThan(0);
    expect(paper!.co_authors.every((coauthor) => coauthor.alow_modify === 0)).toBe(true);

    const pending = (await list(session, 'pending')).json();
    expect(pending.tot_relations).toBe(4);
    const waiting = pending.relations['3'].flatMap(
      (row: { publication_years: Record<string, { status: number; co_authors: unknown[] }> }) =>
        Object.values(row.publication_years),
    );
    expect(waiting.map((entry: { status: number }) => entry.status)).toEqual([3, 3, 3, 3]);
    // The creator comes first, as having entered the paper, then the others named.
    for (const entry of waiting) {
      expect(entry.co_authors[0]).toMatchObject({ relationId: 0, status: 1 });
      expect(entry.co_authors.length).toBeGreaterThan(1);
    }
  });

  it('lists the user’s affiliations as their profile does: current first, then the latest start', async () => {
    const grace = await signedInUser(t, { firstName: 'Grace', lastName: 'Hopper' });
    const vassar = await buildInstitution(t.db, { name: 'Vassar College' });
    const navy = await buildInstitution(t.db, { name: 'Naval Reserve' });
    const remington = await buildInstitution(t.db, { name: 'Remington Rand' });
    // Written oldest first, so that the order by id is not the order shown.
    await buildAffiliation(t.db, grace.user.id, {
      institutionId: vassar.id,
      positionId: positionIds.faculty,
      startDate: '1931-09-01',
      endDate: '1943-12-01',
      isCurrent: false,
    });
    await buildAffiliation(t.db, grace.user.id, {
      institutionId: navy.id,
      positionId: positionIds.other,
      startDate: '1943-12-01',
      isCurrent: true,
    });
    await buildAffiliation(t.db, grace.user.id, {
      institutionId: remington.id,
      positionId: positionIds.industryResearcher,
      startDate: '1949-06-01',
      endDate: '1967-08-01',
      isCurrent: false,
    });

    const page = (await list(grace.session)).json();
    expect(page.institution_list).toEqual([
      {
        institution_name: 'Naval Reserve',
        institution_id: navy.id,
        institution_status: 1,
        type_of_position: 'Other',
        year: 1943,
        years: '1943-present',
      },
      {
        institution_name: 'Remington Rand',
        institution_id: remington.id,
        institution_status: 1,
        type_of_position: 'Researcher in industry',
        year: 1949,
        years: '1949-1967',
      },
      {
        institution_name: 'Vassar College',
        institution_id: vassar.id,
        institution_status: 1,
        type_of_position: 'Faculty',
        year: 1931,
        years: '1931-1943',
      },
    ]);
    const profile = await t.app.inject({
      method: 'POST',
      url: '/v1/web/user/fullprofile',
      headers: bearer(grace.session),
    });
    expect(
      profile.json().institutionData.map((row: { institutionName: string }) => row.institutionName),
    ).toEqual(['Naval Reserve', 'Remington Rand', 'Vassar College']);
  });

  it('sends a long list gzipped to a client that accepts gzip, and plain JSON otherwise', async () => {
    const session = await signIn(t.app, prolificAuthor.email, prolificAuthor.password);
    const plain = await list(session);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('accept-encoding');

    const gzipped = await list(session, 'all', { 'accept-encoding': 'gzip, deflate, br' });
    expect(gzipped.statusCode).toBe(200);
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(JSON.parse(gunzipSync(gzipped.rawPayload).toString('utf8'))).toEqual(plain.json());

    const refused = await list(session, 'all', { 'accept-encoding': 'gzip;q=0, deflate' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.json()).toEqual(plain.json());
  });

  it('sends a short list as it is, gzip or not', async () => {
    const newcomer = await signedInUser(t);
    const response = await list(newcomer.session, 'all', { 'accept-encoding': 'gzip' });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toMatchObject({ tot_relations: 0 });
  });
});
