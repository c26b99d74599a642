// The chair's workspace in API tests: the people, relations and institutions the HotCRP
// fixtures (fixtures/hotcrp/*.csv) name, a conference with DEFAULT's rules whose chair is
// signed in, and the upload calls in each way a client may send a file.
import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import type { LightMyRequestResponse } from 'fastify';
import type { ConferenceReply, MatrixReply } from '@recuse/common';
import type { User } from '../src/db/schema.ts';
import { insertDefaultRules } from '../src/modules/conferences/conferences.repo.ts';
import type { TestApp } from './build-test-app.ts';
import type { Tokens } from './factories.ts';
import {
  bearer,
  buildAffiliation,
  buildInstitution,
  buildRelation,
  buildUser,
  signIn,
} from './factories.ts';
import { get, post } from './relation-requests.ts';

export const hotcrpFixture = (name: string) =>
  readFileSync(new URL(`./fixtures/hotcrp/${name}`, import.meta.url), 'utf8');

export interface ChairWorld {
  confid: number;
  chair: Tokens;
  people: Record<
    | 'ada'
    | 'alan'
    | 'barbara'
    | 'donald'
    | 'smith'
    | 'smithFromDblp'
    | 'grace'
    | 'edsger'
    | 'pat'
    | 'katherine',
    User
  >;
  institutions: { conflicts: number; examples: number };
  relations: { adaGrace: number; alanEdsger: number; adaKatherine: number; adaEdsgerOld: number };
}

let worlds = 0;

/**
 * The people of the fixtures and what ties them, under a conference dated 2026-11-15 (so a
 * 4-year window reaches back to November 2022):
 * - Ada co-authored with Grace in 2025 (validated), with Katherine in 2024 (Katherine has not
 *   answered: pending) and with Edsger in 2010 (out of every window);
 * - Alan was Edsger's Ph.D. advisor (validated, always counts); the committee file names Alan
 *   by his confirmed secondary address;
 * - Barbara is at the Institute of Conflicts (alias IoC, domain ioc.example.edu) since 2015;
 * - Donald's committee address is only his pending new address: his DBLP pid identifies him;
 * - two people are called John Smith; Pat's file address is only his pending new one.
 */
export async function buildChairWorld(t: TestApp): Promise<ChairWorld> {
  worlds += 1;
  const chairUser = await buildUser(t.db, { firstName: 'Carla', lastName: 'Chair' });
  const chair = await signIn(t.app, chairUser.email!);
  const created = await post(
    t,
    '/v1/web/conference/data/save',
    chair,
    { name: `WS-2026-${worlds}`, label: 'Workspace 2026', reference_date: '2026-11-15' },
    'json',
  );
  const confid = created.json<ConferenceReply>().conference.confid;
  await insertDefaultRules(t.db, confid);

  const conflicts = await buildInstitution(t.db, {
    name: 'Institute of Conflicts',
    aliases: ['IoC'],
    emailDomains: ['ioc.example.edu'],
  });
  const examples = await buildInstitution(t.db, { name: 'University of Examples' });
  const person = (firstName: string, lastName: string, extra: Parameters<typeof buildUser>[1]) =>
    buildUser(t.db, { firstName, lastName, ...extra });
  const people = {
    ada: await person('Ada', 'Lovelace', { email: 'ada@pc.example.org' }),
    alan: await person('Alan', 'Turing', {
      email: 'alan@pc.example.org',
      secondaryEmail: 'alan.turing@old.example.org',
    }),
    barbara: await person('Barbara', 'Liskov', { email: 'barbara@pc.example.org' }),
    donald: await person('Donald', 'Knuth', {
      email: 'don@cs.example.edu',
      pendingEmail: 'donald@pc.example.org',
      dblpPid: 'k/DonaldEKnuth',
    }),
    smith: await person('John', 'Smith', { email: 'john.smith1@example.org' }),
    smithFromDblp: await person('john', 'SMITH', {
      kind: 'dblp_only',
      email: null,
      passwordHash: null,
      dblpPid: 's/JohnSmith7',
      dblpName: 'John Smith 0007',
    }),
    grace: await person('Grace', 'Hopper', { email: 'grace@uni.example.edu' }),
    edsger: await person('Edsger', 'Dijkstra', { email: 'edsger@uni.example.edu' }),
    pat: await person('Pat', 'Pending', {
      email: 'pat@old.example.org',
      pendingEmail: 'pat@new.example.org',
    }),
    katherine: await person('Katherine', 'Johnson', { email: 'katherine@nasa.example.gov' }),
  };
  await buildAffiliation(t.db, people.barbara.id, {
    institutionId: conflicts.id,
    startDate: '2015-09-01',
  });
  await buildAffiliation(t.db, people.grace.id, { institutionId: examples.id });

  const validated = 1;
  const pending = 3;
  const coauthored = (creator: User, party: User, year: number, status: number, title: string) =>
    buildRelation(t.db, {
      type: 3,
      creator,
      parties: [{ user: party, status }],
      title,
      end: { year },
    });
  const adaGrace = await coauthored(people.ada, people.grace, 2025, validated, 'Engines Now');
  const adaKatherine = await coauthored(
    people.ada,
    people.katherine,
    2024,
    pending,
    'Orbits Computed',
  );
  const adaEdsgerOld = await coauthored(people.ada, people.edsger, 2010, validated, 'Old Notes');
  const alanEdsger = await buildRelation(t.db, {
    type: 1,
    creator: people.alan,
    parties: [{ user: people.edsger, status: validated }],
    start: { year: 1990, month: 9 },
    end: { year: 1995, month: 6 },
  });
  return {
    confid,
    chair,
    people,
    institutions: { conflicts: conflicts.id, examples: examples.id },
    relations: {
      adaGrace: adaGrace.relation.id,
      alanEdsger: alanEdsger.relation.id,
      adaKatherine: adaKatherine.relation.id,
      adaEdsgerOld: adaEdsgerOld.relation.id,
    },
  };
}

