// npm run bench:matrix: how long a chair waits for the committee × submissions matrix
// (GET /v1/web/conference/{confid}/matrix), on the HotCRP fixtures (6 members, 8 papers) and on
// a generated conference of 100 members and 300 papers (4 authors each: 3 known people, one
// nobody knows but whose affiliation is an institution of the registry) among 3,000 people at
// 60 institutions, each member with 40 co-authored papers of 2018 to 2026. Runs in-process
// (inject, no socket) on a fresh database on the server of TEST_DATABASE_URL (or the local
// one); prints the median of a few runs, the statements one matrix sends, and the machine's
// load. Figures in docs/benchmarks.md.
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { institutionKey } from '@recuse/common';
import { affiliations, institutions, relationParties, relations, users } from '../src/db/schema.ts';
import type { Db } from '../src/db/client.ts';
import { buildTestApp } from '../test/build-test-app.ts';
import type { TestApp } from '../test/build-test-app.ts';
import { buildChairWorld, hotcrpFixture, uploadCsv } from '../test/chair-workspace.ts';
import { insertDefaultRules } from '../src/modules/conferences/conferences.repo.ts';
import { bearer } from '../test/factories.ts';
import type { Tokens } from '../test/factories.ts';
import { describeMachine, formatLoadAverage } from './machine.ts';

process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';
process.env.TEST_DB_ENGINE = 'postgres';
const runs = 5;

let statements = 0;
const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
pg.Client.prototype.query = function countedQuery(this: pg.Client, ...args: unknown[]) {
  statements += 1;
  return query.apply(this, args);
} as typeof pg.Client.prototype.query;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

async function timeMatrix(t: TestApp, session: Tokens, confid: number) {
  const times: number[] = [];
  let sent = 0;
  let body = '';
  for (let run = 0; run < runs; run += 1) {
    statements = 0;
    const started = performance.now();
    const response = await t.app.inject({
      url: `/v1/web/conference/${confid}/matrix`,
      headers: bearer(session),
    });
    times.push(performance.now() - started);
    sent = statements;
    if (response.statusCode !== 200) throw new Error(`matrix: ${response.statusCode}`);
    body = response.body;
  }
  const answer = JSON.parse(body) as { counts: Record<string, number> };
  return { median: median(times), times, statements: sent, counts: answer.counts };
}

