// npm run bench:load: what the served application gives under concurrency, the week before a
// deadline. For each engine it prepares a database (the demo data plus --users generated
// researchers, each with about ten relations), starts the real server as its own process
// (the built server `npm start` runs), signs every researcher in, and drives with autocannon:
//   - read:      the dashboard and profile (GET profile), the relations page (list), the
//                conflict list under every DEFAULT rule, and one relation's view;
//   - conflicts: the conflict list alone;
//   - conflicts-ada: Ada's conflict list (the demo's researcher) on every connection, as the
//                issue measured it: ten relations;
//   - write:     a relation saved again with a new note, and an answer to a relation;
//   - healthz, profile, list, view: one call of the read mix alone, as conflicts is, to see what
//                each costs; any other --mix is refused;
// at each of --connections (1, 20 and 100), each connection one signed-in researcher, after
// --warmup seconds (3) of the same load that are not counted. The same
// figures for a bare Node `http` server answering {"ok":1} come first, measured in the same run,
// so the ratio to it survives a busy machine. Figures in docs/benchmarks.md.
//
//   npm run bench:load                                   # PostgreSQL (TEST_DATABASE_URL or local) and PGlite
//   npm run bench:load -- --engine postgres --connections 20 --duration 10 --warmup 3
//   npm run bench:load -- --engine pglite --mix read
//   npm run bench:load -- --engine postgres --mix conflicts --connections 20 --cpu-prof data/profiles
//   npm run bench:load -- --engine postgres --mix read --node-options=--max-semi-space-size=64
//   npm run bench:load -- --engine postgres --mix view --institutions 120000   # as after a ROR import
//   npm run bench:load -- --engine postgres --mix read,conflicts-ada --connections 20 --rounds 7
// With --rounds N, every measurement (the bare server's first) is made N times in turn on the
// same server, and a summary gives each one's median, its range, and the median of its share of
// the bare server measured in the same round.
// Each line gives requests/s, p50, p99, errors, the CPU per answer of the server and of
// PostgreSQL, and the bytes received per answer (headers included, as compressed).
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { formatLoadAverage } from './machine.ts';
import { median } from './parse-benchmark.ts';
import type { ConferenceDropList } from './conflict-selection.ts';
import { everyRuleOfFirstConference } from './conflict-selection.ts';
import { seedImportedInstitutions, seedResearchers } from './population.ts';
import { BackendCpuSampler } from './backend-cpu-sampler.ts';
import {
  buildIfNeeded,
  freePort,
  processCpuSeconds,
  startBuiltServer,
  stopServer,
  timeUntilAnswer,
} from './served.ts';
import { openDatabase } from '../src/db/client.ts';
import type { DatabaseTarget } from '../src/db/client.ts';
import { demoPassword, seedDemo } from '../src/demo/demo-data.ts';

const { values: options } = parseArgs({
  options: {
    engine: { type: 'string', default: 'both' },
    'database-url': { type: 'string' },
    users: { type: 'string', default: '200' },
    // Approved institutions added as a ROR import leaves them (ROR has ~120,000), for the
    // statements whose cost could grow with the institutions table.
    institutions: { type: 'string', default: '0' },
    connections: { type: 'string', default: '1,20,100' },
    duration: { type: 'string', default: '10' },
    // Seconds of the same load before each measurement, not counted: a server in a deadline
    // rush has been answering for a while (its code compiled, each pooled connection's
    // statements prepared and planned).
    warmup: { type: 'string', default: '3' },
    mix: { type: 'string', default: 'read,conflicts,write' },
    // A directory for the server's CPU profile (node --cpu-prof), written when it stops.
    'cpu-prof': { type: 'string' },
    // Flags for the server's Node, space-separated (e.g. "--max-semi-space-size=32"), to compare
    // runtime settings on the same build.
    'node-options': { type: 'string', default: '' },
    // Leave the prepared database (or PGlite directory) in place and print where it is, to
    // look at its statements' plans afterwards.
    keep: { type: 'boolean', default: false },
    // Each measurement made this many times in turn, the bare server's in each round too.
    rounds: { type: 'string', default: '1' },
  },
});
const engines = options.engine === 'both' ? ['postgres', 'pglite'] : [options.engine];
if (engines.some((engine) => engine !== 'postgres' && engine !== 'pglite')) {
  throw new Error('--engine is postgres, pglite or both');
}
const adminUrl =
  options['database-url'] ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';
