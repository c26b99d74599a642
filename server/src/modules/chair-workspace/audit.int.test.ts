// The audit of HotCRP's declared conflicts (docs/api-conflicts.md, "Audit of declared
// conflicts"): a crafted PC conflicts file (fixtures/hotcrp/pc-conflicts.csv) against the
// fixtures' matrix, with known missed and unsupported conflicts; runs stored and compared with
// the first; the audit as CSV; refusals a chair can act on.
import { describe, expect, it } from 'vitest';
import type { AuditReply, AuditRunsReply } from '@recuse/common';
import { chairWorkspaceMessages } from '@recuse/common';
import { hotcrpFixture, parseCsvFile, uploadCsv } from '../../../test/chair-workspace.ts';
import { useUploadedChairWorld } from '../../../test/uploaded-chair-world.ts';
import { get, post } from '../../../test/relation-requests.ts';

const { t, w, base } = useUploadedChairWorld();

const declaredFile = hotcrpFixture('pc-conflicts.csv');
const audit = async (file: string, as: 'text/csv' | 'multipart' = 'text/csv') => {
  const response = await uploadCsv(t, `${base()}/audit`, w.chair, file, as);
  expect(response.statusCode).toBe(200);
  return response.json<AuditReply>();
};
const keys = (items: ReadonlyArray<{ paper: number; member_email: string }>) =>
  items.map((item) => `${item.paper} ${item.member_email}`);

