// A chair uploads HotCRP's PC info and authors CSV files (fixtures/hotcrp/): every row comes
// back with who it is among our people (e-mail, confirmed secondary address, DBLP pid; never
// a pending address, never a name alone) and where its affiliation or e-mail domain places it;
// the files' variants (byte order mark, old headers, semicolons, quoted line breaks) read the
// same; bad files are refused with the line or column named; only chairs and administrators
// may upload, and an upload replaces the set.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { CommitteeReply, CommitteeRow, SubmissionsReply } from '@recuse/common';
import { chairWorkspaceMessages } from '@recuse/common';
import type { TestApp } from '../../../test/build-test-app.ts';
import { buildTestApp } from '../../../test/build-test-app.ts';
import type { ChairWorld } from '../../../test/chair-workspace.ts';
import { buildChairWorld, hotcrpFixture, uploadCsv } from '../../../test/chair-workspace.ts';
import { buildUser, signIn } from '../../../test/factories.ts';
import { get, post } from '../../../test/relation-requests.ts';
import { auditLog } from '../../db/schema.ts';
import { conferenceRefusals } from '../conferences/conferences.service.ts';

let t: TestApp;
let w: ChairWorld;
const url = (what: 'committee' | 'submissions', confid: number | string = w.confid) =>
  `/v1/web/conference/${confid}/${what}`;

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildChairWorld(t);
});
afterAll(() => t.close());

const byEmail = (rows: readonly CommitteeRow[], email: string) =>
  rows.find((row) => row.email === email)!;

