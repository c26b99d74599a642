// A decision on a wrongly imported DBLP relation (a homonym mix-up, say) stands: once an
// administrator or a chair deletes an imported relation, neither a crawl of its people nor a
// later dump import brings it back, and it stays out of its people's lists (the rule is in
// dblp/imported-relations.repo.ts: a relation set for deletion keeps its status).
import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/build-test-app.ts';
import { diXuPid, diXuXml } from '../../../test/dblp-fixture-server.ts';
import { buildUser, signIn } from '../../../test/factories.ts';
import { listRelations, post } from '../../../test/relation-requests.ts';
import { relationParties, relations } from '../../db/schema.ts';
import { importDump } from '../import/import-dump.ts';
import { parsePerson } from '../parse-person.ts';
import {
  buildCrawlTestApp,
  closeServers,
  importedPublications,
  queueCrawl,
  startCrawl,
} from './crawl-test-support.ts';

let t: TestApp;
let directory: string;
beforeAll(async () => {
  t = await buildCrawlTestApp();
  directory = await mkdtemp(path.join(tmpdir(), 'recuse-decision-import-'));
});
afterAll(async () => {
  await closeServers();
  await t.close();
  await rm(directory, { recursive: true, force: true });
});

/** Di Xu's file as dump records, as crawl-import.int.test.ts builds it. */
function diXuDump(): string {
  const file = parsePerson(diXuXml);
  const records = [...diXuXml.matchAll(/<r>([\s\S]*?)<\/r>/g)].map((match) =>
    match[1]!.replace(/ pid="[^"]*"/g, ''),
  );
  const homepage = (pid: string, name: string) =>
    `<www key="homepages/${pid}"><author>${name}</author><title>Home Page</title></www>`;
  return [
    '<?xml version="1.0" encoding="ISO-8859-1"?>',
    '<dblp>',
    ...records,
    homepage(diXuPid, 'Di Xu 0001'),
    ...file.coauthors.map((coauthor) => homepage(coauthor.pid!, coauthor.name)),
    '</dblp>',
  ].join('\n');
}

async function stateOf(relationId: number) {
  const [row] = await t.db.select().from(relations).where(eq(relations.id, relationId));
  const parties = await t.db
    .select({ userId: relationParties.userId, status: relationParties.status })
    .from(relationParties)
    .where(eq(relationParties.relationId, relationId));
  return { status: row!.status, deletedAt: row!.deletedAt, parties };
}

describe('a decision on an imported relation', () => {
  it('is not undone by a later crawl or dump import', async () => {
    const first = path.join(directory, 'dblp.xml');
    await writeFile(first, diXuDump());
    const diXu = await buildUser(t.db, { firstName: 'Di', lastName: 'Xu', dblpPid: diXuPid });
    await importDump(t.db, first);
    const imported = (await importedPublications(t)).filter(
      (entry) => entry.relation && entry.relation.status === 1,
    );
    const wrong = imported[0]!.relation!;
    const kept = imported[1]!.relation!;

    const admin = await buildUser(t.db, { role: 'admin' });
    const answer = await post(
      t,
      '/v1/web/admin/relations/delete',
      await signIn(t.app, admin.email!),
      {
        relationId: wrong.id,
        reason: 'A homonym: this paper is by another Di Xu.',
      },
    );
    expect(answer.statusCode).toBe(200);
    const decided = await stateOf(wrong.id);
    expect(decided.status).toBe(2);

    // The crawler fetches Di Xu's file again: every paper is synced, this one too.
    const { runJobs } = await startCrawl(t);
    await queueCrawl(t, { userId: diXu.id, pid: diXuPid });
    await runJobs();
    expect(await stateOf(wrong.id)).toEqual(decided);

    // A later dump (another file, so the import runs again) lists the same paper.
    const second = path.join(directory, 'dblp-later.xml');
    await copyFile(first, second);
    const summary = await importDump(t.db, second);
    expect(summary.wasAlreadyImported).toBe(false);
    expect(await stateOf(wrong.id)).toEqual(decided);
    expect((await stateOf(kept.id)).status).toBe(1);

    const list = await listRelations(t, await signIn(t.app, diXu.email!));
    const listed = JSON.stringify(list.json());
    expect(listed).not.toContain(wrong.title!);
    expect(listed).toContain(kept.title!);
  });
});
