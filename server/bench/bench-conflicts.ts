// npm run bench:conflicts: how long one user's conflict list takes on a database the size of
// a real DBLP community. Imports a synthetic DBLP dump (npm run bench:dblp caches them in
// ./data/bench; generate-dblp-dump.ts writes one by publication count) into PostgreSQL with
// the real importer (resumable: a database already holding the dump is reused), samples
// people from the median to the most prolific by how many relations they are on, and times
// their list under DEFAULT's rules (every rule ticked), through the service and through the
// HTTP calls (inject: routing, auth, queries, serialisation). Reports median, p95 and p99.
//
//   npm run bench:conflicts -- --dump data/bench/dblp-synthetic-2Mpub-seed1.xml \
//     --database-url postgres://postgres@127.0.0.1:5432/recuse_bench_conflicts
//
// The database is a scratch one: the benchmark migrates it, imports into it, and gives the
// sampled people a password so they can sign in for the HTTP part.
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { defaultConflictRules } from '@recuse/common';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import {
  listRelationsWithConflicts,
  readConflictSelection,
} from '../src/modules/conflicts/conflicts.service.ts';
import type { Db } from '../src/db/client.ts';
import { openDatabase, queryRows } from '../src/db/client.ts';
import { importDump } from '../src/dblp/import/import-dump.ts';
import { hashPassword } from '../src/modules/auth/passwords.ts';

const { values: options } = parseArgs({
  options: {
    dump: { type: 'string' },
    'database-url': {
      type: 'string',
      default: 'postgres://postgres@127.0.0.1:5432/recuse_bench_conflicts',
    },
    users: { type: 'string', default: '100' },
    runs: { type: 'string', default: '5' },
    // The list call also builds the whole relations page (relations-list.service), which the
    // conflicts do not need and which is much slower for prolific people: fewer runs there.
    'list-runs': { type: 'string', default: '1' },
    explain: { type: 'boolean', default: false },
  },
});
const sampleSize = Number(options.users);
const runs = Number(options.runs);
const listRuns = Number(options['list-runs']);
const databaseUrl = options['database-url'];
const password = 'Bench#Pass2026';

const selectionForm = {
  conflictRules: JSON.stringify(
    defaultConflictRules
      .filter((rule) => ![0, 8].includes(rule.relationTypeId))
      .map((r) => r.value),
  ),
  conflictRulesPendingEmp: JSON.stringify(
    defaultConflictRules.filter((rule) => rule.relationTypeId === 8).map((r) => r.value),
  ),
  conflictInstiRules: JSON.stringify(
    defaultConflictRules.filter((rule) => rule.relationTypeId === 0).map((r) => r.value),
  ),
};

function log(message: string) {
  console.error(message);
}

async function ensureDatabase(url: string) {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  const admin = new pg.Client({ connectionString: new URL('/postgres', target).toString() });
  await admin.connect();
  const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
  if (rowCount === 0) await admin.query(`create database "${name.replaceAll('"', '')}"`);
  await admin.end();
}