describe('the audit of declared conflicts', () => {
  it('lists the conflicts nobody declared and the declared ones nothing explains, with the evidence', async () => {
    const { message, run } = await audit(declaredFile, 'multipart');
    expect(message).toBe('AUDITED');
    expect(run.number).toBe(1);
    expect(run.comparison).toBeNull();
    // Declared: 1 Ada, 4 Barbara, 6 Donald, 8 Sam (Frances's `Author` and Alan's `No conflict`
    // declare nothing); Recuse explains Ada's and Barbara's.
    expect(run.counts).toEqual({ declared: 4, explained: 2, missed: 3, unsupported: 2 });

    expect(keys(run.missed)).toEqual([
      '2 alan.turing@old.example.org',
      '3 barbara@pc.example.org',
      '5 ada@pc.example.org',
    ]);
    const [alan, barbara, ada] = run.missed;
    expect(alan).toMatchObject({
      title: 'Structured Programming Today',
      member_name: 'Alan Turing',
      member_status: 'matched',
      declared: 'No conflict',
      hotcrp_conflict: 'advisor',
      is_provisional: false,
    });
    expect(alan!.reasons[0]).toMatchObject({
      kind: 'relation',
      relation_id: w.relations.alanEdsger,
    });
    expect(alan!.evidence).toContain('Edsger Dijkstra');
    expect(alan!.evidence).toContain('1990');
    expect(barbara).toMatchObject({ declared: null, hotcrp_conflict: 'institutional' });
    expect(barbara!.evidence).toContain('Institute of Conflicts');
    expect(barbara!.evidence).toContain('Zed Unknown');
    // Katherine has not confirmed the 2024 paper: missed, but provisional, and said so.
    expect(ada).toMatchObject({ hotcrp_conflict: 'collaborator', is_provisional: true });
    expect(ada!.evidence).toMatch(/^provisional: /);
    expect(ada!.evidence).toContain('Orbits Computed');

    expect(keys(run.unsupported)).toEqual([
      '6 donald@pc.example.org',
      '8 sam@elsewhere.example.org',
    ]);
    const [donald, sam] = run.unsupported;
    expect(donald).toMatchObject({
      title: 'Namesakes',
      member_name: 'Donald Knuth',
      member_status: 'matched',
      declared: 'Personal',
      hotcrp_conflict: null,
      reasons: [],
      decision: null,
    });
    expect(donald!.evidence).toBe(
      'No relation, shared institution or shared submission ties Donald Knuth to an author of paper 6.',
    );
    expect(sam).toMatchObject({
      title: 'Quoted\nTitle, with a Comma',
      member_name: 'Sam Stranger',
      member_status: 'not_on_committee',
      declared: 'Other',
    });
    expect(sam!.evidence).toBe('sam@elsewhere.example.org is not on the committee file.');
  });

  it('compares a later run with the first: what was declared since, what is resolved', async () => {
    const corrected = declaredFile
      .split('\n')
      .filter((line) => !line.startsWith('6,'))
      .join('\n')
      .concat('3,Institutional Memory,Barbara,Liskov,BARBARA@pc.example.org,Institutional\n');
    const { run } = await audit(corrected);
    expect(run.number).toBe(2);
    expect(run.counts).toEqual({ declared: 4, explained: 3, missed: 2, unsupported: 1 });
    expect(run.comparison).toMatchObject({
      with: { number: 1 },
      declared_added: [{ paper: 3, member_email: 'barbara@pc.example.org' }],
      declared_removed: [{ paper: 6, member_email: 'donald@pc.example.org' }],
      missed: { new: [], resolved: [{ paper: 3, member_email: 'barbara@pc.example.org' }] },
      unsupported: { new: [], resolved: [{ paper: 6, member_email: 'donald@pc.example.org' }] },
    });
  });

  it("takes the chair's decisions into account: a confirmed conflict is explained, a cleared one is not missed", async () => {
    await post(
      t,
      `${base()}/decision`,
      w.chair,
      {
        paper: 6,
        email: 'donald@pc.example.org',
        decision: 'confirmed',
        reason: 'Donald told me.',
      },
      'json',
    );
    await post(
      t,
      `${base()}/decision`,
      w.chair,
      {
        paper: 3,
        email: 'barbara@pc.example.org',
        decision: 'not_conflict',
        reason: 'Zed left the Institute in 2019.',
      },
      'json',
    );
    const { run } = await audit(declaredFile);
    expect(run.number).toBe(3);
    expect(keys(run.missed)).toEqual(['2 alan.turing@old.example.org', '5 ada@pc.example.org']);
    expect(keys(run.unsupported)).toEqual(['8 sam@elsewhere.example.org']);
    // Against the first run, not the one before.
    expect(run.comparison).toMatchObject({
      with: { number: 1 },
      declared_added: [],
      declared_removed: [],
      missed: { new: [], resolved: [{ paper: 3, member_email: 'barbara@pc.example.org' }] },
      unsupported: { new: [], resolved: [{ paper: 6, member_email: 'donald@pc.example.org' }] },
    });
  });

  it('lists the runs, answers each again, and exports one as CSV', async () => {
    const listed = await get(t, `${base()}/audit`, w.chair);
    expect(listed.statusCode).toBe(200);
    expect(
      listed.json<AuditRunsReply>().runs.map((run) => [run.number, run.counts.missed]),
    ).toEqual([
      [3, 2],
      [2, 2],
      [1, 3],
    ]);
    const first = await get(t, `${base()}/audit/1`, w.chair);
    expect(first.json<AuditReply>()).toMatchObject({
      message: 'SUCCESS',
      run: { number: 1, counts: { missed: 3, unsupported: 2 }, comparison: null },
    });

    const exported = await t.app.inject({
      url: `${base()}/export/audit.csv?run=1`,
      headers: { authorization: `Bearer ${w.chair.access_token}` },
    });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(exported.headers['content-disposition']).toMatch(
      /attachment; filename=".*-audit-1\.csv"/,
    );
    const records = parseCsvFile(exported.body);
    expect(records[0]).toEqual([
      'finding',
      'paper',
      'title',
      'member_email',
      'member_name',
      'member_status',
      'declared',
      'recuse_conflict',
      'provisional',
      'decision',
      'evidence',
    ]);
    expect(records.slice(1).map((record) => [record[0], record[1], record[3], record[7]])).toEqual([
      ['missed', '2', 'alan.turing@old.example.org', 'advisor'],
      ['missed', '3', 'barbara@pc.example.org', 'institutional'],
      ['missed', '5', 'ada@pc.example.org', 'collaborator'],
      ['unsupported', '6', 'donald@pc.example.org', ''],
      ['unsupported', '8', 'sam@elsewhere.example.org', ''],
    ]);
    // The newest run by default.
    const newest = await t.app.inject({
      url: `${base()}/export/audit.csv`,
      headers: { authorization: `Bearer ${w.chair.access_token}` },
    });
    expect(parseCsvFile(newest.body)).toHaveLength(4);
  });

  it('refuses a file without the columns, and a run that does not exist, in words', async () => {
    const bad = await uploadCsv(
      t,
      `${base()}/audit`,
      w.chair,
      'paper,email\n1,ada@pc.example.org\n',
    );
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({
      errors: {
        file: [
          chairWorkspaceMessages.missingHeader(
            'conflicttype',
            'paper,title,given_name,family_name,email,conflicttype',
          ),
        ],
      },
    });
    const missing = await get(t, `${base()}/audit/99`, w.chair);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: chairWorkspaceMessages.noAuditRun });
    const notNumber = await get(t, `${base()}/export/audit.csv?run=first`, w.chair);
    expect(notNumber.statusCode).toBe(422);
  });
});
