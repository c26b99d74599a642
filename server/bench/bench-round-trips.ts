// npm run bench:round-trips: how many statements each call of the load benchmark's read and
// write mixes sends to PostgreSQL, counted at the driver (every `query` of node-postgres,
// BEGIN and COMMIT included). Under load each round trip costs a pool connection's wait and
// a socket write, so this count, unlike a time, is the same on a busy machine and a quiet
// one. Runs on a fresh database on the server of TEST_DATABASE_URL (or the local one), with
// the demo data, signed in as Ada. Figures in docs/benchmarks.md.
//
//   npm run bench:round-trips                 # one line per call
//   npm run bench:round-trips -- --statements # and each statement's first words
//   npm run bench:round-trips -- --repeat 500 # and each call's CPU time, in this process and in
//                                             # PostgreSQL, over 500 calls one after another
import { parseArgs } from 'node:util';
import type { InjectOptions } from 'fastify';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { queryRows } from '../src/db/client.ts';
import type { Db } from '../src/db/client.ts';
import { BackendCpuSampler } from './backend-cpu-sampler.ts';
import { buildTestApp } from '../test/build-test-app.ts';
import { everyRuleOfFirstConference } from './conflict-selection.ts';
import { seedDemo } from '../src/demo/demo-data.ts';
import { signInDemoUser } from './population.ts';

const { values: options } = parseArgs({
  options: { statements: { type: 'boolean' }, repeat: { type: 'string', default: '0' } },
});
const repeat = Number(options.repeat);

process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';
process.env.TEST_DB_ENGINE = 'postgres';

// Every statement node-postgres sends while a call is being counted.
let sent: string[] | undefined;
const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
pg.Client.prototype.query = function countedQuery(this: pg.Client, ...args: unknown[]) {
  const [first] = args;
  const text = typeof first === 'string' ? first : (first as { text?: string }).text;
  // A new pooled connection's LISTEN (db/change-feed.ts) is its set-up, not the call's.
  if (sent && !text?.startsWith('listen ')) sent.push((text ?? '?').replace(/\s+/g, ' ').trim());
  return query.apply(this, args);
} as typeof pg.Client.prototype.query;

// Built as a production server writes its replies (no zod check of each, which tests add); its
// DBLP crawler pointed at a closed local port.
const t = await buildTestApp({
  LOG_LEVEL: 'silent',
  NODE_ENV: 'production',
  DBLP_BASE_URL: 'http://127.0.0.1:9',
});
try {
  await seedDemo(t.db);
  const token = await signInDemoUser(t.app);
  const headers = { authorization: `Bearer ${token}` };
  const form = { ...headers, 'content-type': 'application/x-www-form-urlencoded' };

  const conferences = await t.app.inject({
    url: '/v1/web/conference/data/list/conferDrpList',
    headers,
  });
  const conflictForm = everyRuleOfFirstConference(conferences.json());
  const list = await t.app.inject({
    method: 'POST',
    url: '/v1/web/relations/data/list',
    headers: form,
    payload: 'pageName=all',
  });
  const viewed = firstRelationId(list.json());
  const [own] = await queryRows<{ id: number }>(
    t.db,
    sql`select r.id from relations r join users u on u.id = r.creator_user_id
         where u.email = 'ada@example.org' and r.status not in (0, 2) order by r.id limit 1`,
  );

  const calls: Array<[string, InjectOptions]> = [
    ['GET /healthz', { url: '/healthz' }],
    ['GET profile', { url: '/v1/web/user/profile', headers }],
    ['POST fullprofile', { method: 'POST', url: '/v1/web/user/fullprofile', headers }],
    [
      'POST relations list',
      {
        method: 'POST',
        url: '/v1/web/relations/data/list',
        headers: form,
        payload: 'pageName=all',
      },
    ],
    [
      'POST conflict list (DEFAULT rules)',
      { method: 'POST', url: '/v1/web/relations/data/list', headers: form, payload: conflictForm },
    ],
    [
      'GET relation view (Ada is a party)',
      { url: `/v1/web/relation/data/view/${viewed}`, headers },
    ],
    [
      'GET relation view (Ada created it)',
      { url: `/v1/web/relation/data/view/${own!.id}`, headers },
    ],
    ['GET conferences drop list', { url: '/v1/web/conference/data/list/conferDrpList', headers }],
    [
      'GET institutions drop list',
      { url: '/v1/web/institution/data/list/InstitutionDrplist', headers },
    ],
  ];
  const backends = repeat > 0 ? await openBackendSampler(t.db) : undefined;
  console.log(
    'call'.padEnd(40),
    'statements',
    ...(repeat > 0 ? ['app CPU/call'.padStart(14), 'db CPU/call'.padStart(14)] : []),
  );
  for (const [name, request] of calls) {
    // Counted on the second call: what a user's every call costs once the instance has what it
    // keeps in memory (the session, the conference's rules).
    await t.app.inject(request);
    sent = [];
    const response = await t.app.inject(request);
    const statements = sent;
    sent = undefined;
    if (response.statusCode !== 200)
      throw new Error(`${name}: ${response.statusCode} ${response.body}`);
    const cpu = repeat > 0 ? await timeCalls(request, backends) : [];
    console.log(name.padEnd(40), String(statements.length).padStart(10), ...cpu);
    if (options.statements) for (const text of statements) console.log('   ', text.slice(0, 110));
  }
  await backends?.close();
} finally {
  await t.close();
}

/**
 * The CPU one call costs, as the median of --repeat calls made one after another: in this
 * process (routing, validation, services, the driver, serialising; no HTTP socket, as inject
 * is used) and in PostgreSQL's backends for this database. A warm-up of a tenth goes first.
 */
async function timeCalls(
  request: InjectOptions,
  backends: BackendCpuSampler | undefined,
): Promise<string[]> {
  for (let index = 0; index < Math.ceil(repeat / 10); index += 1) await t.app.inject(request);
  await backends?.sample();
  const before = { app: process.cpuUsage(), db: backendSeconds(backends) };
  for (let index = 0; index < repeat; index += 1) await t.app.inject(request);
  const app = process.cpuUsage(before.app);
  const db = backendSeconds(backends) - before.db;
  const format = (microseconds: number) =>
    (Number.isNaN(microseconds) ? '-' : `${microseconds.toFixed(0)} µs`).padStart(14);
  return [format((app.user + app.system) / repeat), format((db * 1e6) / repeat)];
}

function backendSeconds(backends: BackendCpuSampler | undefined): number {
  if (!backends) return Number.NaN;
  let ticks = 0;
  for (const value of backends.readKnownBackends().values()) ticks += value;
  return ticks / backends.ticksPerSecond;
}

async function openBackendSampler(db: Db): Promise<BackendCpuSampler | undefined> {
  const [row] = await queryRows<{ name: string }>(db, sql`select current_database() as name`);
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${row!.name}`;
  return BackendCpuSampler.open(url.toString(), row!.name);
}

function firstRelationId(list: { relations: Record<string, Array<{ modify_id?: number }>> }) {
  for (const rows of Object.values(list.relations)) {
    for (const row of rows) if (row.modify_id !== undefined) return row.modify_id;
  }
  throw new Error('Ada has no relation to view');
}
