// npm run bench:serializer: how long writing a big answer takes, three ways: zod's encode then
// JSON.stringify (what fastify-type-provider-zod's serializer did), the fast-json-stringify
// function compiled from the reply schema (server/src/http/reply-serializer.ts, what the
// routes use now) and a bare JSON.stringify of the same object (no schema: the floor). The
// answers are the real ones of a prolific author (server/src/demo/prolific-author.ts: N
// DBLP-imported publications, default 3,000), built by the services on in-memory PGlite:
// GET /v1/web/relation/data/addnew and POST /v1/web/relations/data/list.
// Each round times `--calls` writes of each answer each way, the ways interleaved; printed are
// the medians over `--rounds` rounds of the wall time and of this process's CPU time per
// write, and their ratios (the machine is shared: the CPU time and the ratios move least with
// its load). Last, what compiling every reply schema costs at start-up.
//
//   npm run bench:serializer
//   npm run bench:serializer -- --rounds 15 --calls 50 --publications 3000
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { addNewReplySchema, relationListReplySchema } from '@recuse/common';
import * as common from '@recuse/common';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { users } from '../src/db/schema.ts';
import { compileReplySerializer, firstDifference } from '../src/http/reply-serializer.ts';
import { listRelationsPage } from '../src/modules/relations/relations-list.service.ts';
import { getAddNewData } from '../src/modules/relations/relations-read.service.ts';
import { describeMachine, formatLoadAverage } from './machine.ts';
import { prolificAuthor, seedProlificAuthor } from '../src/demo/prolific-author.ts';

const { values: options } = parseArgs({
  options: {
    publications: { type: 'string', default: '3000' },
    rounds: { type: 'string', default: '11' },
    calls: { type: 'string', default: '40' },
  },
});
const publicationCount = Number(options.publications);
const rounds = Number(options.rounds);
const calls = Number(options.calls);

const machine = describeMachine();
const database = await openDatabase({ memory: true });
await database.migrate();
await seedProlificAuthor(database.db, { publicationCount });
const [user] = await database.db.select().from(users).where(eq(users.email, prolificAuthor.email));
if (!user) throw new Error('the prolific author was not seeded');
const context = { config: loadConfig({ LOG_LEVEL: 'silent', JOBS: 'off' }), db: database.db };
const session = { user, familyId: 'bench' };

const answers = [
  {
    name: 'GET /v1/web/relation/data/addnew',
    schema: addNewReplySchema as z.ZodType,
    data: await getAddNewData(context, session),
  },
  {
    name: 'POST /v1/web/relations/data/list',
    schema: relationListReplySchema as z.ZodType,
    data: await listRelationsPage(context, session, { pageName: 'all' }),
  },
];
await database.close();

type Way = { name: string; write: (data: unknown) => string | undefined };

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

console.log(`command   npm run bench:serializer -- ${process.argv.slice(2).join(' ')}`.trimEnd());
console.log(
  `machine   ${machine.cpuCount} CPUs (${machine.cpuModel}), Node ${machine.node}; ` +
    `load ${formatLoadAverage(machine.loadAverage)} at start`,
);
console.log(
  `answers   a prolific author with ${publicationCount} imported publications; ` +
    `${rounds} rounds of ${calls} writes of each answer each way`,
);

for (const { name, schema, data } of answers) {
  const compileStart = performance.now();
  const compiled = compileReplySerializer(schema);
  const compileMs = performance.now() - compileStart;
  if (!compiled.fast) throw new Error(`${name}: its schema did not compile to fast-json-stringify`);
  const ways: Way[] = [
    {
      name: 'zod encode + JSON.stringify',
      write: (reply) => JSON.stringify(z.encode(schema, reply)),
    },
    { name: 'compiled (fast-json-stringify)', write: compiled.write },
    { name: 'bare JSON.stringify', write: (reply) => JSON.stringify(reply) },
  ];
  const [byZod, byCompiled] = ways.map((way) => way.write(data)!);
  const difference = firstDifference(JSON.parse(byCompiled!), JSON.parse(byZod!));
  if (difference !== undefined) throw new Error(`${name}: the writers differ at ${difference}`);

  const wall = ways.map((): number[] => []);
  const cpu = ways.map((): number[] => []);
  for (let round = 0; round <= rounds; round += 1) {
    // Round 0 warms the JIT and is not counted; the order of the ways turns every round.
    for (let turn = 0; turn < ways.length; turn += 1) {
      const index = (turn + round) % ways.length;
      const way = ways[index]!;
      const wallStart = performance.now();
      const cpuStart = process.cpuUsage();
      for (let call = 0; call < calls; call += 1) way.write(data);
      const cpuUsed = process.cpuUsage(cpuStart);
      if (round === 0) continue;
      wall[index]!.push((performance.now() - wallStart) / calls);
      cpu[index]!.push((cpuUsed.user + cpuUsed.system) / 1000 / calls);
    }
  }
  const medians = ways.map((_, index) => ({
    wall: median(wall[index]!),
    cpu: median(cpu[index]!),
  }));
  const [zod, , bare] = medians;
  const ratio = (value: number, base: number) => `${(value / base).toFixed(2)}×`.padStart(13);
  console.log('');
  console.log(
    `${name}: ${(byZod!.length / 1024).toFixed(0)} KiB of JSON; ` +
      `the compiled writer built in ${compileMs.toFixed(1)} ms`,
  );
  console.log(
    `  ${'way'.padEnd(32)}${'wall ms'.padStart(9)}${'CPU ms'.padStart(9)}` +
      `${'wall vs zod'.padStart(13)}${'CPU vs zod'.padStart(13)}${'CPU vs bare'.padStart(13)}`,
  );
  ways.forEach((way, index) => {
    const { wall: wallMedian, cpu: cpuMedian } = medians[index]!;
    console.log(
      `  ${way.name.padEnd(32)}${wallMedian.toFixed(2).padStart(9)}${cpuMedian.toFixed(2).padStart(9)}` +
        `${ratio(wallMedian, zod!.wall)}${ratio(cpuMedian, zod!.cpu)}${ratio(cpuMedian, bare!.cpu)}`,
    );
  });
}

// What compiling costs at start-up: every reply schema of @recuse/common, compiled afresh.
const replySchemas = Object.entries(common).filter(
  ([name, value]) => name.endsWith('ReplySchema') && value instanceof z.ZodType,
);
const allStart = performance.now();
const allCpuStart = process.cpuUsage();
for (const [, schema] of replySchemas) compileReplySerializer(schema as z.ZodType);
const allCpu = process.cpuUsage(allCpuStart);
console.log('');
console.log(
  `start-up  compiling all ${replySchemas.length} *ReplySchema of @recuse/common: ` +
    `${(performance.now() - allStart).toFixed(0)} ms ` +
    `(CPU ${((allCpu.user + allCpu.system) / 1000).toFixed(0)} ms)`,
);
console.log(`load      ${formatLoadAverage(loadavg())} at end`);