const generatedUsers = Number(options.users);
const connectionCounts = options.connections.split(',').map(Number);
const durationSeconds = Number(options.duration);
const warmupSeconds = Number(options.warmup);
const mixes = options.mix.split(',');
const rounds = Number(options.rounds);
if (!Number.isInteger(rounds) || rounds < 1) throw new Error('--rounds is a whole number from 1');
/** Wide enough for `postgres conflicts-ada` and, with rounds, its number. */
const labelWidth = rounds > 1 ? 27 : 22;
/** The calls of the read mix that can each be driven alone. */
const singleCalls = ['healthz', 'profile', 'list', 'conflicts', 'view'] as const;
type SingleCall = (typeof singleCalls)[number];
/** The issue's own measurement: Ada's conflict list (the demo's researcher), on every connection. */
const adaConflicts = 'conflicts-ada';
for (const mix of mixes) {
  if (
    mix !== 'read' &&
    mix !== 'write' &&
    mix !== adaConflicts &&
    !(singleCalls as readonly string[]).includes(mix)
  )
    throw new Error(
      `--mix ${mix}: not one of read, write, ${adaConflicts}, ${singleCalls.join(', ')}`,
    );
}

interface Researcher {
  email: string;
  password: string;
  token?: string;
  /** A relation this researcher may modify (saved again in the write mix). */
  ownRelation?: RelationView;
  /** Relations naming this researcher (answered in the write mix, opened in the read mix). */
  partyRelationId?: number;
  /** Whether that relation can be accepted now (else it was accepted, and is rejected first). */
  acceptsFirst?: boolean;
}

interface Figures {
  label: string;
  connections: number;
  /** Which of --rounds (from 1). */
  round: number;
  /** The bare server's requests/s at the same connection count in the same round. */
  bareRequestsPerSecond: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  requests: number;
  /** Bytes received per answer, headers included (compressed where the server compressed). */
  bytesPerAnswer: number;
  /** Answers other than 2xx, by status code. */
  statusCodes: string;
  /** CPU time per answered request: the server process, and PostgreSQL's backends (or NaN). */
  serverCpuMicroseconds: number;
  databaseCpuMicroseconds: number;
}

/** What a run's requests cost in CPU: the server process, and the database's backends. */
interface CpuMeter {
  /** CPU seconds so far: the server process, and the database's backends (NaN for PGlite). */
  read(): { server: number; database: number };
}

// ---------------------------------------------------------------------------------------------
// The data: the demo, and researchers who co-author with each other (population.ts).

const demoResearchers = ['ada', 'alan', 'grace', 'di'].map((name): Researcher => ({
  email: `${name}@example.org`,
  password: demoPassword,
}));

// ---------------------------------------------------------------------------------------------
// Processes: the application and the bare ceiling.

async function startApplication(
  env: Record<string, string>,
): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const profile = options['cpu-prof'];
  const nodeOptions = [
    ...options['node-options'].split(' ').filter(Boolean),
    ...(profile ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profile)}`] : []),
  ];
  const child = startBuiltServer(
    {
      PORT: String(port),
      SEED_DEMO: 'no',
      JOBS: 'on',
      LOG_LEVEL: 'info',
      // The crawler must not reach the outside network; nothing here has a DBLP profile to crawl.
      DBLP_BASE_URL: 'http://127.0.0.1:9',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
      ...env,
    },
    nodeOptions,
  );
  const url = `http://127.0.0.1:${port}`;
  await timeUntilAnswer(child, `${url}/healthz`, performance.now());
  return { url, child };
}

