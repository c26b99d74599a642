// One hostile-input walk over every call of the OpenAPI document the app serves
// (docs/security.md, "Suite figures"). Each call starts from a valid request of the
// authorization table (server/test/call-table.ts), as a guest, as a signed-in user owning
// nothing involved, and as an administrator who also chairs a conference; then every path,
// query and body field in turn gets each value of a catalogue of hostile values (wrong types,
// empty and 100,000-character strings, huge, negative and fractional numbers, NaN and Infinity,
// SQL, HTML and script, path traversal, CRLF, format strings, unicode oddities, prototype keys,
// ids that do not exist or are someone else's), and each call gets extra and duplicate fields,
// prototype-polluting keys, wrong content types and malformed bodies.
//
// Every answer: no 5xx; no stack trace, SQL text or internal path; none of the private markers
// planted in other people's data (administrators excepted where they see everything). The log
// of the whole walk: no password, token, Argon2 hash or query string.
import { Writable } from 'node:stream';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { institutionStatus } from '@recuse/common';
import type { TestApp } from '../../test/build-test-app.ts';
import { buildTestApp } from '../../test/build-test-app.ts';
import type { Actor, CallRequest, Fixtures, Row } from '../../test/call-table.ts';
import {
  adminOnlyMark,
  callTableEnv,
  prepareCallTable,
  privateMark,
  rows,
  sendCall,
  sessionFor,
  unknownId,
  userOf,
} from '../../test/call-table.ts';
import type { Tokens } from '../../test/factories.ts';
import { users } from '../db/schema.ts';
import {
  bearer,
  buildInstitution,
  buildNotification,
  buildRelation,
  buildUser,
  defaultPassword,
} from '../../test/factories.ts';

/** Who walks: a guest, a signed-in user owning nothing involved, an administrator who chairs. */
const walkers = [
  ['guest', 'guest'],
  ['user', 'other'],
  ['admin', 'admin'],
] as const satisfies ReadonlyArray<readonly [string, Actor]>;
type Walker = (typeof walkers)[number];

/** The audit that prompted this walk tried this many hostile requests. */
const auditRequests = 3_494;

const longText = 'x'.repeat(100_000);
/** Strings no field expects: each is sent alone in one field. */
const hostileStrings = [
  '',
  longText,
  '99999999999999999999999999999',
  '-1',
  '1.5',
  'NaN',
  'Infinity',
  "' OR '1'='1' --",
  "1' UNION SELECT password_hash FROM users; DROP TABLE users; --",
  '<script>alert(1)</script><img src=x onerror=alert(1)>',
  '../../../../etc/passwd',
  'a\r\nSet-Cookie: hostile=1\r\nX-Injected: 1',
  '%s%s%s%n%x{{7*7}}${7*7}',
  'abc\u202Edcba\u202C',
  'zero\u200Bwidth\u200D\uFEFF',
  'e\u0301\u0301\u0301\u0301',
  '👩‍👩‍👧‍👦🏳️‍🌈',
  'A\u030Angstro\u0308m',
  '__proto__',
];
/** Values of other JSON types, for JSON bodies (and, as text, for forms and queries). */
const hostileValues: unknown[] = [
  1e308,
  -1,
  2 ** 53 + 2,
  true,
  null,
  [],
  ['a', 'b'],
  { nested: { deeper: [1] } },
];

let t: TestApp;
let f: Fixtures;
const logLines: string[] = [];
/** Ids of someone else's things (a victim's and the fixtures' owner's), and none at all. */
let foreignIds: { everyone: number[]; forAdministrators: number[] };
/** Secrets sent on the walk (sessions, mailed links): none may reach the log. */
const secretsSent = new Set<string>([defaultPassword]);
/** Query strings sent: none may reach the log. */
const queriesSent = new Set<string>();

const tally = { requests: 0, serverErrors: [] as string[], leaks: [] as string[] };

/** The document's calls, as `METHOD /path/{param}`. */
let documented: string[];

