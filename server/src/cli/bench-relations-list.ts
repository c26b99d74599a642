// npm run bench:api: how long the relations list takes for a prolific author. Seeds one user
// with N DBLP-imported co-authored publications (default 3,000; 1 to 6 co-authors each from
// a pool of dblp_only people), then times POST /v1/web/relations/data/list through the whole
// HTTP stack (inject: routing, auth, queries, serialisation) and reports median and p95.
// Runs on in-memory PGlite, or on PostgreSQL with --database-url (a scratch database: the
// benchmark migrates it and adds its data).
import { parseArgs } from 'node:util';
import { institutionKey } from '@recuse/common';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { openDatabase } from '../db/client.ts';
import { publications, relationParties, relations, users } from '../db/schema.ts';
import { hashPassword } from '../modules/auth/passwords.ts';

const { values: options } = parseArgs({
  options: {
    publications: { type: 'string', default: '3000' },
    runs: { type: 'string', default: '30' },
    'database-url': { type: 'string' },
  },
});
const publicationCount = Number(options.publications);
const runs = Number(options.runs);
const password = 'Bench#Pass2026';

/** A fixed pseudo-random sequence, so every run seeds the same data. */
function createRandom(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

async function insertInChunks<Row>(rows: Row[], insert: (chunk: Row[]) => Promise<unknown>) {
  for (let start = 0; start < rows.length; start += 1000)
    await insert(rows.slice(start, start + 1000));
}

async function seedProlificAuthor(db: Db): Promise<string> {
  const random = createRandom(42);
  const [author] = await db
    .insert(users)
    .values({
      kind: 'registered',
      firstName: 'Prolific',
      lastName: 'Author',
      email: 'prolific@example.org',
      passwordHash: await hashPassword(password),
      isEmailConfirmed: true,
      isOptedIn: true,
    })
    .returning({ id: users.id });
  const poolSize = Math.max(50, publicationCount);
  const pool = await db
    .insert(users)
    .values(
      Array.from({ length: poolSize }, (_, index) => ({
        kind: 'dblp_only' as const,
        firstName: `Coauthor${index}`,
        lastName: `Person${index % 97}`,
        dblpPid: `bench/${index}`,
        dblpName: `Coauthor${index} Person${index % 97}`,
      })),
    )
    .returning({ id: users.id });
  const papers = Array.from({ length: publicationCount }, (_, index) => {
    const title = `On Benchmarking Conflict Lists, Part ${index + 1}`;
    return {
      title,
      titleKey: institutionKey(title),
      year: 1990 + (index % 36),
      kind: 'inproceedings',
      dblpKey: `conf/bench/P${index}`,
    };
  });
  const paperIds: number[] = [];
  await insertInChunks(papers, async (chunk) => {
    const rows = await db.insert(publications).values(chunk).returning({ id: publications.id });
    paperIds.push(...rows.map((row) => row.id));
  });
  const relationRows = paperIds.map((publicationId, index) => ({
    typeId: 3,
    creatorUserId: author!.id,
    status: 1,
    endYear: papers[index]!.year,
    title: papers[index]!.title,
    titleKey: papers[index]!.titleKey,
    publicationId,
    isDblpImported: true,
  }));
  const relationIds: number[] = [];
  await insertInChunks(relationRows, async (chunk) => {
    const rows = await db.insert(relations).values(chunk).returning({ id: relations.id });
    relationIds.push(...rows.map((row) => row.id));
  });
  const parties = relationIds.flatMap((relationId) => {
    const count = 1 + Math.floor(random() * 6);
    const chosen = new Set<number>();
    while (chosen.size < count) chosen.add(pool[Math.floor(random() * pool.length)]!.id);
    return [...chosen].map((userId) => ({ relationId, userId, status: 1 }));
  });
  await insertInChunks(parties, (chunk) => db.insert(relationParties).values(chunk));
  return 'prolific@example.org';
}

const percentile = (sorted: number[], fraction: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;

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
const email = await seedProlificAuthor(database.db);
const seedSeconds = (performance.now() - seedStart) / 1000;

const login = await app.inject({
  method: 'POST',
  url: '/v1/user/login',
  payload: new URLSearchParams({
    action: 'login',
    api_key: config.API_KEY,
    username: email,
    password,
  }).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});
const { access_token: token } = login.json<{ access_token: string }>();

const timings: number[] = [];
let bytes = 0;
let relationCount = 0;
for (let run = 0; run <= runs; run += 1) {
  const start = performance.now();
  const response = await app.inject({
    method: 'POST',
    url: '/v1/web/relations/data/list',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    payload: 'pageName=all',
  });
  const elapsed = performance.now() - start;
  if (response.statusCode !== 200)
    throw new Error(`list answered ${response.statusCode}: ${response.body}`);
  if (run === 0) continue; // the first call warms caches and the JIT
  timings.push(elapsed);
  bytes = response.body.length;
  relationCount = response.json<{ tot_relations: number }>().tot_relations;
}
timings.sort((a, b) => a - b);
console.log(`engine            ${database.engine}`);
console.log(
  `publications      ${publicationCount} imported, seeded in ${seedSeconds.toFixed(1)} s`,
);
console.log(`tot_relations     ${relationCount}; answer ${(bytes / 1024).toFixed(0)} KiB`);
console.log(
  `list call         median ${percentile(timings, 0.5).toFixed(1)} ms, p95 ${percentile(timings, 0.95).toFixed(1)} ms over ${runs} runs`,
);
await app.close();
await database.close();