/**
 * The same world with the fixtures' committee (committee.csv) and submissions (authors.csv)
 * uploaded by its chair, as most workspace tests start.
 */
export async function buildUploadedChairWorld(t: TestApp): Promise<ChairWorld> {
  const world = await buildChairWorld(t);
  for (const [kind, file] of [
    ['committee', 'committee.csv'],
    ['submissions', 'authors.csv'],
  ] as const) {
    const url = `/v1/web/conference/${world.confid}/${kind}`;
    const response = await uploadCsv(t, url, world.chair, hotcrpFixture(file));
    if (response.statusCode !== 200) throw new Error(`${file}: ${response.body}`);
  }
  return world;
}

/** The chair's matrix of the world's conference, as GET …/matrix answers it. */
export async function fetchMatrix(t: TestApp, world: ChairWorld): Promise<MatrixReply> {
  const response = await get(t, `/v1/web/conference/${world.confid}/matrix`, world.chair);
  if (response.statusCode !== 200) throw new Error(`GET matrix: ${response.body}`);
  return response.json<MatrixReply>();
}

const boundary = 'RecuseCsvBoundary';

/** Sends a CSV file the way a client may: the body as text/csv, or a multipart file part. */
export function uploadCsv(
  t: TestApp,
  url: string,
  session: Tokens | null,
  csv: string,
  as: 'text/csv' | 'multipart' = 'text/csv',
): Promise<LightMyRequestResponse> {
  const headers = session ? bearer(session) : {};
  if (as === 'text/csv') {
    return t.app.inject({
      method: 'POST',
      url,
      payload: csv,
      headers: { ...headers, 'content-type': 'text/csv; charset=utf-8' },
    });
  }
  const payload =
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="upload.csv"\r\n` +
    `Content-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`;
  return t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

/** A CSV file the server wrote, as records (the header first). */
export function parseCsvFile(body: string): string[][] {
  return parse(body, { relax_column_count: true }) as string[][];
}

/**
 * The lines HotCRP's bulk assignment file must carry for a matrix, worked out from the matrix
 * call's answer alone: each applying decision pinned, then each conflict with a type that no
 * decision covers (provisional ones only when asked for), by paper and committee line.
 */
export function assignmentsOfMatrix(matrix: MatrixReply, includeProvisional: boolean): string[][] {
  const lineOf = new Map(matrix.members.map((member) => [member.email, member.line]));
  const rows: Array<{ paper: number; email: string; record: string[] }> = [];
  const decided = new Set<string>();
  for (const decision of matrix.decisions.filter((decision) => decision.applies)) {
    decided.add(`${decision.paper} ${decision.member_email}`);
    const computed = matrix.conflicts.find(
      (c) => c.paper === decision.paper && c.member_email === decision.member_email,
    );
    const type = decision.conflict ?? computed?.hotcrp_conflict ?? 'other';
    rows.push({
      paper: decision.paper,
      email: decision.member_email,
      record:
        decision.decision === 'confirmed'
          ? [String(decision.paper), 'conflict', decision.member_email, `${type} pin`]
          : [String(decision.paper), 'clearconflict', decision.member_email, ''],
    });
  }
  for (const conflict of matrix.conflicts) {
    if (!conflict.hotcrp_conflict || decided.has(`${conflict.paper} ${conflict.member_email}`)) {
      continue;
    }
    if (conflict.is_provisional && !includeProvisional) continue;
    rows.push({
      paper: conflict.paper,
      email: conflict.member_email,
      record: [String(conflict.paper), 'conflict', conflict.member_email, conflict.hotcrp_conflict],
    });
  }
  rows.sort((a, b) => a.paper - b.paper || (lineOf.get(a.email) ?? 0) - (lineOf.get(b.email) ?? 0));
  return [['paper', 'action', 'email', 'conflict'], ...rows.map((row) => row.record)];
}