const bareServerSource = `
  const http = require('node:http');
  http.createServer((request, response) => {
    response.setHeader('content-type', 'application/json');
    response.end('{"ok":1}');
  }).listen(Number(process.env.PORT), '127.0.0.1');
`;

async function startBareServer(): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['-e', bareServerSource], {
    env: { ...process.env, PORT: String(port) },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  await timeUntilAnswer(child, url, performance.now());
  return { url, child };
}

// ---------------------------------------------------------------------------------------------
// Calls, in the encodings the web app uses.

const formHeaders = (token: string) => ({
  authorization: `Bearer ${token}`,
  'content-type': 'application/x-www-form-urlencoded',
  'accept-encoding': 'gzip, deflate, br',
});
const getHeaders = (token: string) => ({
  authorization: `Bearer ${token}`,
  'accept-encoding': 'gzip, deflate, br',
});

async function signIn(url: string, researcher: Researcher): Promise<void> {
  const response = await fetch(`${url}/v1/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      action: 'login',
      api_key: 'recuse-web',
      username: researcher.email,
      password: researcher.password,
    }),
  });
  if (!response.ok) throw new Error(`sign-in of ${researcher.email}: ${response.status}`);
  researcher.token = ((await response.json()) as { access_token: string }).access_token;
}

/** The DEFAULT conference with every rule ticked, as the conflicts page starts. */
async function defaultSelection(url: string, token: string): Promise<string> {
  const response = await fetch(`${url}/v1/web/conference/data/list/conferDrpList`, {
    headers: getHeaders(token),
  });
  return everyRuleOfFirstConference((await response.json()) as ConferenceDropList);
}

interface RelationView {
  GID: number;
  relationType: number;
  rUserId: number;
  source: string;
  dateStartYear: number | null;
  dateStartMonth: number | null;
  dateEndYear: number | null;
  dateEndMonth: number | null;
  permissions: { accept: number; reject: number; modify: number };
}

/** A relation the researcher may modify and one they may answer, read from their list. */
async function findRelations(url: string, researcher: Researcher): Promise<void> {
  const response = await fetch(`${url}/v1/web/relations/data/list`, {
    method: 'POST',
    headers: formHeaders(researcher.token!),
    body: 'pageName=all',
  });
  const list = (await response.json()) as {
    relations: Record<string, Array<{ modify_id?: number }>>;
  };
  for (const type of ['1', '2', '4', '5']) {
    for (const row of list.relations[type] ?? []) {
      if (row.modify_id === undefined) continue;
      const view = (await (
        await fetch(`${url}/v1/web/relation/data/view/${row.modify_id}`, {
          headers: getHeaders(researcher.token!),
        })
      ).json()) as RelationView;
      if (view.permissions.modify && !researcher.ownRelation) researcher.ownRelation = view;
      if ((view.permissions.accept || view.permissions.reject) && !researcher.partyRelationId) {
        researcher.partyRelationId = view.GID;
        researcher.acceptsFirst = view.permissions.accept === 1;
      }
    }
  }
}

/** The save form's fields for a relation as viewed, with a new note. */
function saveForm(view: RelationView, note: string): string {
  const form = new URLSearchParams({
    GID: String(view.GID),
    relationType: String(view.relationType),
    rUserId: String(view.rUserId),
    source: view.source,
    notes: note,
    sourceUserUpdateComment: note,
  });
  const dates = {
    dateStartYear: view.dateStartYear,
    dateStartMonth: view.dateStartMonth,
    dateEndYear: view.dateEndYear,
    dateEndMonth: view.dateEndMonth,
  };
  for (const [field, value] of Object.entries(dates))
    form.set(field, value === null ? '' : String(value));
  return form.toString();
}

type Request = autocannon.Request;

/** The calls of the read mix, each also a mix of its own (`--mix conflicts`, `profile`, …). */
function readCalls(researcher: Researcher, conflictForm: string) {
  const token = researcher.token!;
  const viewed = researcher.partyRelationId ?? researcher.ownRelation?.GID;
  const listWith = (body: string): Request => ({
    method: 'POST',
    path: '/v1/web/relations/data/list',
    headers: formHeaders(token),
    body,
  });
  const calls: Record<SingleCall, Request | undefined> = {
    healthz: { method: 'GET', path: '/healthz' },
    profile: { method: 'GET', path: '/v1/web/user/profile', headers: getHeaders(token) },
    list: listWith('pageName=all'),
    conflicts: listWith(conflictForm),
    view:
      viewed === undefined
        ? undefined
        : {
            method: 'GET',
            path: `/v1/web/relation/data/view/${viewed}`,
            headers: getHeaders(token),
          },
  };
  return calls;
}

/** The dashboard, the relations page, the conflict list, the profile page, one relation's view. */
function readMix(researcher: Researcher, conflictForm: string): Request[] {
  const calls = readCalls(researcher, conflictForm);
  return [calls.profile, calls.list, calls.conflicts, calls.profile, calls.view].filter(
    (call): call is Request => call !== undefined,
  );
}

function writeMix(researcher: Researcher): Request[] {
  const token = researcher.token!;
  const requests: Request[] = [];
  const own = researcher.ownRelation;
  if (own) {
    let saves = 0;
    requests.push({
      method: 'POST',
      path: '/v1/web/relation/data/save',
      headers: formHeaders(token),
      setupRequest: (request) => {
        saves += 1;
        return { ...request, body: saveForm(own, `Saved again under load, ${saves}`) };
      },
    });
  }
  if (researcher.partyRelationId !== undefined) {
    const answer = (path: string, comment: string): Request => ({
      method: 'POST',
      path,
      headers: formHeaders(token),
      body: new URLSearchParams({
        GID: String(researcher.partyRelationId),
        relationTypeName: 'Relation',
        rejectionComment: comment,
      }).toString(),
    });
    const accept = answer('/v1/web/relation_accept_relation', 'Accepted under load');
    const reject = answer('/v1/web/relation_reject_relation', 'Rejected under load');
    requests.push(...(researcher.acceptsFirst ? [accept, reject] : [reject, accept]));
  }
  return requests;
}

async function drive(
  label: string,
  url: string,
  connections: number,
  requestsFor: (connection: number) => Request[],
  cpu?: CpuMeter,
): Promise<Omit<Figures, 'round' | 'bareRequestsPerSecond'>> {
  const run = (duration: number) => {
    let connection = 0;
    return autocannon({
      url,
      connections,
      duration,
      setupClient: (client) => {
        client.setRequests(requestsFor(connection));
        connection += 1;
      },
    });
  };
  if (warmupSeconds > 0) await run(warmupSeconds);
  const before = cpu?.read();
  const result = await run(durationSeconds);
  return {
    label,
    connections,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    statusCodes: Object.entries(result.statusCodeStats ?? {})
      .filter(([code]) => !code.startsWith('2'))
      .map(([code, { count }]) => `${code}×${count}`)
      .join(' '),
    requests: result.requests.total,
    bytesPerAnswer: result.throughput.total / result.requests.total,
    ...cpuPerRequest(before, cpu?.read(), result.requests.total),
  };
}

function cpuPerRequest(
  before: { server: number; database: number } | undefined,
  after: { server: number; database: number } | undefined,
  requests: number,
): Pick<Figures, 'serverCpuMicroseconds' | 'databaseCpuMicroseconds'> {
  const per = (start: number | undefined, end: number | undefined) =>
    start === undefined || end === undefined ? Number.NaN : ((end - start) / requests) * 1e6;
  return {
    serverCpuMicroseconds: per(before?.server, after?.server),
    databaseCpuMicroseconds: per(before?.database, after?.database),
  };
}

// ---------------------------------------------------------------------------------------------
// One engine: prepare, start, sign in, measure.

async function prepareDatabase(
  engine: string,
): Promise<{ target: DatabaseTarget; env: Record<string, string>; cleanup: () => Promise<void> }> {
  if (engine === 'postgres') {
    const name = `recuse_bench_load_${process.pid}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return {
      target: { url: url.toString() },
      env: { DATABASE_URL: url.toString() },
      cleanup: async () => {
        const again = new pg.Client({ connectionString: adminUrl });
        await again.connect();
        await again.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await again.end();
      },
    };
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), 'recuse-bench-load-'));
  return {
    target: { dataDir },
    env: { DATA_DIR: dataDir },
    cleanup: () => rm(dataDir, { recursive: true, force: true }),
  };
}

