// The committee × submissions matrix on the HotCRP fixtures (fixtures/hotcrp/): every reason,
// firm and provisional, under the conference's rules at its reference date; the chair's switch
// for co-authors on other submissions; the three exports; and a statement count that does not
// grow with the committee.
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import type { MatrixReply, WorkspaceSettingsReply } from '@recuse/common';
import { PreparedStatementPGlite } from '../../db/pglite-statements.ts';
import { fetchMatrix, hotcrpFixture, uploadCsv } from '../../../test/chair-workspace.ts';
import { useUploadedChairWorld } from '../../../test/uploaded-chair-world.ts';
import { buildAffiliation, buildRelation, buildUser } from '../../../test/factories.ts';
import { post } from '../../../test/relation-requests.ts';

const { t, w, base } = useUploadedChairWorld();

const matrix = () => fetchMatrix(t, w);

const setCoauthors = (on: boolean) =>
  post(t, `${base()}/settings`, w.chair, { counts_submission_coauthors: on ? 1 : 0 }, 'json');

describe('the matrix', () => {
  it('lists every conflicting member and submission with each reason, its rule, evidence and status', async () => {
    const answer = await matrix();
    expect(answer.conference).toMatchObject({ confid: w.confid, reference_month: '2026-11' });
    expect(answer.counts).toEqual({ members: 6, submissions: 8, conflicts: 6, provisional: 1 });
    expect(
      answer.conflicts.map((conflict) => [
        conflict.paper,
        conflict.member_email,
        conflict.hotcrp_conflict,
        conflict.is_provisional,
        conflict.reasons.map((reason) => `${reason.kind}:${reason.rule_value}`),
      ]),
    ).toEqual([
      [1, 'ada@pc.example.org', 'collaborator', false, ['relation:coauthor-4y']],
      [2, 'alan.turing@old.example.org', 'advisor', false, ['relation:advisor-always']],
      [3, 'barbara@pc.example.org', 'institutional', false, ['institution:institutional-2y']],
      [4, 'barbara@pc.example.org', 'institutional', false, ['institution:institutional-2y']],
      // Katherine has not confirmed the 2024 paper: a provisional conflict, marked so.
      [5, 'ada@pc.example.org', 'collaborator', true, ['relation:coauthor-4y']],
      // Frances is an author of paper 7: HotCRP knows its authors, nothing to set.
      [7, 'frances@pc.example.org', null, false, ['author:author']],
    ]);
    const [adaGrace] = answer.conflicts[0]!.reasons;
    expect(adaGrace).toMatchObject({
      author: { line: 2, name: 'Grace Hopper', email: 'grace@uni.example.edu' },
      relation_id: w.relations.adaGrace,
      relation_type_id: 3,
      title: 'Engines Now',
      end_year: 2025,
      status: 1,
      is_provisional: false,
    });
    expect(answer.conflicts[4]!.reasons[0]).toMatchObject({
      relation_id: w.relations.adaKatherine,
      status: 3,
      is_provisional: true,
    });
    // Unknown authors count through the institution the authors file places them at.
    expect(answer.conflicts[2]!.reasons[0]).toMatchObject({
      author: { name: 'Zed Unknown', user_id: null },
      institution: { id: w.institutions.conflicts, name: 'Institute of Conflicts' },
      matched_by: 'name',
    });
    expect(answer.conflicts[3]!.reasons[0]).toMatchObject({
      author: { name: 'Yara Nobody' },
      matched_by: 'email_domain',
    });
    // Ada's 2010 paper with Edsger is outside every window: no conflict with paper 2.
    expect(
      answer.conflicts.some((c) => c.paper === 2 && c.member_email === 'ada@pc.example.org'),
    ).toBe(false);
  });

  it('counts co-authors on another submission once the chair switches the rule on', async () => {
    const on = await setCoauthors(true);
    expect(on.statusCode).toBe(200);
    expect(on.json<WorkspaceSettingsReply>()).toEqual({
      message: 'UPDATED',
      counts_submission_coauthors: true,
    });
    const answer = await matrix();
    expect(answer.counts_submission_coauthors).toBe(true);
    const paper8 = answer.conflicts.find(
      (c) => c.paper === 8 && c.member_email === 'frances@pc.example.org',
    );
    expect(paper8).toMatchObject({
      hotcrp_conflict: 'collaborator',
      reasons: [
        {
          kind: 'submission_coauthor',
          author: { name: 'Wei Co' },
          other_paper: 7,
          title: 'A Committee Paper',
        },
      ],
    });
    await setCoauthors(false);
    expect((await matrix()).conflicts.some((c) => c.paper === 8)).toBe(false);
  });

  it('places a member nobody knows at the institution the committee file names', async () => {
    const committee =
      'given_name,family_name,email,affiliation\nNina,Newcomer,nina@pc.example.org,IoC\n';
    await uploadCsv(t, `${base()}/committee`, w.chair, committee);
    try {
      const answer = await matrix();
      expect(answer.conflicts).toMatchObject([
        {
          paper: 3,
          member_email: 'nina@pc.example.org',
          hotcrp_conflict: 'institutional',
          reasons: [
            {
              kind: 'declared_affiliation',
              rule_value: 'institutional-2y',
              institution: { id: w.institutions.conflicts },
            },
          ],
        },
        { paper: 4, reasons: [{ kind: 'declared_affiliation', matched_by: 'email_domain' }] },
      ]);
    } finally {
      await uploadCsv(t, `${base()}/committee`, w.chair, hotcrpFixture('committee.csv'));
    }
  });
});