describe('the committee (HotCRP PC info CSV)', () => {
  it('ties each member to our people by address, secondary address or DBLP pid, and lists namesakes', async () => {
    const response = await uploadCsv(t, url('committee'), w.chair, hotcrpFixture('committee.csv'));
    expect(response.statusCode).toBe(200);
    const answer = response.json<CommitteeReply>();
    expect(answer.message).toBe('UPLOADED');
    expect(answer.counts).toEqual({ rows: 6, matched: 4, unmatched: 1, ambiguous: 1 });
    const summary = answer.rows.map((row) => [
      row.line,
      row.email,
      row.status,
      row.matched_by,
      row.user?.id ?? null,
    ]);
    expect(summary).toEqual([
      [2, 'ada@pc.example.org', 'matched', 'email', w.people.ada.id],
      [3, 'alan.turing@old.example.org', 'matched', 'email', w.people.alan.id],
      [4, 'barbara@pc.example.org', 'matched', 'email', w.people.barbara.id],
      // Only his pending new address is donald@pc.example.org: the DBLP pid finds him.
      [5, 'donald@pc.example.org', 'matched', 'dblp', w.people.donald.id],
      // A quoted cell over two lines (collaborators) puts the next member on line 7.
      [7, 'frances@pc.example.org', 'unmatched', null, null],
      [8, 'john.smith@pc.example.org', 'ambiguous', null, null],
    ]);
    const ada = byEmail(answer.rows, 'ada@pc.example.org');
    expect(ada).toMatchObject({
      given_name: 'Ada',
      family_name: 'Lovelace',
      affiliation: 'Analytical Society',
      orcid: '0000-0002-1825-0097',
      user: { id: w.people.ada.id, name: 'Ada Lovelace' },
    });
    expect(byEmail(answer.rows, 'donald@pc.example.org').dblp).toBe('k/DonaldEKnuth');
    expect(byEmail(answer.rows, 'barbara@pc.example.org').institutions).toEqual([
      {
        id: w.institutions.conflicts,
        name: 'Institute of Conflicts',
        matched_by: 'name',
        is_approved: true,
      },
    ]);
    expect(answer.needs_decision.map((row) => row.email)).toEqual(['john.smith@pc.example.org']);
    expect(answer.needs_decision[0]!.candidates.map((candidate) => candidate.id).sort()).toEqual(
      [w.people.smith.id, w.people.smithFromDblp.id].sort(),
    );
  });

  it('reads the byte-order-marked file with the older first,last headers the same way', async () => {
    const response = await uploadCsv(
      t,
      url('committee'),
      w.chair,
      hotcrpFixture('committee-bom.csv'),
    );
    expect(response.statusCode).toBe(200);
    const answer = response.json<CommitteeReply>();
    // No DBLP column here: Donald's only address in the file is pending, so he is a namesake.
    expect(answer.counts).toEqual({ rows: 6, matched: 3, unmatched: 1, ambiguous: 2 });
    expect(answer.rows[0]).toMatchObject({ line: 2, given_name: 'Ada', family_name: 'Lovelace' });
    expect(byEmail(answer.rows, 'donald@pc.example.org')).toMatchObject({
      status: 'ambiguous',
      user: null,
      candidates: [{ id: w.people.donald.id }],
    });
  });

  it('reads a semicolon-separated file sent as a multipart file', async () => {
    const response = await uploadCsv(
      t,
      url('committee'),
      w.chair,
      hotcrpFixture('committee-semicolon.csv'),
      'multipart',
    );
    expect(response.statusCode).toBe(200);
    const answer = response.json<CommitteeReply>();
    expect(answer.counts.rows).toBe(6);
    expect(byEmail(answer.rows, 'ada@pc.example.org').affiliation).toBe(
      'Analytical Society; London',
    );
  });

  it('replaces the committee on every upload, and reads it back', async () => {
    await uploadCsv(t, url('committee'), w.chair, hotcrpFixture('committee.csv'));
    const smaller = 'given_name,family_name,email\nAda,Lovelace,ADA@pc.example.org\n';
    const replaced = await uploadCsv(t, url('committee'), w.chair, smaller);
    expect(replaced.json<CommitteeReply>().counts).toEqual({
      rows: 1,
      matched: 1,
      unmatched: 0,
      ambiguous: 0,
    });
    const read = await get(t, url('committee'), w.chair);
    expect(read.statusCode).toBe(200);
    expect(read.json<CommitteeReply>()).toMatchObject({
      message: 'SUCCESS',
      rows: [{ email: 'ada@pc.example.org', status: 'matched' }],
    });
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'conference.committee-upload'), eq(auditLog.entityId, w.confid)),
      );
    expect(audits.at(-1)?.after).toEqual({ members: 1 });
  });

  it.each([
    [
      'a missing required column, named',
      'first,email\nAda,ada@pc.example.org\n',
      [
        chairWorkspaceMessages.missingHeader(
          'family_name',
          'given_name,family_name,email,affiliation',
        ),
      ],
    ],
    ['an empty file', '', [chairWorkspaceMessages.emptyFile]],
    [
      'a quote that is never closed',
      'given_name,family_name,email\nAda,"Lovelace,ada@pc.example.org\n',
      [chairWorkspaceMessages.unreadable(2, 'a quoted cell is never closed (a quote is missing)')],
    ],
    [
      'an address given twice',
      'given_name,family_name,email\nAda,L,ada@pc.example.org\nAda,L,Ada@PC.example.org\n',
      [chairWorkspaceMessages.duplicateEmail(3, 'ada@pc.example.org', 2)],
    ],
    [
      'a member without an address, and one that is not an address',
      'given_name,family_name,email\nAda,L,\nAlan,T,alan(at)example.org\n',
      [
        chairWorkspaceMessages.noEmail(2),
        chairWorkspaceMessages.badEmail(3, 'alan(at)example.org'),
      ],
    ],
  ])('refuses %s with 422 and keeps the committee', async (_case, csv, problems) => {
    const before = (await get(t, url('committee'), w.chair)).json<CommitteeReply>().rows;
    const response = await uploadCsv(t, url('committee'), w.chair, csv);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: 'Please check below fields:',
      errors: { file: problems },
    });
    expect((await get(t, url('committee'), w.chair)).json<CommitteeReply>().rows).toEqual(before);
  });

  it('takes the file as a form or JSON field too, and says how to send one when none came', async () => {
    const csv = 'given_name,family_name,email\nAda,Lovelace,ada@pc.example.org\n';
    for (const encoding of ['form', 'json'] as const) {
      const response = await post(t, url('committee'), w.chair, { file: csv }, encoding);
      expect(response.statusCode).toBe(200);
    }
    const none = await post(t, url('committee'), w.chair, {}, 'json');
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.file).toEqual([chairWorkspaceMessages.noFile]);
  });
});