/** The bare server's requests/s at each connection count, measured for one round. */
type MeasureBare = (round: number) => Promise<Map<number, number>>;

async function measureEngine(engine: string, measureBare: MeasureBare): Promise<Figures[]> {
  const prepared = await prepareDatabase(engine);
  const database = await openDatabase(prepared.target);
  await database.migrate();
  await seedDemo(database.db);
  const researchers: Researcher[] = [
    ...demoResearchers,
    ...(await seedResearchers(database.db, generatedUsers)),
  ];
  await seedImportedInstitutions(database.db, Number(options.institutions));
  await database.close();

  const { url, child } = await startApplication(prepared.env);
  const backends =
    'url' in prepared.target
      ? await BackendCpuSampler.open(
          prepared.target.url,
          new URL(prepared.target.url).pathname.slice(1),
        )
      : undefined;
  backends?.start();
  const cpu: CpuMeter = {
    read: () => ({
      server: processCpuSeconds(child.pid),
      database: backends ? sumTicks(backends.readKnownBackends()) / backends.ticksPerSecond : NaN,
    }),
  };
  const figures: Figures[] = [];
  try {
    for (const researcher of researchers) await signIn(url, researcher);
    for (const researcher of researchers) await findRelations(url, researcher);
    const conflictForm = await defaultSelection(url, researchers[0]!.token!);
    // The write mix needs a relation to save and one to answer; every generated researcher has both.
    const writers = researchers.filter((r) => r.ownRelation && r.partyRelationId !== undefined);
    const viewers = researchers.filter((r) => readCalls(r, conflictForm).view !== undefined);
    const ada = researchers.find((researcher) => researcher.email === 'ada@example.org')!;
    const pick = (connection: number, among: Researcher[] = researchers) =>
      among[connection % among.length]!;
    for (let round = 1; round <= rounds; round += 1) {
      const bare = await measureBare(round);
      for (const mix of mixes) {
        for (const connections of connectionCounts) {
          const requestsFor = (connection: number) => {
            if (mix === 'write') return writeMix(pick(connection, writers));
            if (mix === 'read') return readMix(pick(connection), conflictForm);
            if (mix === adaConflicts) return [readCalls(ada, conflictForm).conflicts!];
            // A relation's view alone: only researchers with a relation to open.
            const researcher = pick(connection, mix === 'view' ? viewers : researchers);
            return [readCalls(researcher, conflictForm)[mix as SingleCall]!];
          };
          await backends?.sample();
          const measured = await drive(`${engine} ${mix}`, url, connections, requestsFor, cpu);
          figures.push({ ...measured, round, bareRequestsPerSecond: bare.get(connections)! });
          console.log(formatFigures(figures.at(-1)!));
        }
      }
    }
  } finally {
    await backends?.close();
    await stopServer(child);
    if (options.keep)
      console.log(`kept the ${engine} database: ${JSON.stringify(prepared.target)}`);
    else await prepared.cleanup();
  }
  return figures;
}