describe('the exports', () => {
  const download = (file: string, query = '') =>
    t.app.inject({
      url: `${base()}/export/${file}.csv${query}`,
      headers: { authorization: `Bearer ${w.chair.access_token}` },
    });

  it('writes HotCRP bulk assignments, firm conflicts only unless provisional ones are asked for', async () => {
    const firm = await download('hotcrp-assignments');
    expect(firm.statusCode).toBe(200);
    expect(firm.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(firm.headers['content-disposition']).toMatch(
      /^attachment; filename="WS-2026-\d+-hotcrp-assignments\.csv"$/,
    );
    expect(firm.body).toBe(
      [
        'paper,action,email,conflict',
        '1,conflict,ada@pc.example.org,collaborator',
        '2,conflict,alan.turing@old.example.org,advisor',
        '3,conflict,barbara@pc.example.org,institutional',
        '4,conflict,barbara@pc.example.org,institutional',
        '',
      ].join('\r\n'),
    );
    const all = await download('hotcrp-assignments', '?provisional=include');
    expect(all.body.split('\r\n')).toContain('5,conflict,ada@pc.example.org,collaborator');
    expect((await download('hotcrp-assignments', '?provisional=maybe')).statusCode).toBe(422);
  });

  it("writes each matched member's conflict list for HotCRP's collaboratordiff", async () => {
    const response = await download('collaborators');
    expect(response.statusCode).toBe(200);
    const lines = response.body.split('\r\n');
    expect(lines[0]).toBe('user_email,name,affiliation,note');
    expect(lines).toEqual(
      expect.arrayContaining([
        'ada@pc.example.org,Grace Hopper,University of Examples,"Co-authored publication within 4 years, Engines Now, 2025"',
        'ada@pc.example.org,Katherine Johnson,,"provisional: Co-authored publication within 4 years, Orbits Computed, 2024"',
        'alan.turing@old.example.org,Edsger Dijkstra,,"Ph.D. advisor or advisee (always), 1990 to 1995"',
        'barbara@pc.example.org,All,Institute of Conflicts,"Institutional within 2 years, Faculty, 2015-09 to ongoing"',
      ]),
    );
  });

  it('writes every reason of the matrix, neutralising cells a spreadsheet would run', async () => {
    const authors =
      'paper,title,given_name,family_name,email,affiliation\n' +
      '9,"=HYPERLINK(""http://x"")",=cmd,Hopper,grace@uni.example.edu,@SUM(1)\n';
    expect((await uploadCsv(t, `${base()}/submissions`, w.chair, authors)).statusCode).toBe(200);
    try {
      const response = await download('matrix');
      expect(response.statusCode).toBe(200);
      const [header, row] = response.body.split('\r\n');
      // The columns are the file's contract with the chairs' spreadsheets and scripts
      // (docs/api-conflicts.md): spelled out here, so that renaming one fails this test.
      expect(header).toBe(
        'paper,title,member_email,member_name,author_line,author_name,author_email,kind,' +
          'hotcrp_conflict,provisional,rule,rule_title,relation_type,evidence,status,start,end,' +
          'relation_id,affiliation_id,institution,placed_by,other_paper',
      );
      expect(row).toBe(
        `9,"'=HYPERLINK(""http://x"")",ada@pc.example.org,Ada Lovelace,2,'=cmd Hopper,grace@uni.example.edu,` +
          `relation,collaborator,no,coauthor-4y,Co-authored publication within 4 years,` +
          `Co-authored publication,Engines Now,validated,,2025,${w.relations.adaGrace},,,,`,
      );
    } finally {
      await uploadCsv(t, `${base()}/submissions`, w.chair, hotcrpFixture('authors.csv'));
    }
  });
});

describe('what the matrix costs', () => {
  /** Every statement sent to the database while `run` runs, on either engine. */
  async function statementsOf(run: () => Promise<unknown>): Promise<number> {
    let count = 0;
    const pgQuery = pg.Client.prototype.query;
    // The app's PGlite class, which sends the named statements itself (db/pglite-statements.ts).
    const pgliteQuery = PreparedStatementPGlite.prototype.query;
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      count += 1;
      return (pgQuery as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof pgQuery;
    PreparedStatementPGlite.prototype.query = function (
      this: PreparedStatementPGlite,
      ...args: unknown[]
    ) {
      count += 1;
      return (pgliteQuery as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof pgliteQuery;
    try {
      await run();
    } finally {
      pg.Client.prototype.query = pgQuery;
      PreparedStatementPGlite.prototype.query = pgliteQuery;
    }
    return count;
  }

  it('sends as many statements for a committee of 26 as for one of 3', async () => {
    const small =
      'given_name,family_name,email,dblp\nAda,Lovelace,ada@pc.example.org,\n' +
      'Barbara,Liskov,barbara@pc.example.org,\nDonald,Knuth,donald@pc.example.org,k/DonaldEKnuth\n';
    await uploadCsv(t, `${base()}/committee`, w.chair, small);
    const forThree = await statementsOf(() => matrix());

    const lines = [hotcrpFixture('committee.csv').trimEnd()];
    for (let index = 0; index < 20; index += 1) {
      const member = await buildUser(t.db, { email: `member${index}@pc.example.org` });
      await buildAffiliation(t.db, member.id, { institutionId: w.institutions.conflicts });
      await buildRelation(t.db, {
        creator: member,
        parties: [{ user: w.people.grace, status: 1 }],
        end: { year: 2024 },
      });
      lines.push(`M,${index},member${index}@pc.example.org,,,,,,,`);
    }
    await uploadCsv(t, `${base()}/committee`, w.chair, `${lines.join('\r\n')}\r\n`);
    let answer: MatrixReply | undefined;
    const forTwentySix = await statementsOf(async () => (answer = await matrix()));
    expect(answer!.counts.members).toBe(26);
    // Each new member co-authored with Grace (paper 1) and works at the Institute (papers 3, 4).
    expect(answer!.conflicts.filter((c) => c.member_email.startsWith('member'))).toHaveLength(60);
    expect(forTwentySix).toBe(forThree);
  });
});