beforeAll(async () => {
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(chunk.toString());
      done();
    },
  });
  t = await buildTestApp({ ...callTableEnv('HOSTILE-WALK'), LOG_LEVEL: 'info' }, { logStream });
  f = await prepareCallTable(t);
  // The administrator also chairs a conference (the owner's), as chairs are named.
  const named = await sendCall(t, {
    method: 'POST',
    url: `/v1/web/conference/data/chair/add/${f.conferences.owned}`,
    session: await sessionFor(f.people.owner),
    fields: { email: f.people.admin.email! },
  });
  if (named.statusCode !== 200) throw new Error(`chair: ${named.body}`);

  // A victim whose things the walk names by id: they carry the private marker too.
  const victim = await buildUser(t.db, {
    firstName: 'Vic',
    lastName: 'Tim',
    email: `${privateMark}-victim@example.org`,
  });
  const victimRelation = await buildRelation(t.db, {
    creator: victim,
    parties: [{ user: f.people.party, status: 1 }],
    title: `${privateMark} victim's paper`,
    overrides: { notes: `${privateMark} victim's notes` },
  });
  const victimInstitution = await buildInstitution(t.db, {
    name: `${privateMark} Victim's Institute`,
    status: institutionStatus.awaitingApproval,
    createdByUserId: victim.id,
  });
  const victimNotification = await buildNotification(t.db, victim.id, {
    message: `${privateMark}: a notice for the victim`,
  });
  const forAdministrators = [
    victim.id,
    victimRelation.relation.id,
    victimInstitution.id,
    victimNotification.id,
    unknownId,
  ];
  // Never the id of a fixture's person: an administrator granting, revoking or deleting the
  // account that happens to have a relation's id would change who walks.
  const people = new Set(Object.values(f.people).map((person) => person.id));
  const notPeople = (ids: number[]) => ids.filter((id) => !people.has(id));
  foreignIds = {
    forAdministrators: notPeople(forAdministrators),
    everyone: notPeople([...forAdministrators, f.relations.confirmed, f.conferences.chairs]),
  };

  const document = (await t.app.inject({ url: '/docs/json' })).json<{
    paths: Record<string, Record<string, unknown>>;
  }>();
  documented = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.keys(methods)
      .filter((method) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map((method) => `${method.toUpperCase()} ${path}`),
  );
}, 120_000);

afterAll(async () => {
  console.log(
    `hostile-input walk (${t.engine}): ${tally.requests} requests, ` +
      `${tally.serverErrors.length} server errors, ${tally.leaks.length} leaks`,
  );
  await t.close();
});

// ---------------------------------------------------------------------------------------------
// Spoiling a request

type Value = unknown;
interface Mutant {
  label: string;
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  payload?: string;
  /** The hostile strings it carries, which an answer may echo. */
  sent: string[];
}

const boundary = 'HostileWalkBoundary';

/** A value as the text a form, a query or a path carries (undefined: the field is left out). */
function asTexts(value: Value): string[] | undefined {
  if (value === null || value === undefined) return undefined;
  if (Array.isArray(value)) return value.flatMap((item) => asTexts(item) ?? []);
  if (typeof value === 'object') return [JSON.stringify(value)];
  return [String(value)];
}