describe('the submissions (HotCRP authors CSV)', () => {
  it('ties authors to people, never by a pending address or a name alone, and places the unknown ones at institutions', async () => {
    const response = await uploadCsv(t, url('submissions'), w.chair, hotcrpFixture('authors.csv'));
    expect(response.statusCode).toBe(200);
    const answer = response.json<SubmissionsReply>();
    expect(answer.counts).toEqual({
      rows: 11,
      matched: 3,
      unmatched: 6,
      ambiguous: 2,
      submissions: 8,
    });
    expect(answer.submissions.map((paper) => paper.paper)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(answer.submissions[7]!.title).toBe('Quoted\nTitle, with a Comma');
    const row = (paper: number, family: string) =>
      answer.rows.find((author) => author.paper === paper && author.family_name === family)!;
    expect(row(1, 'Hopper')).toMatchObject({ status: 'matched', user: { id: w.people.grace.id } });
    expect(row(2, 'Pending')).toMatchObject({
      status: 'ambiguous',
      user: null,
      candidates: [{ id: w.people.pat.id }],
    });
    expect(row(3, 'Unknown')).toMatchObject({
      status: 'unmatched',
      institutions: [{ id: w.institutions.conflicts, matched_by: 'name' }],
    });
    expect(row(4, 'Nobody')).toMatchObject({
      status: 'unmatched',
      institutions: [{ id: w.institutions.conflicts, matched_by: 'email_domain' }],
    });
    expect(row(6, 'Smith').candidates).toHaveLength(2);
    expect(row(8, 'Contact')).toMatchObject({ line: 13, is_author: false, is_contact: true });
    expect(row(8, 'Co')).toMatchObject({ line: 11, is_author: true, is_contact: true });
    expect(answer.needs_decision.map((author) => [author.paper, author.family_name])).toEqual([
      [2, 'Pending'],
      [6, 'Smith'],
    ]);
  });

  it('refuses a paper number that is not one, naming the line', async () => {
    const csv = 'paper,title,given_name,family_name,email,affiliation\n#12,T,A,B,a@b.org,X\n';
    const response = await uploadCsv(t, url('submissions'), w.chair, csv);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.file).toEqual([chairWorkspaceMessages.badPaper(2, '#12')]);
  });

  it("takes a large venue's authors file, over the 1 MiB other calls are held to", async () => {
    // 4,000 submissions of 4 authors with their titles: about 1.7 MB, as HotCRP writes it.
    const lines = ['paper,title,given_name,family_name,email,affiliation'];
    for (let paper = 1; paper <= 4000; paper += 1) {
      for (let author = 1; author <= 4; author += 1) {
        lines.push(
          `${paper},"A study of conflicts of interest in large programme committees, part ${paper}",` +
            `Given${author},Family${paper},a${author}.p${paper}@large.example.org,Large Venue University`,
        );
      }
    }
    const csv = `${lines.join('\n')}\n`;
    expect(csv.length).toBeGreaterThan(1_048_576);
    const response = await uploadCsv(t, url('submissions'), w.chair, csv);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<SubmissionsReply>().counts).toMatchObject({
      rows: 16_000,
      submissions: 4000,
    });
  });

  it('replaces the submissions on every upload', async () => {
    await uploadCsv(t, url('submissions'), w.chair, hotcrpFixture('authors.csv'));
    const csv =
      'paper;title;given_name;family_name;email;affiliation\n42;Alone;Grace;Hopper;grace@uni.example.edu;\n';
    await uploadCsv(t, url('submissions'), w.chair, csv);
    const read = (await get(t, url('submissions'), w.chair)).json<SubmissionsReply>();
    expect(read.submissions).toEqual([{ paper: 42, title: 'Alone' }]);
    expect(read.counts).toMatchObject({ rows: 1, matched: 1, submissions: 1 });
  });
});

describe('who may use the workspace', () => {
  it('answers 401 without a session, 403 to anyone but chairs and administrators, 404 for no conference', async () => {
    const csv = hotcrpFixture('committee.csv');
    expect((await uploadCsv(t, url('committee'), null, csv)).statusCode).toBe(401);
    const stranger = await signIn(t.app, (await buildUser(t.db)).email!);
    for (const response of [
      await uploadCsv(t, url('committee'), stranger, csv),
      await get(t, url('submissions'), stranger),
      await uploadCsv(t, url('submissions'), stranger, 'not, even, a file'),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: conferenceRefusals.notChairWorkspace });
    }
    const admin = await signIn(t.app, (await buildUser(t.db, { role: 'admin' })).email!);
    expect((await get(t, url('committee'), admin)).statusCode).toBe(200);
    expect((await get(t, url('committee', 2_000_000_000), admin)).statusCode).toBe(404);
    expect((await get(t, url('committee', 'no-such-conference'), w.chair)).statusCode).toBe(404);
  });
});