function percentile(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

function describe(samples: number[]) {
  const sorted = [...samples].sort((first, second) => first - second);
  const format = (ms: number) => ms.toFixed(1).padStart(7);
  return `n=${String(sorted.length).padStart(4)}  median ${format(percentile(sorted, 0.5))} ms  p95 ${format(percentile(sorted, 0.95))} ms  p99 ${format(percentile(sorted, 0.99))} ms  max ${format(sorted.at(-1) ?? Number.NaN)} ms`;
}

interface Sampled {
  id: number;
  relations: number;
}

/**
 * People ranked by how many counting relations they are on (as creator or party); the sample
 * is spread evenly over the ranks from the median to the most prolific, both included.
 */
async function samplePeople(db: Db, count: number): Promise<{ sample: Sampled[]; people: number }> {
  const ranked = await queryRows<Sampled>(
    db,
    sql`select user_id as id, count(*)::int as relations from (
          select creator_user_id as user_id from relations where status not in (0, 2)
          union all
          select p.user_id from relation_parties p where p.status in (1, 3, 4)
        ) roles group by user_id order by relations, user_id`,
  );
  const median = Math.floor((ranked.length - 1) / 2);
  const span = ranked.length - 1 - median;
  const picked = new Map<number, Sampled>();
  for (let index = 0; index < count; index += 1) {
    const rank = median + Math.round((span * index) / Math.max(1, count - 1));
    const person = ranked[rank];
    if (person) picked.set(person.id, person);
  }
  return { sample: [...picked.values()], people: ranked.length };
}

async function main() {
  const started = loadavg();
  await ensureDatabase(databaseUrl);
  const database = await openDatabase({ url: databaseUrl });
  const { db } = database;
  await database.migrate();
  if (options.dump) {
    log(`importing ${options.dump} (resumes, or returns at once when it is in already)`);
    let last = 0;
    const summary = await importDump(db, options.dump, {
      onPhase: (phase) => log(`  phase ${phase}`),
      onProgress: (event) => {
        const now = Date.now();
        if (now - last > 30_000) {
          last = now;
          log(`  ${JSON.stringify(event)}`);
        }
      },
    });
    log(`  import: ${JSON.stringify(summary.seconds ?? {})}`);
  }
  const [counts] = await queryRows<Record<string, number>>(
    db,
    sql`select (select count(*) from publications)::int as publications,
               (select count(*) from users)::int as people,
               (select count(*) from relations)::int as relations,
               (select count(*) from relation_parties)::int as parties`,
  );
  log(`database: ${JSON.stringify(counts)}`);
  const { sample, people } = await samplePeople(db, sampleSize);
  const sizes = sample.map((person) => person.relations);
  log(
    `sample: ${sample.length} of ${people} people with relations, ${sizes[0]} to ${sizes.at(-1)} relations each`,
  );

  // Through the service: the selection checked once, then the list call's work per person (the
  // relations page and the conflicts, from the same statements), as the call does.
  const context = {
    config: loadConfig({
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'silent',
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    }),
    db,
  };
  const selection = await readConflictSelection(db, selectionForm);
  const page = { pageName: 'all' };
  const serviceTimes: number[] = [];
  let conflictsFound = 0;
  for (const person of sample)
    await listRelationsWithConflicts(context, person.id, page, selection); // warm up
  for (let run = 0; run < runs; run += 1) {
    for (const person of sample) {
      const begin = performance.now();
      const answer = await listRelationsWithConflicts(context, person.id, page, selection);
      serviceTimes.push(performance.now() - begin);
      if (run === 0) conflictsFound += answer.user_conflicts.length;
    }
  }
  log(`conflicts per sampled person: ${(conflictsFound / sample.length).toFixed(1)} on average`);
  log(`service: ${describe(serviceTimes)}`);

  // Through HTTP: the sampled people sign in (the benchmark gives them a password), then the
  // list call with every DEFAULT rule ticked, and the JSON export.
  const hash = await hashPassword(password);
  const ids = sample.map((person) => person.id);
  await db.execute(
    sql`update users set kind = 'registered', password_hash = ${hash}, is_email_confirmed = true,
               email = coalesce(email, 'bench-' || id || '@example.org')
         where id = any(${`{${ids.join(',')}}`}::int[]) and kind <> 'deleted'`,
  );
  const app = await buildApp({ config: context.config, db });
  await app.ready();
  const tokens = new Map<number, string>();
  for (const id of ids) {
    const [row] = await queryRows<{ email: string }>(
      db,
      sql`select email from users where id = ${id}`,
    );
    const response = await app.inject({
      method: 'POST',
      url: '/v1/user/login',
      payload: { action: 'login', api_key: context.config.API_KEY, username: row!.email, password },
    });
    if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.body}`);
    tokens.set(id, response.json<{ access_token: string }>().access_token);
  }
  const timeCall = async (url: string, body: Record<string, string>, repeat = runs) => {
    const times: number[] = [];
    for (let run = 0; run <= repeat; run += 1) {
      for (const id of ids) {
        const begin = performance.now();
        const response = await app.inject({
          method: 'POST',
          url,
          headers: { authorization: `Bearer ${tokens.get(id)}` },
          payload: body,
        });
        const elapsed = performance.now() - begin;
        if (response.statusCode !== 200)
          throw new Error(`${url}: ${response.statusCode} ${response.body}`);
        if (run > 0) times.push(elapsed); // run 0 warms up
      }
    }
    return times;
  };
  const exportTimes = await timeCall('/v1/web/relations/data/conflicts_export', {
    ...selectionForm,
    format: 'json',
  });
  const listTimes = await timeCall('/v1/web/relations/data/list', selectionForm, listRuns);
  const noRuleListTimes = await timeCall('/v1/web/relations/data/list', {}, listRuns);

  if (options.explain) {
    const top = sample.at(-1)!;
    const plan = await queryRows<{ 'QUERY PLAN': string }>(
      db,
      // The first query of conflicts.repo's loadRelationFacts, with the 4-year window of 2026.
      sql`explain (analyze, buffers) with mine as materialized (
            select id from relations where creator_user_id = ${top.id}
            union
            select relation_id from relation_parties where user_id = ${top.id} and status in (1, 3, 4)
          )
          select r.id from mine join relations r on r.id = mine.id
           where r.status not in (0, 2) and r.deleted_at is null
             and coalesce(r.end_year * 12 + coalesce(r.end_month, 12) - 1, 24310) >= 24262`,
    );
    log(plan.map((row) => row['QUERY PLAN']).join('\n'));
  }
  await app.close();
  await database.close();

  const ended = loadavg();
  const load = (values: number[]) => values.map((value) => value.toFixed(2)).join(' ');
  console.log(`load      ${load(started)} at start, ${load(ended)} at end (1, 5, 15 min)`);
  console.log(`database  ${JSON.stringify(counts)}`);
  console.log(
    `sample    ${sample.length} people, median to most prolific: ${sizes[0]} to ${sizes.at(-1)} relations; ${runs} runs each`,
  );
  console.log(`service   list with DEFAULT rules (no HTTP)      ${describe(serviceTimes)}`);
  console.log(`HTTP      conflicts_export, format json           ${describe(exportTimes)}`);
  console.log(`HTTP      relations/data/list with DEFAULT rules  ${describe(listTimes)}`);
  console.log(`HTTP      relations/data/list without rules       ${describe(noRuleListTimes)}`);
}

await main();