function sumTicks(ticks: ReadonlyMap<number, number>): number {
  let total = 0;
  for (const value of ticks.values()) total += value;
  return total;
}

function formatMicroseconds(value: number): string {
  return Number.isNaN(value) ? '-' : `${value.toFixed(0)} µs`;
}

/** A run's label, with its round when there are several: `postgres read #3`. */
function runLabel(figures: Pick<Figures, 'label' | 'round'>): string {
  return rounds > 1 ? `${figures.label} #${figures.round}` : figures.label;
}

function formatFigures(figures: Omit<Figures, 'bareRequestsPerSecond'>) {
  return [
    runLabel(figures).padEnd(labelWidth),
    String(figures.connections).padStart(5),
    figures.requestsPerSecond.toFixed(0).padStart(9),
    `${figures.p50} ms`.padStart(9),
    `${figures.p99} ms`.padStart(9),
    String(figures.errors).padStart(7),
    formatMicroseconds(figures.serverCpuMicroseconds).padStart(11),
    formatMicroseconds(figures.databaseCpuMicroseconds).padStart(11),
    `${(figures.bytesPerAnswer / 1024).toFixed(1)} KiB`.padStart(11),
    figures.statusCodes,
  ].join(' ');
}

const loadAtStart = loadavg();
console.log(
  `${generatedUsers + demoResearchers.length} researchers, ${durationSeconds} s per run after ${warmupSeconds} s not counted, each connection one researcher`,
);
console.log(
  `${'run'.padEnd(labelWidth)} ${'conns'.padStart(5)} ${'req/s'.padStart(9)} ${'p50'.padStart(9)} ${'p99'.padStart(9)} ${'errors'.padStart(7)} ${'server CPU'.padStart(11)} ${'db CPU'.padStart(11)} ${'per answer'.padStart(11)}`,
);
buildIfNeeded();
const bare = await startBareServer();
/** Each round of each engine starts with the bare server, measured then. */
const measureBare: MeasureBare = async (round) => {
  const byConnections = new Map<number, number>();
  for (const connections of connectionCounts) {
    const measured = await drive('bare node http', bare.url, connections, () => [
      { method: 'GET', path: '/' },
    ]);
    byConnections.set(connections, measured.requestsPerSecond);
    console.log(formatFigures({ ...measured, round }));
  }
  return byConnections;
};
const results: Figures[] = [];
try {
  for (const engine of engines) results.push(...(await measureEngine(engine, measureBare)));
} finally {
  await stopServer(bare.child);
}

