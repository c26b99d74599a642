// The crawler and the dump import agree: Di Xu's papers imported from a dump (built here from
// the same real file, as the dump writes records: no pids, people as `www` homepages) and then
// crawled, or crawled and then imported, end as the same people, publications, authors,
// relations and parties.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/build-test-app.ts';
import { diXuPid, diXuXml } from '../../../test/dblp-fixture-server.ts';
import { buildUser } from '../../../test/factories.ts';
import { importDump } from '../import/import-dump.ts';
import { parsePerson } from '../parse-person.ts';
import {
  buildCrawlTestApp,
  closeServers,
  importedPublications,
  queueCrawl,
  resetCrawlTables,
  snapshotCrawlTables,
  startCrawl,
} from './crawl-test-support.ts';

let t: TestApp;
let directory: string;
let dumpPath: string;
beforeAll(async () => {
  t = await buildCrawlTestApp();
  directory = await mkdtemp(path.join(tmpdir(), 'recuse-crawl-import-'));
  dumpPath = path.join(directory, 'dblp.xml');
  await writeFile(dumpPath, diXuDump());
});
afterEach(async () => {
  await closeServers();
  await resetCrawlTables(t);
});
afterAll(async () => {
  await t.close();
  await rm(directory, { recursive: true, force: true });
});

/** Di Xu's file as dump records: the publications without pids, then one homepage per person. */
function diXuDump(): string {
  const file = parsePerson(diXuXml);
  const records = [...diXuXml.matchAll(/<r>([\s\S]*?)<\/r>/g)].map((match) =>
    match[1]!.replace(/ pid="[^"]*"/g, ''),
  );
  const homepage = (pid: string, name: string, notes = '') =>
    `<www key="homepages/${pid}"><author>${name}</author><title>Home Page</title>${notes}</www>`;
  const diXuNote = `<note type="affiliation">${file.person.affiliations[0]!.text}</note>`;
  return [
    '<?xml version="1.0" encoding="ISO-8859-1"?>',
    '<dblp>',
    ...records,
    homepage(diXuPid, 'Di Xu 0001', diXuNote),
    ...file.coauthors.map((coauthor) => homepage(coauthor.pid!, coauthor.name)),
    '</dblp>',
  ].join('\n');
}

async function crawlDiXu(userId: number) {
  const { runJobs } = await startCrawl(t);
  await queueCrawl(t, { userId, pid: diXuPid });
  await runJobs();
}

/** What both must agree on; `dblp_people` differs by design (the import notes every person). */
async function sharedRows() {
  const { dblpPeople: _people, ...rest } = await snapshotCrawlTables(t);
  const withoutCreated = (rows: unknown[]) =>
    rows.map((row) => {
      const { created_at: _created, ...kept } = row as Record<string, unknown>;
      return kept;
    });
  return {
    ...rest,
    users: withoutCreated(rest.users),
    publications: withoutCreated(rest.publications),
    relations: withoutCreated(rest.relations),
    relationParties: withoutCreated(rest.relationParties),
  };
}

describe('the crawler and the dump import', () => {
  it('change nothing when a crawl follows an import of the same papers', async () => {
    const diXu = await buildUser(t.db, { firstName: 'Di', lastName: 'Xu', dblpPid: diXuPid });
    await importDump(t.db, dumpPath);
    expect(await importedPublications(t)).toHaveLength(8);
    const imported = await sharedRows();

    await crawlDiXu(diXu.id);

    expect(await sharedRows()).toEqual(imported);
  });

  it('change nothing when an import follows a crawl of the same papers', async () => {
    const diXu = await buildUser(t.db, { firstName: 'Di', lastName: 'Xu', dblpPid: diXuPid });
    await crawlDiXu(diXu.id);
    const crawled = await sharedRows();

    const summary = await importDump(t.db, dumpPath);

    expect(summary).toMatchObject({ wasAlreadyImported: false, publications: 8 });
    expect(await sharedRows()).toEqual(crawled);
  });
});
