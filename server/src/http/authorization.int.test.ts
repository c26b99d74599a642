// Who may make each call (docs/security.md, "Threat model" and "Suite figures"): every call of
// the OpenAPI document the app serves, tried as five people — a guest (no token), another user
// (signed in, owning nothing involved), the owner (the relation's creator or the person named
// on it, the conference's chair, the claim's holder or claimant, one's own profile), the chair
// of another conference, and an administrator — against realistic fixtures. Each row of the
// table says what each of them gets; every answer is checked for the owner's private data, and
// every refused call (and every read) must leave the database exactly as it was.
//
// A call added to the app without a row here, or a row whose call is gone, fails the first
// test, so every new call is classified. Routes outside the document: /docs itself (public),
// /dev/mailbox (loopback only, never in production; server/src/mail/mailbox.int.test.ts) and
// the web app's index.html for client routes (no data).
// The rows, their requests and the fixtures are server/test/call-table.ts's.
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/build-test-app.ts';
import { buildTestApp } from '../../test/build-test-app.ts';
import type { Actor, Answer, Fixtures, Row } from '../../test/call-table.ts';
import {
  actors,
  adminOnlyMark,
  callTableEnv,
  labelOf,
  prepareCallTable,
  privateMark,
  rows,
  sendCall,
  sessionFor,
  userOf,
} from '../../test/call-table.ts';
import { queryRows } from '../db/client.ts';

let t: TestApp;
let f: Fixtures;

/** Tables that change on a refused call as a matter of course: the rate limits count every try. */
const changingOnEveryCall = new Set(['rate_limits']);
let snapshotQuery: ReturnType<typeof sql.raw>;

/** A checksum of every application table's rows, by table. */
async function snapshot(): Promise<Record<string, string>> {
  const rows = await queryRows<{ name: string; sum: string }>(t.db, snapshotQuery);
  return Object.fromEntries(rows.map((row) => [row.name, row.sum]));
}

const tally = {
  cases: 0,
  unexpected: [] as string[],
  leaks: [] as string[],
  changes: [] as string[],
};

const excerpt = (body: string) => (body.length > 200 ? `${body.slice(0, 200)}…` : body);

/** What is wrong with the answer, if anything. */
function answerProblem(spec: Row<unknown>, expected: Answer, response: LightMyRequestResponse) {
  const status = response.statusCode;
  if (expected === 'ok') {
    const okStatus = spec.okStatus ?? 200;
    if (status !== okStatus) return `${status} instead of ${okStatus}: ${excerpt(response.body)}`;
    if (spec.isRightAnswer && !spec.isRightAnswer(response)) {
      return `an unexpected answer: ${excerpt(response.body)} ${response.headers.location ?? ''}`;
    }
    return undefined;
  }
  if (status !== expected) return `${status} instead of ${expected}: ${excerpt(response.body)}`;
  if (expected === 401 && response.body !== 'Unauthorized') {
    return `401 with ${excerpt(response.body)} instead of Unauthorized`;
  }
  if (expected === 403 || expected === 404) {
    const body = response.json<Record<string, unknown>>();
    const isMessage = Object.keys(body).join() === 'message' && typeof body.message === 'string';
    if (!isMessage) return `${status} with ${excerpt(response.body)} instead of {message}`;
  }
  return undefined;
}

/** Tries one call as one actor; answers what went wrong (also kept in the tally). */
async function tryCase(spec: Row<unknown>, actor: Actor): Promise<string[]> {
  const problems: string[] = [];
  const note = (list: string[], problem: string) => {
    list.push(problem);
    problems.push(problem);
  };
  const label = `${labelOf(spec)} as ${actor}`;
  const world = spec.build ? await spec.build(actor) : undefined;
  const owner = spec.owner?.(world) ?? f.people.owner;
  const user = actor === 'owner' ? owner : userOf(actor);
  const session = user ? await sessionFor(user) : null;
  const expected = spec.expect[actor];
  // Compared when the call must change nothing: a refusal (even one wrongly allowed), or a
  // read. A success refused unexpectedly is reported as an unexpected answer.
  const before = expected !== 'ok' || spec.readOnly ? await snapshot() : undefined;
  const response = await sendCall(t, await spec.request({ actor, user, session, world }));
  tally.cases += 1;

  const problem = answerProblem(spec, expected, response);
  if (problem) note(tally.unexpected, `${label}: ${problem}`);

  const worldSecrets = (world as { secrets?: string[] } | undefined)?.secrets ?? [];
  const hidden =
    actor === 'owner'
      ? [adminOnlyMark]
      : actor === 'admin' && spec.adminSees
        ? []
        : [privateMark, adminOnlyMark, ...worldSecrets];
  const body = response.body.toLowerCase();
  const leaked = hidden.filter((secret) => body.includes(secret.toLowerCase()));
  if (leaked.length > 0) {
    note(tally.leaks, `${label} (${response.statusCode}) shows ${leaked.join(', ')}`);
  }

  if (before) {
    const after = await snapshot();
    const changed = Object.keys(before).filter((table) => before[table] !== after[table]);
    if (changed.length > 0) {
      note(tally.changes, `${label} (${response.statusCode}) changed ${changed.join(', ')}`);
    }
  }
  await spec.cleanUp?.(world);
  return problems;
}

beforeAll(async () => {
  // ORCID sign-in is offered, pointing nowhere: no row gets as far as asking ORCID.
  t = await buildTestApp(callTableEnv('AUTHORIZATION-SUITE'));
  const tables = await queryRows<{ name: string }>(
    t.db,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  snapshotQuery = sql.raw(
    tables
      .map((table) => table.name)
      .filter((name) => !changingOnEveryCall.has(name))
      .map(
        (name) =>
          `select '${name}' as name, md5(coalesce(string_agg(line, '|' order by line), '')) as sum ` +
          `from (select cast(r as text) as line from "${name}" r) lines`,
      )
      .join(' union all '),
  );
  f = await prepareCallTable(t);
}, 120_000);

afterAll(async () => {
  console.log(
    `authorization suite (${t.engine}): ${tally.cases} cases, ` +
      `${tally.unexpected.length} unexpected answers, ${tally.leaks.length} leaks, ` +
      `${tally.changes.length} refused calls or reads that changed data`,
  );
  await t.close();
});

describe('authorization of every call', () => {
  it('has a row for every call of the OpenAPI document, and none for a call that is gone', async () => {
    const document = (await t.app.inject({ url: '/docs/json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    const documented = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods)
        .filter((method) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
        .map((method) => `${method.toUpperCase()} ${path}`),
    );
    const tabled = new Set(rows.map((spec) => spec.call));
    expect({
      withoutRow: documented.filter((call) => !tabled.has(call)),
      gone: [...tabled].filter((call) => !documented.includes(call)),
    }).toEqual({ withoutRow: [], gone: [] });
  });

  for (const spec of rows) {
    it(labelOf(spec), async () => {
      const problems: string[] = [];
      for (const actor of actors) problems.push(...(await tryCase(spec, actor)));
      expect(problems).toEqual([]);
    });
  }

  it('tried at least as many cases as the outside audit, all as expected', () => {
    expect(tally.cases).toBeGreaterThanOrEqual(352);
    expect({
      unexpectedAnswers: tally.unexpected,
      leaks: tally.leaks,
      refusedCallsOrReadsThatChangedData: tally.changes,
    }).toEqual({ unexpectedAnswers: [], leaks: [], refusedCallsOrReadsThatChangedData: [] });
  });
});
