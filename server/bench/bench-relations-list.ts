// npm run bench:api: how long the relations list takes for a prolific author. Seeds one user
// with N DBLP-imported co-authored publications (default 3,000; 1 to 6 co-authors each from
// a pool of dblp_only people; server/src/demo/prolific-author.ts), then times POST
// /v1/web/relations/data/list through the whole HTTP stack (inject: routing, auth, queries,
// serialisation, gzip as a browser asks for it) and reports median and p95 of the wall time
// and of this process's CPU time per call (the machine is shared: CPU time moves less with
// the load), and the answer's size as JSON and on the wire. --background N first adds N
// unrelated people with their papers (DBLP's proportions; 1000000 is DBLP-sized), so the
// queries run on big tables.
// --rules ticks every rule of the DEFAULT conference: the list call then also answers the
// author's conflict list, from the same statement (docs/architecture.md, "A conflict list in one
// statement").
// Runs on in-memory PGlite, or on PostgreSQL with --database-url (a scratch database: the
// benchmark migrates it and adds its data, so give it an empty one each time).
//
//   npm run bench:api -- --runs 20 --database-url postgres://postgres@127.0.0.1:5432/scratch
//   npm run bench:api -- --pending 500 --page pending
//   npm run bench:api -- --rules --database-url postgres://postgres@127.0.0.1:5432/scratch
//   npm run bench:api -- --background 1000000 --database-url postgres://…/another_scratch
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { buildApp } from '../src/app.ts';
import { formatLoadAverage } from './machine.ts';
import { prolificAuthor, seedProlificAuthor } from '../src/demo/prolific-author.ts';
import { seedBackground } from './background-people.ts';
import type { ConferenceDropList } from './conflict-selection.ts';
import { everyRuleOfFirstConference } from './conflict-selection.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';

const { values: options } = parseArgs({
  options: {
    publications: { type: 'string', default: '3000' },
    pending: { type: 'string', default: '0' },
    background: { type: 'string', default: '0' },
    page: { type: 'string', default: 'all' },
    runs: { type: 'string', default: '30' },
    rules: { type: 'boolean', default: false },
    'database-url': { type: 'string' },
  },
});
const publicationCount = Number(options.publications);
const pendingCount = Number(options.pending);
const runs = Number(options.runs);
if (options.page !== 'all' && options.page !== 'pending') {
  throw new Error('--page is all or pending');
}

const percentile = (sorted: number[], fraction: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;
const summary = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `median ${percentile(sorted, 0.5).toFixed(1)} ms, p95 ${percentile(sorted, 0.95).toFixed(1)} ms`;
};

const loadAtStart = loadavg();
const database = await openDatabase(
  options['database-url'] ? { url: options['database-url'] } : { memory: true },
);
await database.migrate();
const config = loadConfig({
  ...process.env,
  LOG_LEVEL: 'silent',
  JOBS: 'off',
  AUTH_RATE_LIMIT_PER_MINUTE: '1000',
});
const app = await buildApp({ config, db: database.db });
const seedStart = performance.now();
await seedBackground(database.db, Number(options.background));
await seedProlificAuthor(database.db, { publicationCount, pendingCount });
const seedSeconds = (performance.now() - seedStart) / 1000;

const login = await app.inject({
  method: 'POST',
  url: '/v1/user/login',
  payload: new URLSearchParams({
    action: 'login',
    api_key: config.API_KEY,
    username: prolificAuthor.email,
    password: prolificAuthor.password,
  }).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});
const { access_token: token } = login.json<{ access_token: string }>();

const conflictForm = options.rules
  ? `&${everyRuleOfFirstConference(
      (
        await app.inject({
          method: 'GET',
          url: '/v1/web/conference/data/list/conferDrpList',
          headers: { authorization: `Bearer ${token}` },
        })
      ).json<ConferenceDropList>(),
    )}`
  : '';

const wallTimes: number[] = [];
const cpuTimes: number[] = [];
let wireBytes = 0;
let jsonBytes = 0;
let relationCount = 0;
for (let run = 0; run <= runs; run += 1) {
  const start = performance.now();
  const cpuStart = process.cpuUsage();
  const response = await app.inject({
    method: 'POST',
    url: '/v1/web/relations/data/list',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/x-www-form-urlencoded',
      'accept-encoding': 'gzip, deflate, br',
    },
    payload: `pageName=${options.page}${conflictForm}`,
  });
  const elapsed = performance.now() - start;
  const cpu = process.cpuUsage(cpuStart);
  if (response.statusCode !== 200)
    throw new Error(`list answered ${response.statusCode}: ${response.body}`);
  if (run === 0) continue; // the first call warms caches and the JIT
  wallTimes.push(elapsed);
  cpuTimes.push((cpu.user + cpu.system) / 1000);
  if (run === 1) {
    const body =
      response.headers['content-encoding'] === 'gzip'
        ? gunzipSync(response.rawPayload)
        : response.rawPayload;
    wireBytes = response.rawPayload.length;
    jsonBytes = body.length;
    relationCount = (JSON.parse(body.toString('utf8')) as { tot_relations: number }).tot_relations;
  }
}
console.log(`engine            ${database.engine}`);
console.log(
  `seeded            ${publicationCount} imported publications, ${pendingCount} pending, ${options.background} background people, in ${seedSeconds.toFixed(1)} s`,
);
console.log(
  `page ${options.page.padEnd(12)} ${options.rules ? 'every DEFAULT rule; ' : ''}tot_relations ${relationCount}; answer ${(jsonBytes / 1024).toFixed(0)} KiB JSON, ${(wireBytes / 1024).toFixed(0)} KiB on the wire`,
);
console.log(`list call         ${summary(wallTimes)} over ${runs} runs`);
console.log(`CPU of the call   ${summary(cpuTimes)} (this process)`);
console.log(
  `load average      ${formatLoadAverage(loadAtStart)} at start, ${formatLoadAverage(loadavg())} at end`,
);
await app.close();
await database.close();