/** A small deterministic generator, so every run builds the same conference. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

async function insertInBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>) {
  for (let start = 0; start < rows.length; start += 1000) {
    await insert(rows.slice(start, start + 1000));
  }
}

async function generateConference(db: Db, confid: number) {
  const next = random(42);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const places = await db
    .insert(institutions)
    .values(
      Array.from({ length: 60 }, (_, k) => {
        const name = `Generated Institute ${k}`;
        return {
          name,
          nameKey: institutionKey(name),
          status: 1,
          emailDomains: [`inst${k}.example.edu`],
        };
      }),
    )
    .returning({ id: institutions.id });
  const people: Array<{ id: number; email: string | null }> = [];
  await insertInBatches(
    Array.from({ length: 3000 }, (_, i) => ({
      kind: 'registered' as const,
      firstName: `Gen${i}`,
      lastName: `Person${i}`,
      email: `p${i}@gen.example.org`,
      isEmailConfirmed: true,
    })),
    async (batch) =>
      people.push(
        ...(await db.insert(users).values(batch).returning({ id: users.id, email: users.email })),
      ),
  );
  await insertInBatches(
    people.map((person, i) => ({
      userId: person.id,
      institutionId: places[i % places.length]!.id,
      positionId: 1,
      startDate: '2018-01-01',
      isCurrent: true,
      source: 'Entry by self',
    })),
    (batch) => db.insert(affiliations).values(batch),
  );
  const members = people.slice(0, 100);
  const relationRows = members.flatMap((member) =>
    Array.from({ length: 40 }, () => ({
      typeId: 3,
      creatorUserId: member.id,
      status: 1,
      endYear: 2018 + Math.floor(next() * 9),
      title: `Generated paper ${Math.floor(next() * 1e9)}`,
      paperType: 1,
      source: 'bench',
    })),
  );
  const created: Array<{ id: number }> = [];
  await insertInBatches(relationRows, async (batch) =>
    created.push(...(await db.insert(relations).values(batch).returning({ id: relations.id }))),
  );
  await insertInBatches(
    created.flatMap((relation) => {
      const first = pick(people);
      let second = pick(people);
      while (second.id === first.id) second = pick(people);
      return [first, second].map((party) => ({
        relationId: relation.id,
        userId: party.id,
        status: next() < 0.8 ? 1 : 3,
      }));
    }),
    (batch) => db.insert(relationParties).values(batch),
  );

  const committee = ['given_name,family_name,email,affiliation'];
  members.forEach((member, i) =>
    committee.push(`Gen${i},Person${i},${member.email},Generated Institute ${i % 60}`),
  );
  const authors = ['paper,title,given_name,family_name,email,affiliation'];
  for (let paper = 1; paper <= 300; paper += 1) {
    for (let a = 0; a < 3; a += 1) {
      const i = 100 + Math.floor(next() * 2900);
      authors.push(
        `${paper},Generated submission ${paper},Gen${i},Person${i},p${i}@gen.example.org,Generated Institute ${i % 60}`,
      );
    }
    const k = Math.floor(next() * 60);
    authors.push(
      `${paper},Generated submission ${paper},Ext${paper},Author,ext${paper}@inst${k}.example.edu,Generated Institute ${k}`,
    );
  }
  return { committee: `${committee.join('\n')}\n`, authors: `${authors.join('\n')}\n`, confid };
}

const t = await buildTestApp({ LOG_LEVEL: 'silent' });
try {
  const world = await buildChairWorld(t);
  const base = `/v1/web/conference/${world.confid}`;
  await uploadCsv(t, `${base}/committee`, world.chair, hotcrpFixture('committee.csv'));
  await uploadCsv(t, `${base}/submissions`, world.chair, hotcrpFixture('authors.csv'));
  const fixture = await timeMatrix(t, world.chair, world.confid);

  const created = await t.app.inject({
    method: 'POST',
    url: '/v1/web/conference/data/save',
    headers: bearer(world.chair),
    payload: { name: 'BENCH-100x300', label: 'Bench', reference_date: '2026-11-15' },
  });
  const confid = created.json<{ conference: { confid: number } }>().conference.confid;
  await insertDefaultRules(t.db, confid);
  const files = await generateConference(t.db, confid);
  await t.db.execute('analyze');
  const uploads = [];
  for (const [what, csv] of [
    ['committee', files.committee],
    ['submissions', files.authors],
  ] as const) {
    const started = performance.now();
    const response = await uploadCsv(t, `/v1/web/conference/${confid}/${what}`, world.chair, csv);
    if (response.statusCode !== 200) throw new Error(`${what}: ${response.body}`);
    uploads.push(`${what} upload ${(performance.now() - started).toFixed(0)} ms`);
  }
  const generated = await timeMatrix(t, world.chair, confid);

  const machine = describeMachine();
  console.log(
    `engine: ${t.engine}; ${machine.cpuCount} × ${machine.cpuModel}; node ${machine.node}`,
  );
  for (const [name, result] of [
    ['fixture (6 members × 8 papers)', fixture],
    ['generated (100 members × 300 papers)', generated],
  ] as const) {
    console.log(
      `${name}: median ${result.median.toFixed(0)} ms over ${runs} runs ` +
        `(${result.times.map((time) => time.toFixed(0)).join(', ')}), ` +
        `${result.statements} statements, counts ${JSON.stringify(result.counts)}`,
    );
  }
  console.log(uploads.join('; '));
  console.log(`load average after: ${formatLoadAverage(describeMachine().loadAverage)}`);
} finally {
  await t.close();
}
