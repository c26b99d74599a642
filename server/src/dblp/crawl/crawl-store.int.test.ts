// What a crawl of Di Xu's real DBLP file leaves in the database: the person, their co-authors
// as DBLP-only people, the publications with their authors, the imported relations with their
// parties, the crawl state; a second crawl that changes nothing; papers DBLP stops listing
// retired and restored; a merged profile followed or reported; stale jobs ignored.
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/build-test-app.ts';
import { diXuPid, diXuXml } from '../../../test/dblp-fixture-server.ts';
import { buildUser } from '../../../test/factories.ts';
import { auditLog, dblpNames, users } from '../../db/schema.ts';
import {
  buildCrawlTestApp,
  closeServers,
  crawlJobs,
  crawlState,
  findUserByPid,
  importedPublications,
  queueCrawl,
  resetCrawlTables,
  snapshotCrawlTables,
  startCrawl,
} from './crawl-test-support.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildCrawlTestApp();
});
afterEach(async () => {
  await closeServers();
  await resetCrawlTables(t);
});
afterAll(() => t.close());

const coauthorPids = ['161/3963', '32/5783', '55/3871', '55/6295', '58/3497'];

async function buildDiXu() {
  return buildUser(t.db, { firstName: 'Di', lastName: 'Xu', dblpPid: diXuPid });
}

/** Di Xu's file without one paper (DBLP moved it away from him). */
const withoutPaper = (key: string) =>
  diXuXml.replace(new RegExp(`<r><inproceedings key="${key}"[\\s\\S]*?</r>\\n`), '');

describe('storing a crawled person', () => {
  it('stores the person, their co-authors, publications, relations and crawl state', async () => {
    const diXu = await buildDiXu();
    const { server, runJobs } = await startCrawl(t);
    await queueCrawl(t, { userId: diXu.id, pid: diXuPid });

    expect(await runJobs()).toBe(1);

    expect(server.requests.map((request) => request.path)).toEqual(['/pid/95/7448-1.xml']);
    expect(server.requests[0]!.userAgent).toBe(
      'Recuse/0.1.0 (+http://recuse.test; admin@recuse.localhost)',
    );
    expect(await crawlJobs(t)).toEqual([{ status: 'done', attempts: 1, lastError: null }]);
    // A registered user keeps their own names; DBLP's name, homonym suffix kept, goes beside.
    expect(await findUserByPid(t, diXuPid)).toMatchObject({
      id: diXu.id,
      kind: 'registered',
      firstName: 'Di',
      lastName: 'Xu',
      dblpName: 'Di Xu 0001',
    });
    const panos = await findUserByPid(t, '55/3871');
    expect(panos).toMatchObject({
      kind: 'dblp_only',
      firstName: 'Panos',
      lastName: 'Nasiopoulos',
      dblpName: 'Panos Nasiopoulos',
      email: null,
    });
    for (const pid of coauthorPids) expect(await findUserByPid(t, pid)).toBeDefined();
    const names = await t.db.select().from(dblpNames).where(eq(dblpNames.userId, diXu.id));
    expect(names).toEqual([{ name: 'Di Xu 0001', userId: diXu.id, isPrimary: true }]);

    const stored = await importedPublications(t);
    expect(stored).toHaveLength(8);
    const reframing = stored.find(
      (row) => row.publication.dblpKey === 'conf/3dtv/Coria-MendozaXN12',
    )!;
    expect(reframing.publication).toMatchObject({
      title: 'Automatic stereoscopic 3D video reframing.',
      year: 2012,
      venue: '3DTV-Conference',
      kind: 'inproceedings',
      isRetired: false,
    });
    const linoCoriaMendoza = await findUserByPid(t, '32/5783');
    expect(reframing.authors).toEqual([
      { position: 1, userId: linoCoriaMendoza!.id },
      { position: 2, userId: diXu.id },
      { position: 3, userId: panos!.id },
    ]);
    // The first known author creates the imported relation; the others are validated parties.
    expect(reframing.relation).toMatchObject({
      typeId: 3,
      creatorUserId: linoCoriaMendoza!.id,
      status: 1,
      endYear: 2012,
      isDblpImported: true,
      source: 'DBLP',
      paperType: 1,
    });
    expect(reframing.parties).toEqual(
      [diXu.id, panos!.id].sort((a, b) => a - b).map((userId) => ({ userId, status: 1 })),
    );
    for (const row of stored) expect(row.relation?.isDblpImported).toBe(true);

    const state = await crawlState(t, diXu.id);
    expect(state).toMatchObject({
      affiliationNotes: [
        'University of British Columbia, Department of Electrical and Computer Engineering, Canada',
      ],
      lastCrawlError: null,
    });
    const refreshDays = (state!.crawlDueAt!.getTime() - state!.crawledAt!.getTime()) / 86_400_000;
    expect(refreshDays).toBeCloseTo(30, 3);
  });

  it('changes nothing when the same file is crawled again', async () => {
    const diXu = await buildDiXu();
    const { runJobs } = await startCrawl(t);
    await queueCrawl(t, { userId: diXu.id, pid: diXuPid });
    await runJobs();
    const before = await snapshotCrawlTables(t);

    await queueCrawl(t, { userId: diXu.id, pid: diXuPid });
    expect(await runJobs()).toBe(1);

    expect(await snapshotCrawlTables(t)).toEqual(before);
  });

  it('retires a paper DBLP no longer lists for the person, and restores it when it comes back', async () => {
    const diXu = await buildDiXu();
    const { server, runJobs } = await startCrawl(t);
    await queueCrawl(t, { userId: diXu.id, pid: diXuPid });
    await runJobs();
    const gone = 'conf/icip/XuN09';
    server.serve(diXuPid, { body: withoutPaper(gone) });

    await queueCrawl(t, { userId: diXu.id, pid: diXuPid });
    await runJobs();

    const retired = (await importedPublications(t)).find(
      (row) => row.publication.dblpKey === gone,
    )!;
    expect(retired.publication.isRetired).toBe(true);
    expect(retired.publication.retiredAt).toBeInstanceOf(Date);
    expect(retired.relation).toMatchObject({ status: 0, deletedAt: null });
    const others = (await importedPublications(t)).filter(
      (row) => row.publication.dblpKey !== gone,
    );
    for (const row of others) {
      expect(row.publication.isRetired).toBe(false);
      expect(row.relation?.status).toBe(1);
    }

    server.serve(diXuPid, { body: diXuXml });
    await queueCrawl(t, { userId: diXu.id, pid: diXuPid });
    await runJobs();

    const restored = (await importedPublications(t)).find(
      (row) => row.publication.dblpKey === gone,
    )!;
    expect(restored.publication).toMatchObject({ isRetired: false, retiredAt: null });
    expect(restored.relation).toMatchObject({ status: 1 });
  });

  it('keeps a relation an administrator deleted deleted, however often the paper is crawled', async () => {
    const diXu = await buildDiXu();
    const { runJobs } = await startCrawl(t);
    await queueCrawl(t, { userId: diXu.id, pid: diXuPid });
    await runJobs();
    const [first] = await importedPublications(t);
    await t.db.execute(
      `update relations set status = 2, deleted_at = now() where id = ${first!.relation!.id}`,
    );

    await queueCrawl(t, { userId: diXu.id, pid: diXuPid });
    await runJobs();

    const [again] = await importedPublications(t);
    expect(again!.relation).toMatchObject({ id: first!.relation!.id, status: 2 });
    expect(again!.relation!.deletedAt).toBeInstanceOf(Date);
  });

  it('keeps a disputed relation disputed when the paper is crawled again', async () => {
    const diXu = await buildDiXu();
    const { runJobs } = await startCrawl(t);
    await queueCrawl(t, { userId: diXu.id, pid: diXuPid });
    await runJobs();
    const [first] = await importedPublications(t);
    await t.db.execute(`update relations set status = 4 where id = ${first!.relation!.id}`);

    await queueCrawl(t, { userId: diXu.id, pid: diXuPid });
    await runJobs();

    const [again] = await importedPublications(t);
    expect(again!.relation).toMatchObject({ id: first!.relation!.id, status: 4 });
  });
});

