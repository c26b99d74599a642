// The import with several transactions at once (PostgreSQL only: PGlite has one connection).
// It must end in the database one transaction at a time gives, keep the file's order for a key
// DBLP repeats, keep merges from deleting a person it is linking to, and work for a role that
// may not turn foreign-key checks off.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows } from '../../db/client.ts';
import { writeSyntheticDumpFile } from '../../../bench/synthetic/write-dump-file.ts';
import { excludeDumpImports, inWriteTransaction } from './bulk-write.repo.ts';
import { importDump } from './import-dump.ts';
import { dumpImportContent, scratchDatabases } from './import-test-support.ts';

const adminUrl = process.env.TEST_DATABASE_URL;
const isPostgres = process.env.TEST_DB_ENGINE === 'postgres' && adminUrl !== undefined;

/**
 * A small dump in which journals/x/Repeated comes back with a new title and a new author list
 * every few records: batches of one record put its versions in different transactions.
 */
function repeatedKeyDump(versions: number) {
  const records: string[] = [];
  for (let version = 1; version <= versions; version++) {
    const authors = ['Ada Lovelace', 'Alan Turing', `Grace Hopper`].slice(0, 1 + (version % 3));
    records.push(
      `<article key="journals/x/Repeated"><author>${authors.join('</author><author>')}</author>` +
        `<title>Version ${version}.</title><year>${2000 + version}</year><journal>X</journal></article>`,
    );
    for (let other = 0; other < 3; other++) {
      records.push(
        `<article key="journals/x/Other${version}-${other}"><author>Ada Lovelace</author>` +
          `<author>Alan Turing</author><title>Other ${version}-${other}.</title>` +
          `<year>2010</year><journal>X</journal></article>`,
      );
    }
  }
  const people = [
    ['l/AdaLovelace', 'Ada Lovelace'],
    ['t/AlanTuring', 'Alan Turing'],
    ['h/GraceHopper', 'Grace Hopper'],
  ].map(
    ([pid, name]) =>
      `<www key="homepages/${pid}" mdate="2020-01-01"><author>${name}</author><title>Home Page</title></www>`,
  );
  return `<?xml version="1.0" encoding="US-ASCII"?>\n<dblp>\n${[...records, ...people].join('\n')}\n</dblp>\n`;
}

describe.runIf(isPostgres)('importDump with several transactions at once (PostgreSQL)', () => {
  const databases = scratchDatabases(adminUrl!, 'recuse_import_workers');
  let directory: string;
  let syntheticPath: string;

  beforeAll(async () => {
    directory = await mkdtemp(path.join(tmpdir(), 'recuse-import-workers-'));
    syntheticPath = path.join(directory, 'dblp-synthetic.xml');
    await writeSyntheticDumpFile(syntheticPath, { seed: 11, targetBytes: 2_000_000 });
  });

  afterAll(async () => {
    await rm(directory, { recursive: true, force: true });
    await databases.dropAll();
  });

  it('ends in the database one transaction at a time gives', async () => {
    const alone = await databases.create();
    const together = await databases.create();
    try {
      const one = await importDump(alone.database.db, syntheticPath);
      const four = await importDump(together.database.db, syntheticPath, {
        workers: 4,
        batchSize: 97,
        rangeSize: 500,
      });

      expect(four.skippedForeignKeyChecks).toBe(true);
      expect({ ...four, seconds: undefined, finishedAt: undefined }).toEqual({
        ...one,
        seconds: undefined,
        finishedAt: undefined,
      });
      expect(one.relationsCreated).toBeGreaterThan(1000);
      expect(await dumpImportContent(together.database.db)).toEqual(
        await dumpImportContent(alone.database.db),
      );
    } finally {
      await alone.database.close();
      await together.database.close();
    }
  }, 120_000);

  it('keeps the last record of a key repeated across batches in flight', async () => {
    const dumpPath = path.join(directory, 'repeated.xml');
    await writeFile(dumpPath, repeatedKeyDump(12));
    const alone = await databases.create();
    const together = await databases.create();
    try {
      await importDump(alone.database.db, dumpPath, { batchSize: 1 });
      await importDump(together.database.db, dumpPath, { batchSize: 1, workers: 4 });

      const [repeated] = await queryRows<{ title: string; year: number; authors: string[] }>(
        together.database.db,
        sql`select p.title, p.year,
              array(select a.name from publication_authors a where a.publication_id = p.id
                    order by a.position) as authors
            from publications p where p.dblp_key = 'journals/x/Repeated'`,
      );
      expect(repeated).toEqual({
        title: 'Version 12.',
        year: 2012,
        authors: ['Ada Lovelace'],
      });
      expect(await dumpImportContent(together.database.db)).toEqual(
        await dumpImportContent(alone.database.db),
      );
    } finally {
      await alone.database.close();
      await together.database.close();
    }
  }, 60_000);

  it('makes a merge wait for the import transaction in flight', async () => {
    const { database } = await databases.create();
    try {
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      let importing = () => {};
      const started = new Promise<void>((resolve) => (importing = resolve));
      const batch = inWriteTransaction(database.db, { skipsForeignKeyChecks: true }, async () => {
        importing();
        await held;
      });
      await started;

      let hasMerged = false;
      const merge = database.db.transaction(async (tx) => {
        await excludeDumpImports(tx);
        hasMerged = true;
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(hasMerged).toBe(false);

      release();
      await batch;
      await merge;
      expect(hasMerged).toBe(true);
    } finally {
      await database.close();
    }
  });

  it('imports with foreign-key checks on for a role that may not turn them off', async () => {
    const role = `recuse_import_plain_${process.pid}`;
    const superuser = await databases.create();
    const plain = await databases.create();
    const plainUrl = new URL(plain.url);
    try {
      await databases.admin(`create role ${role} login nosuperuser`);
      await plain.database.db.execute(
        sql.raw(`grant create, usage on schema public to ${role};
                 grant all on all tables in schema public to ${role};
                 grant all on all sequences in schema public to ${role}`),
      );
      plainUrl.username = role;
      const asPlainRole = await openDatabase({ url: plainUrl.toString() });
      try {
        const summary = await importDump(asPlainRole.db, syntheticPath, { workers: 2 });
        expect(summary.skippedForeignKeyChecks).toBe(false);
      } finally {
        await asPlainRole.close();
      }
      await importDump(superuser.database.db, syntheticPath);

      expect(await dumpImportContent(plain.database.db)).toEqual(
        await dumpImportContent(superuser.database.db),
      );
    } finally {
      await superuser.database.close();
      await plain.database.close();
      await databases.dropAll();
      await databases.admin(`drop role if exists ${role}`);
    }
  }, 120_000);
});