const shareOf = (figures: Figures) =>
  (figures.requestsPerSecond / figures.bareRequestsPerSecond) * 100;
console.log('\nRatio to the bare server at the same connection count, in the same round:');
for (const figures of results) {
  console.log(
    `${runLabel(figures).padEnd(labelWidth)} ${String(figures.connections).padStart(
      5,
    )}  ${shareOf(figures).toFixed(1)} % of ${figures.bareRequestsPerSecond.toFixed(0)} req/s`,
  );
}
if (rounds > 1) {
  console.log(`\nMedians of ${rounds} rounds:`);
  const groups = new Map<string, Figures[]>();
  for (const figures of results) {
    const key = `${figures.label.padEnd(labelWidth)} ${String(figures.connections).padStart(5)}`;
    groups.set(key, [...(groups.get(key) ?? []), figures]);
  }
  for (const [key, group] of groups) {
    const rates = group.map((figures) => figures.requestsPerSecond);
    const p99s = group.map((figures) => figures.p99);
    const errors = group.reduce((sum, figures) => sum + figures.errors, 0);
    console.log(
      `${key} ${median(rates).toFixed(0).padStart(9)} req/s (${Math.min(...rates).toFixed(0)}–${Math.max(
        ...rates,
      ).toFixed(0)}), ${median(group.map(shareOf)).toFixed(1)} % of the bare server, p99 ${Math.min(
        ...p99s,
      )}–${Math.max(...p99s)} ms, ${errors} errors`,
    );
  }
}

console.log(
  `load average ${formatLoadAverage(loadAtStart)} at start, ${formatLoadAverage(loadavg())} at end`,
);