describe('a file for another pid (DBLP merged the profile)', () => {
  it('follows it: the user takes the new pid when nobody holds it', async () => {
    const oldPid = '95/7448-9';
    const diXu = await buildUser(t.db, { dblpPid: oldPid });
    const { server, runJobs } = await startCrawl(t);
    server.serve(oldPid, { body: diXuXml });
    await queueCrawl(t, { userId: diXu.id, pid: oldPid });

    await runJobs();

    expect(await findUserByPid(t, diXuPid)).toMatchObject({ id: diXu.id, dblpName: 'Di Xu 0001' });
    expect(await findUserByPid(t, oldPid)).toBeUndefined();
    expect(await importedPublications(t)).toHaveLength(8);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'user.follow-dblp-merge'));
    expect(audit).toMatchObject({
      entityId: diXu.id,
      before: { dblpPid: oldPid },
      after: { dblpPid: diXuPid },
    });
  });

  it('reports it and stores nothing when someone else holds the new pid', async () => {
    const oldPid = '95/7448-9';
    const user = await buildUser(t.db, { dblpPid: oldPid });
    const holder = await buildUser(t.db, { dblpPid: diXuPid });
    const { server, runJobs } = await startCrawl(t);
    server.serve(oldPid, { body: diXuXml });
    await queueCrawl(t, { userId: user.id, pid: oldPid });

    await runJobs();

    expect(await crawlJobs(t)).toEqual([{ status: 'done', attempts: 1, lastError: null }]);
    expect((await crawlState(t, user.id))?.lastCrawlError).toBe(
      `DBLP merged pid ${oldPid} into ${diXuPid}, which belongs to another person ` +
        `(user ${holder.id}); link https://dblp.org/pid/${diXuPid} to claim it`,
    );
    expect(await findUserByPid(t, oldPid)).toMatchObject({ id: user.id });
    expect(await importedPublications(t)).toEqual([]);
  });
});

describe('jobs that no longer apply', () => {
  it('asks DBLP nothing for a pid the user gave up since the job was queued', async () => {
    const user = await buildUser(t.db, { dblpPid: '12/3456' });
    const { server, runJobs } = await startCrawl(t);
    await queueCrawl(t, { userId: user.id, pid: diXuPid });
    await t.db.update(users).set({ dblpPid: null }).where(eq(users.id, user.id));
    await queueCrawl(t, { userId: user.id + 1000, pid: '12/3456' });

    expect(await runJobs()).toBe(2);

    expect(server.requests).toEqual([]);
    expect((await crawlJobs(t)).map((job) => job.status)).toEqual(['done', 'done']);
  });
});
