// npm run bench:matrix: how long a chair waits for the committee × submissions matrix
// (GET /v1/web/conference/{confid}/matrix), on the HotCRP fixtures (6 members, 8 papers) and on
// generated conferences of --sizes (default 100 members × 300 papers; see generateConference),
// with, for each, the HotCRP assignments export and two late members (POST committee/member),
// the second after a change to our people.
//   npm run bench:matrix -- --sizes 100x300,500x5000,1000x5000 --runs 3 [--checked-replies]
// Runs in-process (inject, no socket) on a fresh database on the server of TEST_DATABASE_URL
// (or the local one); prints the median of a few runs, the statements one matrix sends, the
// peak memory and the machine's load. Figures in docs/benchmarks.md.
//
// On an imported DBLP: --from-database NAME starts from a copy of that database of the same
// server instead of an empty one (as test databases start from a template, build-test-app.ts),
// and drops the copy at the end. One `bench:import` leaves it:
//   npm run bench:import -- --size 1.3GB --keep      # recuse_bench_import_1_3gb, 2.2 M publications
//   npm run bench:matrix -- --from-database recuse_bench_import_1_3gb --sizes 500x5000 --runs 3
// Half of each committee are then imported people (listed by DBLP pid, with 20 relations or
// more, one ending 2022 or later) and one of the three known authors of each submission an
// imported co-author of theirs, so the members' relations are the import's.
import { mkdir, writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { institutionKey } from '@recuse/common';
import { affiliations, institutions, relationParties, relations, users } from '../src/db/schema.ts';
import { openDatabase, queryRows } from '../src/db/client.ts';
import type { Db } from '../src/db/client.ts';
import { NamedStatementClient } from '../src/db/named-statements.ts';
import { buildTestApp } from '../test/build-test-app.ts';
import { postgresTemplateVariable } from '../test/global-setup.ts';
import { toCsvRecord } from '../src/conflicts/csv.ts';
import type { TestApp } from '../test/build-test-app.ts';
import { buildChairWorld, hotcrpFixture, uploadCsv } from '../test/chair-workspace.ts';
import { insertDefaultRules } from '../src/modules/conferences/conferences.repo.ts';
import { bearer } from '../test/factories.ts';
import type { Tokens } from '../test/factories.ts';
import { BackendCpuSampler } from './backend-cpu-sampler.ts';
import { ticksBetween } from './import-projection.ts';
import { describeMachine, formatLoadAverage } from './machine.ts';

process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';
process.env.TEST_DB_ENGINE = 'postgres';
const { values: options } = parseArgs({
  options: {
    // Committee × submissions, each a conference of its own: 100x300,500x5000,1000x5000.
    sizes: { type: 'string', default: '100x300' },
    runs: { type: 'string', default: '5' },
    // A database of the same server to start from a copy of (one bench:import --keep leaves).
    'from-database': { type: 'string' },
    // Replies as the tests write them (NODE_ENV=test: each one also encoded by zod and
    // compared, reply-serializer.ts), as every run before 2026-11-28's second did; by default
    // as a production server writes them.
    'checked-replies': { type: 'boolean', default: false },
    // Print each statement that took longer than this many ms (from sending it to its result),
    // with its first words: where a call's database time goes.
    'slow-statements': { type: 'string' },
    // Write a V8 CPU profile of each generated size's last matrix, its export and its late
    // members into this directory (open them in Chrome's DevTools, or sum them up).
    'cpu-profile': { type: 'string' },
  },
});
const fromDatabase = options['from-database'];
if (fromDatabase) process.env[postgresTemplateVariable] = fromDatabase;
const runs = Number(options.runs);
const sizes: Size[] = options.sizes.split(',').map((text) => {
  const [members, papers] = text.split('x').map(Number);
  if (!members || !papers) throw new Error(`--sizes: ${text} is not MEMBERSxPAPERS`);
  return { members, papers };
});

let statements = 0;
// The app's connections are NamedStatementClients (db/named-statements.ts), whose query calls
// node-postgres' own: counted on that class.
const query = NamedStatementClient.prototype.query as (...args: unknown[]) => unknown;
NamedStatementClient.prototype.query = function countedQuery(this: pg.Client, ...args: unknown[]) {
  statements += 1;
  return query.apply(this, args);
} as typeof pg.Client.prototype.query;

const slowStatementMs = options['slow-statements'] ? Number(options['slow-statements']) : null;
if (slowStatementMs !== null) {
  // node-postgres' own query, which NamedStatementClient looks up at each call.
  const send = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function timedQuery(this: pg.Client, ...args: unknown[]) {
    const started = performance.now();
    const result = send.apply(this, args);
    if (result instanceof Promise) {
      void result.then(
        () => {
          const took = performance.now() - started;
          if (took < slowStatementMs) return;
          const config = args[0] as string | { text?: string };
          const text = typeof config === 'string' ? config : (config.text ?? '');
          console.error(
            `  statement ${took.toFixed(0)} ms: ${text.replace(/\s+/g, ' ').slice(0, 160)}`,
          );
        },
        () => undefined,
      );
    }
    return result;
  } as typeof pg.Client.prototype.query;
}

const profileDirectory = options['cpu-profile'];
const inspector = profileDirectory ? new Session() : undefined;
inspector?.connect();
const post = (method: string, params?: object) =>
  new Promise<unknown>((resolve, reject) =>
    inspector!.post(method, params, (error, result) => (error ? reject(error) : resolve(result))),
  );
if (inspector) await post('Profiler.enable');

/** Runs `call`, profiled into `name`.cpuprofile when --cpu-profile is given. */
async function profiled<T>(name: string, call: () => Promise<T>): Promise<T> {
  if (!inspector || !profileDirectory) return call();
  await post('Profiler.start');
  try {
    return await call();
  } finally {
    const { profile } = (await post('Profiler.stop')) as { profile: unknown };
    await mkdir(profileDirectory, { recursive: true });
    await writeFile(path.join(profileDirectory, `${name}.cpuprofile`), JSON.stringify(profile));
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

/** PostgreSQL's CPU for the benchmark's database (set once the app is up; undefined: n/a). */
let backendCpu: BackendCpuSampler | undefined;

/** What one call cost: wall time, this process's CPU and PostgreSQL's backends' CPU (ms). */
interface CallCost {
  wall: number;
  node: number;
  postgres: number | undefined;
}

/**
 * Runs `call` and measures it. The backends are listed before and after: one the pool opened
 * meanwhile counts whole, one it closed meanwhile is missed (the pool keeps idle connections 10 s).
 */
async function measured<T>(call: () => Promise<T>): Promise<{ result: T; cost: CallCost }> {
  const before = backendCpu ? await backendCpu.sample() : undefined;
  const cpu = process.cpuUsage();
  const started = performance.now();
  const result = await call();
  const wall = performance.now() - started;
  const used = process.cpuUsage(cpu);
  // Listed again: a backend the pool opened during the call counts from its start.
  const after = backendCpu ? await backendCpu.sample() : undefined;
  const postgres =
    before && after && backendCpu
      ? (ticksBetween(before, after) / backendCpu.ticksPerSecond) * 1000
      : undefined;
  return { result, cost: { wall, node: (used.user + used.system) / 1000, postgres } };
}

const describeCost = (cost: CallCost) =>
  `${cost.wall.toFixed(0)} ms (CPU: node ${cost.node.toFixed(0)} ms, PostgreSQL ` +
  `${cost.postgres === undefined ? 'n/a' : `${cost.postgres.toFixed(0)} ms`})`;

async function timeMatrix(t: TestApp, session: Tokens, confid: number, tag = '') {
  const costs: CallCost[] = [];
  let sent = 0;
  let body = '';
  for (let run = 0; run < runs; run += 1) {
    statements = 0;
    const request = () =>
      t.app.inject({ url: `/v1/web/conference/${confid}/matrix`, headers: bearer(session) });
    const { result: response, cost } = await measured(() =>
      tag && run === runs - 1 ? profiled(`${tag}-matrix`, request) : request(),
    );
    costs.push(cost);
    sent = statements;
    if (response.statusCode !== 200) throw new Error(`matrix: ${response.statusCode}`);
    body = response.body;
  }
  const answer = JSON.parse(body) as { counts: Record<string, number> };
  const times = costs.map((cost) => cost.wall);
  const postgres = costs.flatMap((cost) => (cost.postgres === undefined ? [] : [cost.postgres]));
  return {
    median: median(times),
    times,
    nodeCpu: median(costs.map((cost) => cost.node)),
    postgresCpu: postgres.length > 0 ? median(postgres) : undefined,
    statements: sent,
    counts: answer.counts,
  };
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

interface Size {
  members: number;
  papers: number;
}

/** A person of the imported DBLP, listed in the files by their DBLP pid. */
interface DblpPerson {
  id: number;
  firstName: string;
  lastName: string;
  dblpPid: string;
}

/**
 * `count` imported people with 20 relations or more, one of them ending 2022 or later (a
 * committee is of people still publishing), in an order fixed by their pid but unrelated to
 * it: the same for every run on the same import. Empty on a database without an import.
 */
async function readDblpMembers(db: Db, count: number): Promise<DblpPerson[]> {
  return queryRows<DblpPerson>(
    db,
    sql`select u.id, u.first_name as "firstName", u.last_name as "lastName",
               u.dblp_pid as "dblpPid"
          from (select user_id, count(*) as relations, max(end_year) as latest from (
                  select creator_user_id as user_id, end_year from relations
                   where is_dblp_imported
                  union all
                  select p.user_id, r.end_year from relation_parties p
                    join relations r on r.id = p.relation_id
                   where r.is_dblp_imported) roles
                 group by user_id) ranked
          join users u on u.id = ranked.user_id
         where u.kind = 'dblp_only' and u.dblp_pid is not null
           and ranked.relations >= 20 and ranked.latest >= 2022
         order by md5(u.dblp_pid)
         limit ${count}`,
  );
}

/** The imported people who share a relation with one of `members`, themselves left out. */
async function readCoauthors(db: Db, members: readonly DblpPerson[]): Promise<DblpPerson[]> {
  const ids = `{${members.map((member) => member.id).join(',')}}`;
  return queryRows<DblpPerson>(
    db,
    sql`with mine as (
          select id as relation_id from relations where creator_user_id = any(${ids}::int[])
          union
          select relation_id from relation_parties where user_id = any(${ids}::int[])
        ), theirs as (
          select r.creator_user_id as user_id from mine join relations r on r.id = mine.relation_id
          union
          select p.user_id from mine join relation_parties p on p.relation_id = mine.relation_id
        )
        select u.id, u.first_name as "firstName", u.last_name as "lastName",
               u.dblp_pid as "dblpPid"
          from theirs join users u on u.id = theirs.user_id
         where u.dblp_pid is not null and u.id <> all(${ids}::int[])
         order by u.id`,
  );
}

/**
 * A generated conference of `members` × `papers`: its own people (the members and others, three
 * per submission and at least 2,900, about 50 a place at institutions with their e-mail domains,
 * at least 60 of them), 40 co-authored papers per member of 2018 to 2026 with two other people
 * each (80 % accepted), and submissions of 4 authors: 3 known non-members (distinct on a paper)
 * and one nobody knows whose affiliation and address name an institution of the registry. Names
 * carry `tag`, so sizes share a database without meeting.
 *
 * With `dblpMembers` (an imported database), those stand for as many of the generated members:
 * placed at the institutions like them, listed with an address nobody has and their DBLP pid,
 * with their imported relations only; and the first of the 3 known authors of each submission
 * is one of their imported co-authors, listed the same way.
 */
async function generateConference(
  db: Db,
  tag: string,
  size: Size,
  dblpMembers: readonly DblpPerson[] = [],
) {
  const next = random(42);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const others = Math.max(2900, size.papers * 3);
  const placeCount = Math.max(60, Math.round(others / 50));
  const generatedMembers = size.members - dblpMembers.length;
  const places = await db
    .insert(institutions)
    .values(
      Array.from({ length: placeCount }, (_, k) => {
        const name = `Generated Institute ${tag} ${k}`;
        return {
          name,
          nameKey: institutionKey(name),
          status: 1,
          emailDomains: [`inst${k}.${tag}.example.edu`],
        };
      }),
    )
    .returning({ id: institutions.id });
  const people: Array<{ id: number; email: string | null }> = [];
  await insertInBatches(
    Array.from({ length: generatedMembers + others }, (_, i) => ({
      kind: 'registered' as const,
      firstName: `Gen${i}`,
      lastName: `Person${tag}x${i}`,
      email: `p${i}@${tag}.gen.example.org`,
      isEmailConfirmed: true,
    })),
    async (batch) =>
      people.push(
        ...(await db.insert(users).values(batch).returning({ id: users.id, email: users.email })),
      ),
  );
  // The imported members are placed after everyone generated, each at the place of their line.
  await insertInBatches(
    [...people, ...dblpMembers].map((person, i) => ({
      userId: person.id,
      institutionId: places[i % places.length]!.id,
      positionId: 1,
      startDate: '2018-01-01',
      isCurrent: true,
      source: 'Entry by self',
    })),
    (batch) => db.insert(affiliations).values(batch),
  );
  const members = people.slice(0, generatedMembers);
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

  const isImported = dblpMembers.length > 0;
  const coauthors = isImported ? await readCoauthors(db, dblpMembers) : [];
  const institute = (k: number) => `Generated Institute ${tag} ${k % placeCount}`;
  const person = (i: number) =>
    `Gen${i},Person${tag}x${i},p${i}@${tag}.gen.example.org,${institute(i)}`;
  // An imported person: an address nobody has (so their pid is what identifies them).
  const dblpPerson = (imported: DblpPerson, email: string, k: number) =>
    toCsvRecord([imported.firstName, imported.lastName, email, institute(k), imported.dblpPid]);
  const committee = [`given_name,family_name,email,affiliation${isImported ? ',dblp' : ''}`];
  for (let i = 0; i < generatedMembers; i += 1) committee.push(person(i));
  for (const [k, member] of dblpMembers.entries()) {
    committee.push(dblpPerson(member, `dblp${k}@${tag}.gen.example.org`, people.length + k));
  }
  const authors = [
    `paper,title,given_name,family_name,email,affiliation${isImported ? ',dblp' : ''}`,
  ];
  for (let paper = 1; paper <= size.papers; paper += 1) {
    const title = `${paper},Generated submission ${paper}`;
    const chosen = new Set<number>();
    if (coauthors.length > 0) {
      const j = Math.floor(next() * coauthors.length);
      authors.push(`${title},${dblpPerson(coauthors[j]!, `co${j}@${tag}.gen.example.org`, j)}`);
    }
    while (chosen.size < (coauthors.length > 0 ? 2 : 3)) {
      chosen.add(generatedMembers + Math.floor(next() * others));
    }
    for (const i of chosen) authors.push(`${title},${person(i)}`);
    const k = Math.floor(next() * placeCount);
    authors.push(
      `${title},Ext${paper},Author,ext${paper}@inst${k}.${tag}.example.edu,${institute(k)}`,
    );
  }
  // The late members: people not on the committee (parties to some members' papers).
  return {
    committee: `${committee.join('\n')}\n`,
    authors: `${authors.join('\n')}\n`,
    lateMembers: [people[generatedMembers]!, people[generatedMembers + 1]!],
    coauthors: coauthors.length,
  };
}

/** Peak resident memory of this process so far, in MB. */
const peakMegabytes = () => Math.round(process.resourceUsage().maxRSS / 1024);

// A production server's replies: no zod check. Its DBLP crawler would fetch from dblp.org
// (the tests name none): pointed at a closed local port instead. BENCH_LOG_LEVEL=error shows
// why a call failed (the app logs nothing otherwise).
const logLevel = process.env.BENCH_LOG_LEVEL ?? 'silent';
const t = await buildTestApp(
  options['checked-replies']
    ? { LOG_LEVEL: logLevel }
    : { LOG_LEVEL: logLevel, NODE_ENV: 'production', DBLP_BASE_URL: 'http://127.0.0.1:9' },
);
try {
  // On an import, half of each committee is imported people, none on two committees.
  const dblpPool = fromDatabase
    ? await readDblpMembers(
        t.db,
        sizes.reduce((sum, size) => sum + Math.floor(size.members / 2), 0),
      )
    : [];
  let database = '';
  if (fromDatabase) {
    const [counts] = await queryRows<Record<string, string>>(
      t.db,
      sql`select (select count(*) from publications) as publications,
                 (select count(*) from users) as people,
                 (select count(*) from relations) as relations,
                 (select count(*) from relation_parties) as parties`,
    );
    database =
      `a copy of ${fromDatabase}: ` +
      Object.entries(counts!)
        .map(([what, count]) => `${Number(count).toLocaleString('en-US')} ${what}`)
        .join(', ');
    console.error(database);
    // Statistics as autovacuum would leave them: the import does not analyze the relations it
    // writes last, and a server without autovacuum (as on this machine) would plan the first
    // matrix from none.
    await t.db.execute('analyze');
  }
  const [{ name: databaseName } = { name: '' }] = await queryRows<{ name: string }>(
    t.db,
    sql`select current_database() as name`,
  );
  backendCpu = await BackendCpuSampler.open(process.env.TEST_DATABASE_URL, databaseName);
  if (fromDatabase) {
    // The copy has the schema of the version that imported it: this version's migrations
    // since then are applied to it (a copy made from a template counts as migrated).
    const copyUrl = new URL(process.env.TEST_DATABASE_URL);
    copyUrl.pathname = `/${databaseName}`;
    const copy = await openDatabase({ url: copyUrl.toString() });
    try {
      await copy.migrate();
    } finally {
      await copy.close();
    }
  }
  const world = await buildChairWorld(t);
  const base = `/v1/web/conference/${world.confid}`;
  await uploadCsv(t, `${base}/committee`, world.chair, hotcrpFixture('committee.csv'));
  await uploadCsv(t, `${base}/submissions`, world.chair, hotcrpFixture('authors.csv'));
  const fixture = await timeMatrix(t, world.chair, world.confid);

  const results: Array<[string, Awaited<ReturnType<typeof timeMatrix>>, string]> = [
    ['fixture (6 members × 8 papers)', fixture, ''],
  ];
  for (const size of sizes) {
    const tag = `m${size.members}p${size.papers}`;
    const created = await t.app.inject({
      method: 'POST',
      url: '/v1/web/conference/data/save',
      headers: bearer(world.chair),
      payload: { name: `BENCH-${tag}`, label: 'Bench', reference_date: '2026-11-15' },
    });
    const confid = created.json<{ conference: { confid: number } }>().conference.confid;
    await insertDefaultRules(t.db, confid);
    const imported = dblpPool.splice(0, Math.floor(size.members / 2));
    const files = await generateConference(t.db, tag, size, imported);
    await t.db.execute('analyze');
    const notes: string[] = [];
    if (fromDatabase) {
      notes.push(
        `${imported.length} imported members, ${files.coauthors} imported co-authors of theirs`,
      );
    }
    for (const [what, csv] of [
      ['committee', files.committee],
      ['submissions', files.authors],
    ] as const) {
      const started = performance.now();
      const response = await uploadCsv(t, `/v1/web/conference/${confid}/${what}`, world.chair, csv);
      if (response.statusCode !== 200) throw new Error(`${what}: ${response.body}`);
      notes.push(`${what} upload ${(performance.now() - started).toFixed(0)} ms`);
    }
    const result = await timeMatrix(t, world.chair, confid, tag);
    const { result: csv, cost: exportCost } = await measured(() =>
      profiled(`${tag}-export`, () =>
        t.app.inject({
          url: `/v1/web/conference/${confid}/export/hotcrp-assignments.csv`,
          headers: bearer(world.chair),
        }),
      ),
    );
    if (csv.statusCode !== 200) throw new Error(`export: ${csv.statusCode}`);
    notes.push(`assignments export ${describeCost(exportCost)}`);
    // The second after a change to our people (a name), which the authors' stored matches
    // were worked out from: that member's call matches the authors again (docs/data-model.md,
    // "Stored matches").
    for (const [index, person] of files.lateMembers.entries()) {
      if (index === 1) {
        await t.db
          .update(users)
          .set({ firstName: 'Renamed' })
          .where(eq(users.id, files.lateMembers[0]!.id));
      }
      const { result: late, cost } = await measured(() =>
        profiled(`${tag}-late-member-${index + 1}`, () =>
          t.app.inject({
            method: 'POST',
            url: `/v1/web/conference/${confid}/committee/member`,
            headers: bearer(world.chair),
            payload: { email: person.email },
          }),
        ),
      );
      if (late.statusCode !== 200) throw new Error(`late member: ${late.body}`);
      const what = index === 0 ? 'late member' : 'late member after a change to people';
      notes.push(`${what} ${describeCost(cost)}`);
    }
    notes.push(`peak RSS so far ${peakMegabytes()} MB`);
    results.push([
      `generated (${size.members} members × ${size.papers} papers)`,
      result,
      notes.join('; '),
    ]);
  }

  const machine = describeMachine();
  console.log(
    `engine: ${t.engine}; ${machine.cpuCount} × ${machine.cpuModel}; node ${machine.node}; ` +
      `replies ${options['checked-replies'] ? 'checked as in the tests' : 'as in production'}`,
  );
  if (database) console.log(`database: ${database}`);
  for (const [name, result, notes] of results) {
    const postgresCpu =
      result.postgresCpu === undefined ? 'n/a' : `${result.postgresCpu.toFixed(0)} ms`;
    console.log(
      `${name}: median ${result.median.toFixed(0)} ms over ${runs} runs ` +
        `(${result.times.map((time) => time.toFixed(0)).join(', ')}; median CPU: node ` +
        `${result.nodeCpu.toFixed(0)} ms, PostgreSQL ${postgresCpu}), ` +
        `${result.statements} statements, counts ${JSON.stringify(result.counts)}`,
    );
    if (notes) console.log(`  ${notes}`);
  }
  console.log(`load average after: ${formatLoadAverage(describeMachine().loadAverage)}`);
} finally {
  await backendCpu?.close();
  await t.close();
}