function encodeBody(fields: Record<string, Value>, encoding: string) {
  if (encoding === 'json') {
    return { payload: JSON.stringify(fields), contentType: 'application/json' };
  }
  const entries = Object.entries(fields).flatMap(([key, value]) =>
    (asTexts(value) ?? []).map((text) => [key, text] as const),
  );
  if (encoding === 'form') {
    const body = new URLSearchParams();
    for (const [key, text] of entries) body.append(key, text);
    return { payload: body.toString(), contentType: 'application/x-www-form-urlencoded' };
  }
  const parts = entries.map(
    ([key, text]) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${text}\r\n`,
  );
  return {
    payload: `${parts.join('')}--${boundary}--\r\n`,
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

const sessionHeaders = (session: Tokens | null) => (session ? bearer(session) : {});

/** The request as data again, with the path split into the template's values. */
function mutantOf(
  base: CallRequest,
  label: string,
  change: {
    url?: string;
    fields?: Record<string, Value>;
    raw?: { payload: string; contentType: string };
  },
  sent: string[] = [],
): Mutant {
  const url = change.url ?? base.url;
  const headers: Record<string, string> = sessionHeaders(base.session);
  if (base.method === 'GET') return { label, method: 'GET', url, headers, sent };
  const { payload, contentType } =
    change.raw ?? encodeBody(change.fields ?? base.fields ?? {}, base.encoding ?? 'form');
  return {
    label,
    method: 'POST',
    url,
    headers: { ...headers, 'content-type': contentType },
    payload,
    sent,
  };
}

/** The catalogue for one field: [label, value] pairs, ids of others added for id-like fields. */
function catalogue(base: Value, forAdministrator: boolean, json: boolean): Array<[string, Value]> {
  const strings = hostileStrings.map((text): [string, Value] => [
    text.length > 40 ? `${text.length} characters` : JSON.stringify(text),
    text,
  ]);
  const others = hostileValues.map((value): [string, Value] => [
    JSON.stringify(value) ?? String(value),
    value,
  ]);
  const looksLikeId = typeof base === 'number' || /^-?\d+$/.test(String(base));
  const ids = looksLikeId
    ? (forAdministrator ? foreignIds.forAdministrators : foreignIds.everyone).map(
        (id): [string, Value] => [`someone else's id ${id}`, json ? id : String(id)],
      )
    : [];
  const all = [...strings, ...others, ...ids];
  if (json) return all;
  // Forms, queries and paths carry text: one of each text (null leaves the field out).
  const seen = new Set<string>();
  return all.filter(([, value]) => {
    const key = JSON.stringify(asTexts(value) ?? null);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

const textsOf = (value: Value) => (asTexts(value) ?? []).filter((text) => text.length > 0);

interface Spoiler {
  label: string;
  /** The spoiled request, made from a base request of the same row. */
  make(base: CallRequest): Mutant;
}

/** Every spoiling of a row's request: one field at a time, then the whole request. */
function spoilersOf(first: CallRequest, template: string, forAdministrator: boolean): Spoiler[] {
  const spoilers: Spoiler[] = [
    { label: 'the valid request', make: (base) => mutantOf(base, 'the valid request', {}) },
  ];
  const add = (label: string, make: (base: CallRequest) => Mutant) =>
    spoilers.push({ label, make });
  const split = (base: CallRequest) => {
    const [pathname, search = ''] = base.url.split('?') as [string, string?];
    return { pathname, search, query: new URLSearchParams(search) };
  };
  const { pathname: firstPath, query: firstQuery } = split(first);

  // Path values.
  const firstParts = firstPath.split('/');
  for (const [index, part] of template.split('/').entries()) {
    if (!part.startsWith('{')) continue;
    for (const [label, value] of catalogue(firstParts[index], forAdministrator, false)) {
      const texts = asTexts(value);
      if (!texts || texts.length !== 1) continue;
      add(`path ${part} = ${label}`, (base) => {
        const { pathname, search } = split(base);
        const parts = pathname.split('/');
        parts[index] = encodeURIComponent(texts[0]!);
        const url = `${parts.join('/')}${search ? `?${search}` : ''}`;
        return mutantOf(base, `path ${part} = ${label}`, { url }, texts);
      });
    }
  }

  // Query values (a list of values is the field repeated).
  for (const key of new Set(firstQuery.keys())) {
    for (const [label, value] of catalogue(firstQuery.get(key), forAdministrator, false)) {
      add(`query ${key} = ${label}`, (base) => {
        const { pathname, query } = split(base);
        query.delete(key);
        for (const text of asTexts(value) ?? []) query.append(key, text);
        return mutantOf(
          base,
          `query ${key} = ${label}`,
          { url: `${pathname}?${query.toString()}` },
          textsOf(value),
        );
      });
    }
  }
  if (first.method === 'GET') {
    add('query with extra and prototype keys', (base) => {
      const { pathname, query } = split(base);
      query.append('__proto__[role]', 'admin');
      query.append('constructor[prototype][role]', 'admin');
      query.append('hostileExtra', '1');
      return mutantOf(base, 'query with extra and prototype keys', {
        url: `${pathname}?${query.toString()}`,
      });
    });
    add('query with every field twice', (base) => {
      const { pathname, query } = split(base);
      const doubled = new URLSearchParams([...query, ...query]);
      return mutantOf(base, 'query with every field twice', {
        url: `${pathname}?${doubled.toString()}`,
      });
    });
    return spoilers;
  }

  // Body fields.
  const fieldsOf = (base: CallRequest) => (base.fields ?? {}) as Record<string, Value>;
  const json = first.encoding === 'json';
  for (const [key, firstValue] of Object.entries(fieldsOf(first))) {
    for (const [label, value] of catalogue(firstValue, forAdministrator, json)) {
      add(`body ${key} = ${label}`, (base) =>
        mutantOf(
          base,
          `body ${key} = ${label}`,
          { fields: { ...fieldsOf(base), [key]: value } },
          textsOf(value),
        ),
      );
    }
    add(`body without ${key}`, (base) => {
      const { [key]: _left, ...without } = fieldsOf(base);
      return mutantOf(base, `body without ${key}`, { fields: without });
    });
  }

  // The body as a whole.
  const wholeBodies: Array<
    [string, (fields: Record<string, Value>, encoded: string) => [string, string]]
  > = [
    [
      'an extra field',
      (fields) => [
        'application/json',
        JSON.stringify(fields).replace(/^\{/, '{"hostileExtra":"1",'),
      ],
    ],
    [
      'prototype keys',
      (fields) => [
        'application/json',
        JSON.stringify(fields).replace(
          /^\{/,
          '{"__proto__":{"role":"admin","isAdmin":true},"constructor":{"prototype":{"role":"admin"}},',
        ),
      ],
    ],
    [
      'a duplicate field',
      (fields) => {
        const asJson = JSON.stringify(fields);
        const firstKey = Object.keys(fields)[0] ?? 'field';
        return [
          'application/json',
          `${asJson.slice(0, -1)}${asJson.length > 2 ? ',' : ''}"${firstKey}":{"$ne":null}}`,
        ];
      },
    ],
    [
      'prototype keys in a form',
      (fields) => [
        'application/x-www-form-urlencoded',
        `__proto__[role]=admin&constructor[prototype][role]=admin&__proto__=x&${encodeBody(fields, 'form').payload}`,
      ],
    ],
    [
      'every field twice in a form',
      (fields) => {
        const asForm = encodeBody(fields, 'form').payload;
        return ['application/x-www-form-urlencoded', `${asForm}&${asForm}`];
      },
    ],
    ['malformed JSON', (fields) => ['application/json', JSON.stringify(fields).slice(0, -1)]],
    ['JSON null', () => ['application/json', 'null']],
    ['a JSON array', (fields) => ['application/json', `[${JSON.stringify(fields)}]`]],
    ['a JSON string', () => ['application/json', '"hostile"']],
    ['nothing, as JSON', () => ['application/json', '']],
    ['a form sent as JSON', (fields) => ['application/json', encodeBody(fields, 'form').payload]],
    [
      'JSON sent as a form',
      (fields) => ['application/x-www-form-urlencoded', JSON.stringify(fields)],
    ],
    ['plain text', (_fields, encoded) => ['text/plain', encoded]],
    [
      'XML',
      () => ['application/xml', '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x "y">]><a>&x;</a>'],
    ],
    ['multipart without a boundary', (_fields, encoded) => ['multipart/form-data', encoded]],
    [
      'multipart cut short',
      (fields) => [
        `multipart/form-data; boundary=${boundary}`,
        `--${boundary}\r\nContent-Disposition: form-data; name="${Object.keys(fields)[0] ?? 'field'}"\r\n\r\nabc`,
      ],
    ],
    [
      'a file where a field goes',
      (fields) => [
        `multipart/form-data; boundary=${boundary}`,
        `--${boundary}\r\nContent-Disposition: form-data; name="${Object.keys(fields)[0] ?? 'field'}"; filename="../../x.sh"\r\n` +
          `Content-Type: application/octet-stream\r\n\r\n#!/bin/sh\r\n--${boundary}--\r\n`,
      ],
    ],
    [
      'a content type with CRLF',
      (fields) => ['application/json; charset=utf-8\r\nX-Injected: 1', JSON.stringify(fields)],
    ],
    [
      'an unknown charset',
      (fields) => ['application/json; charset=hostile-8', JSON.stringify(fields)],
    ],
  ];
  for (const [label, body] of wholeBodies) {
    add(`body: ${label}`, (base) => {
      const fields = fieldsOf(base);
      const [contentType, payload] = body(
        fields,
        encodeBody(fields, base.encoding ?? 'form').payload,
      );
      return mutantOf(base, `body: ${label}`, { raw: { payload, contentType } });
    });
  }
  return spoilers;
}

// ---------------------------------------------------------------------------------------------
// Checking answers

/** Text that shows the server's insides. */
const insides: Array<[string, RegExp]> = [
  ['a stack trace', /\n\s+at [\w$.<>[\] ]+[( ]|\bat [\w$.]+ \((?:file|node):/],
  ['SQL', /\bselect\s+[\w"*.,\s()]+\s+from\s+"?\w|\binsert\s+into\s+"|\bupdate\s+"\w+"\s+set\b/i],
  ['SQL', /syntax error at|violates|duplicate key value|failed query|\bparams:|drizzle/i],
  ['an internal path', /node_modules|\/server\/src\/|\/work\/|file:\/\/\/|node:internal|\.ts:\d+/],
];

/** The hostile strings of the whole catalogue, as an answer may echo them (stored, or quoted). */
const echoes = [...hostileStrings]
  .filter((text) => text.length > 3)
  .sort((a, b) => b.length - a.length)
  .flatMap((text) => [text, JSON.stringify(text).slice(1, -1)]);

/**
 * The answer without the JSON strings that are pieces of what was sent: a call that splits a
 * pasted line (the committee check reads a name out of `1' UNION SELECT …; DROP …`) echoes a
 * part of it, which is the caller's own text, not the server's insides.
 */
function withoutEchoedPieces(body: string, sent: readonly string[]): string {
  return body.replace(/"((?:[^"\\]|\\.)*)"/g, (whole, raw: string) => {
    let text: string;
    try {
      text = (JSON.parse(`"${raw}"`) as string).trim();
    } catch {
      return whole;
    }
    return text.length > 3 && sent.some((value) => value.includes(text)) ? '""' : whole;
  });
}

function problemsOf(
  response: LightMyRequestResponse,
  hidden: string[],
  mutant: Mutant,
): { serverError?: string; leaks: string[] } {
  const leaks: string[] = [];
  let body = response.body;
  for (const echo of [...mutant.sent, ...echoes]) {
    if (echo.length > 3 && body.includes(echo)) body = body.split(echo).join('');
  }
  body = withoutEchoedPieces(body, [...mutant.sent, ...hostileStrings]);
  for (const [what, pattern] of insides) {
    const match = pattern.exec(body);
    if (match)
      leaks.push(`${what}: …${body.slice(Math.max(0, match.index - 60), match.index + 80)}…`);
  }
  const lower = body.toLowerCase();
  const shown = hidden.filter((secret) => lower.includes(secret.toLowerCase()));
  if (shown.length > 0) leaks.push(`private data: ${shown.join(', ')}`);
  const serverError =
    response.statusCode >= 500
      ? `${response.statusCode}: ${response.body.slice(0, 200)}`
      : undefined;
  return { serverError, leaks };
}

// ---------------------------------------------------------------------------------------------
// The walk

const rowsOf = (call: string) => rows.filter((spec) => spec.call === call);

/** The row whose request this walker makes successfully, if any; else the call's first. */
const rowFor = (call: string, actor: Actor) => {
  const candidates = rowsOf(call);
  return candidates.find((spec) => spec.expect[actor] === 'ok') ?? candidates[0]!;
};

/**
 * Whether this walker's values reach the call's own checks, so each field gets the whole
 * catalogue. A guest on a call that needs a sign-in, and a user on an administrators' call, are
 * refused before the body is read (authenticate.ts: onRequest hooks); and a call open to
 * everyone reads its fields alike whoever signs in, so the guest tries them. The others get the
 * valid request and the spoiled whole bodies and queries.
 */
function readsFields(spec: Row<unknown>, actor: Actor) {
  const answers = rowsOf(spec.call).map((candidate) => candidate.expect);
  const openToAll = answers.every((expect) => expect.guest !== 401);
  if (openToAll) return actor === 'guest';
  const expected = spec.expect[actor];
  return expected !== 401 && expected !== 403;
}

interface Base {
  request: CallRequest;
  world: unknown;
}

async function baseRequest(spec: Row<unknown>, actor: Actor): Promise<Base> {
  const world = spec.build ? await spec.build(actor) : undefined;
  const user = userOf(actor);
  const session = user ? await sessionFor(user) : null;
  const request = await spec.request({ actor, user, session, world });
  noteSecrets(request, world);
  return { request, world };
}

function noteSecrets(request: CallRequest, world: unknown) {
  for (const session of [request.session, world as Tokens | null]) {
    if (session && typeof session === 'object' && 'access_token' in session) {
      secretsSent.add(session.access_token);
      secretsSent.add(session.refresh_token);
    }
  }
  if (typeof world === 'string' && world.length >= 16) secretsSent.add(world);
  if (world && typeof world === 'object') {
    for (const key of ['token', 'state'] as const) {
      const value = (world as Record<string, unknown>)[key];
      if (typeof value === 'string') secretsSent.add(value);
    }
  }
}

async function walk(call: string, [walker, actor]: Walker): Promise<string[]> {
  const spec = rowFor(call, actor);
  const template = call.split(' ')[1]!;
  const isAdministrator = actor === 'admin';
  // Administrators see everything on their own calls and where the table says they see the
  // owner's data (docs/security.md, "Threat model").
  const adminSees = rowsOf(call).some(
    (candidate) =>
      candidate.adminSees || (candidate.expect.other === 403 && candidate.expect.admin === 'ok'),
  );
  const problems: string[] = [];
  let base = await baseRequest(spec, actor);
  const spoilers = spoilersOf(base.request, template, isAdministrator).filter(
    (spoiler) => readsFields(spec, actor) || !/ = |^body without /.test(spoiler.label),
  );
  for (const [index, spoiler] of spoilers.entries()) {
    const mutant = spoiler.make(base.request);
    const hidden =
      isAdministrator && adminSees
        ? []
        : [
            privateMark,
            ...(isAdministrator ? [] : [adminOnlyMark]),
            ...((base.world as { secrets?: string[] } | undefined)?.secrets ?? []),
          ];
    const response = await t.app.inject({
      method: mutant.method,
      url: mutant.url,
      headers: mutant.headers,
      ...(mutant.payload !== undefined ? { payload: mutant.payload } : {}),
    });
    tally.requests += 1;
    if (mutant.url.includes('?')) queriesSent.add(mutant.url.slice(mutant.url.indexOf('?') + 1));
    const { serverError, leaks } = problemsOf(response, hidden, mutant);
    const label = `${call} as ${walker}, ${mutant.label}`;
    if (serverError) {
      tally.serverErrors.push(`${label}: ${serverError}`);
      problems.push(`${label}: ${serverError}`);
    }
    for (const leak of leaks) {
      tally.leaks.push(`${label}: ${leak}`);
      problems.push(`${label} (${response.statusCode}): ${leak}`);
    }
    // A call that did what it was asked leaves the next one a fresh world to work on.
    if (response.statusCode < 400 && !spec.readOnly && spec.build && index < spoilers.length - 1) {
      await spec.cleanUp?.(base.world);
      base = await baseRequest(spec, actor);
    }
  }
  await spec.cleanUp?.(base.world);
  await restorePeople();
  return problems;
}

/**
 * The fixtures' people as they were: sign-ins with spoiled passwords lock an account, as they
 * should (docs/security.md section 5), and a role may have changed hands.
 */
async function restorePeople() {
  const ids = Object.values(f.people).map((person) => person.id);
  await t.db
    .update(users)
    .set({ role: 'user', failedLoginCount: 0, lockedUntil: null })
    .where(and(inArray(users.id, ids), ne(users.id, f.people.admin.id)));
  await t.db
    .update(users)
    .set({ role: 'admin', failedLoginCount: 0, lockedUntil: null })
    .where(eq(users.id, f.people.admin.id));
}

describe('the hostile-input walk', () => {
  it('has a valid request for every call of the OpenAPI document', () => {
    expect(documented.filter((call) => rowsOf(call).length === 0)).toEqual([]);
  });

  // One test per call of the table (the document's calls, checked above).
  for (const call of [...new Set(rows.map((spec) => spec.call))]) {
    it(call, { timeout: 180_000 }, async () => {
      const problems: string[] = [];
      for (const walker of walkers) problems.push(...(await walk(call, walker)));
      expect(problems).toEqual([]);
    });
  }

  it('tried at least as many requests as the audit, with no server error and no leak', () => {
    expect(tally.requests).toBeGreaterThanOrEqual(auditRequests);
    expect({ serverErrors: tally.serverErrors, leaks: tally.leaks }).toEqual({
      serverErrors: [],
      leaks: [],
    });
  });

  it('left no password, token, Argon2 hash or query string in the log', () => {
    const log = logLines.join('');
    expect(log).toContain('"statusCode"');
    const secrets = [...secretsSent].filter((secret) => log.includes(secret));
    expect(secrets).toEqual([]);
    expect(log).not.toContain('$argon2');
    const queries = [...queriesSent].filter((query) => query && log.includes(query));
    expect(queries).toEqual([]);
    const urls = logLines.flatMap((line) => {
      const url = (JSON.parse(line) as { req?: { url?: string } }).req?.url;
      return url?.includes('?') ? [url] : [];
    });
    expect(urls).toEqual([]);
  });
});
