// npm run bench:pglite-statements: what preparing statements once saves on embedded PGlite
// (server/src/db/pglite-statements.ts). On an in-memory PGlite with the demo data and --users
// generated researchers, it records the statements of the relations list and of the conflict
// list under every DEFAULT rule (as Ada), then runs each recorded statement through PGlite's own
// `query` (an unnamed statement: parsed, analysed and planned every time) and through the
// prepared path, in alternating batches, and prints the CPU time per statement of each (the
// median over the batches). Then the same for the whole calls (`inject`, no socket), with the
// prepared path switched off and on in turn. Figures in docs/benchmarks.md.
//
//   npm run bench:pglite-statements -- [--users 200] [--batches 15] [--per-batch 40]
import { loadavg } from 'node:os';
import { isDeepStrictEqual, parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import type { QueryOptions } from '@electric-sql/pglite';
import type { InjectOptions } from 'fastify';
import { PreparedStatementPGlite } from '../src/db/pglite-statements.ts';
import { seedDemo } from '../src/demo/demo-data.ts';
import { buildTestApp } from '../test/build-test-app.ts';
import { everyRuleOfFirstConference } from './conflict-selection.ts';
import { seedResearchers, signInDemoUser } from './population.ts';

const { values: options } = parseArgs({
  options: {
    users: { type: 'string', default: '200' },
    batches: { type: 'string', default: '15' },
    'per-batch': { type: 'string', default: '40' },
  },
});
const batches = Number(options.batches);
const perBatch = Number(options['per-batch']);

process.env.TEST_DB_ENGINE = 'pglite';

interface Recorded {
  client: PreparedStatementPGlite;
  text: string;
  params: unknown[];
  options?: QueryOptions;
}

const preparedQuery = PreparedStatementPGlite.prototype.query;
const unnamedQuery = PGlite.prototype.query;
let recorded: Recorded[] | undefined;
const recordingQuery = function recordingQuery(
  this: PreparedStatementPGlite,
  text: string,
  params?: unknown[],
  queryOptions?: QueryOptions,
) {
  if (recorded && params && params.length > 0)
    recorded.push({ client: this, text, params, options: queryOptions });
  return preparedQuery.call(this, text, params, queryOptions);
} as typeof preparedQuery;
PreparedStatementPGlite.prototype.query = recordingQuery;

/** Turns the prepared path off (every statement through PGlite's own query) or on again. */
function setPrepared(on: boolean) {
  PreparedStatementPGlite.prototype.query = on
    ? recordingQuery
    : (unnamedQuery as typeof preparedQuery);
}

const cpuMicroseconds = () => {
  const usage = process.cpuUsage();
  return usage.user + usage.system;
};
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

/** CPU µs per run of `run`, median over alternating batches of the two ways. */
async function alternate(
  run: (prepared: boolean) => Promise<unknown>,
): Promise<{ unnamed: number; prepared: number }> {
  for (let index = 0; index < perBatch; index += 1) {
    await run(false);
    await run(true);
  }
  const samples = { unnamed: [] as number[], prepared: [] as number[] };
  for (let batch = 0; batch < batches; batch += 1) {
    for (const prepared of batch % 2 === 0 ? [false, true] : [true, false]) {
      const start = cpuMicroseconds();
      for (let index = 0; index < perBatch; index += 1) await run(prepared);
      samples[prepared ? 'prepared' : 'unnamed'].push((cpuMicroseconds() - start) / perBatch);
    }
  }
  return { unnamed: median(samples.unnamed), prepared: median(samples.prepared) };
}

const format = (microseconds: number) => `${microseconds.toFixed(0)} µs`.padStart(10);
const gain = ({ unnamed, prepared }: { unnamed: number; prepared: number }) =>
  `${(((unnamed - prepared) / unnamed) * 100).toFixed(0)} %`.padStart(6);

const t = await buildTestApp({ LOG_LEVEL: 'silent' });
try {
  await seedDemo(t.db);
  await seedResearchers(t.db, Number(options.users));
  const token = await signInDemoUser(t.app);
  const headers = { authorization: `Bearer ${token}` };
  const form = { ...headers, 'content-type': 'application/x-www-form-urlencoded' };
  const conferences = await t.app.inject({
    url: '/v1/web/conference/data/list/conferDrpList',
    headers,
  });
  const calls: Array<[string, InjectOptions]> = [
    [
      'relations list',
      {
        method: 'POST',
        url: '/v1/web/relations/data/list',
        headers: form,
        payload: 'pageName=all',
      },
    ],
    [
      'conflict list (DEFAULT rules)',
      {
        method: 'POST',
        url: '/v1/web/relations/data/list',
        headers: form,
        payload: everyRuleOfFirstConference(conferences.json()),
      },
    ],
  ];

  console.log(
    `load average ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}`,
  );
  console.log(`${batches} batches of ${perBatch} per way, CPU time per run, median of batches`);
  for (const [name, request] of calls) {
    recorded = [];
    const response = await t.app.inject(request);
    const statements = recorded;
    recorded = undefined;
    if (response.statusCode !== 200)
      throw new Error(`${name}: ${response.statusCode} ${response.body}`);
    console.log(`\n${name}: ${statements.length} statements with parameters`);
    console.log('  statement'.padEnd(62), 'query'.padStart(10), 'prepared'.padStart(10), '  gain');
    for (const statement of statements) {
      const run = (prepared: boolean) =>
        (prepared ? preparedQuery : unnamedQuery).call(
          statement.client,
          statement.text,
          statement.params,
          statement.options,
        );
      const [viaQuery, viaPrepared] = [await run(false), await run(true)];
      if (!isDeepStrictEqual(viaQuery.rows, viaPrepared.rows))
        throw new Error(`different rows: ${statement.text.slice(0, 80)}`);
      const figures = await alternate(run);
      const label = statement.text.replace(/\s+/g, ' ').trim().slice(0, 58);
      console.log(
        `  ${label.padEnd(60)}`,
        format(figures.unnamed),
        format(figures.prepared),
        gain(figures),
      );
    }
    const whole = await alternate(async (prepared) => {
      setPrepared(prepared);
      try {
        const reply = await t.app.inject(request);
        if (reply.statusCode !== 200) throw new Error(`${name}: ${reply.statusCode}`);
      } finally {
        setPrepared(true);
      }
    });
    console.log(
      `  ${'the whole call (inject)'.padEnd(60)}`,
      format(whole.unnamed),
      format(whole.prepared),
      gain(whole),
    );
  }
  console.log(
    `\nload average ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}`,
  );
} finally {
  await t.close();
}
