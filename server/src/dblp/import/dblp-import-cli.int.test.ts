// The import command as an operator runs it, in a child process against PostgreSQL (a child
// cannot reach the in-memory PGlite of a test): killed mid-way and started again it ends in the
// same database as one clean run; damaged or missing files give one clear line and exit 1.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { writeSyntheticDumpFile } from '../../../bench/synthetic/write-dump-file.ts';
import { runCli } from '../../../test/run-cli.ts';
import { importDump } from './import-dump.ts';
import { dumpImportContent, importFixturePath, scratchDatabases } from './import-test-support.ts';

const adminUrl = process.env.TEST_DATABASE_URL;
const isPostgres = process.env.TEST_DB_ENGINE === 'postgres' && adminUrl !== undefined;

const runImport = (args: string[], onStart?: (kill: () => void) => void) =>
  runCli('dblp-import.ts', args, { onStart });

describe.runIf(isPostgres)('npm run dblp:import (PostgreSQL)', () => {
  const databases = scratchDatabases(adminUrl!, 'recuse_import');
  const createDatabase = databases.create;
  let directory: string;
  let dumpPath: string;

  beforeAll(async () => {
    directory = await mkdtemp(path.join(tmpdir(), 'recuse-import-cli-'));
    dumpPath = path.join(directory, 'dblp-synthetic.xml');
    await writeSyntheticDumpFile(dumpPath, { seed: 7, targetBytes: 4_000_000 });
  });

  afterAll(async () => {
    await rm(directory, { recursive: true, force: true });
    await databases.dropAll();
  });

  it('resumes after being killed and ends in the same database as one clean run', async () => {
    const clean = await createDatabase();
    const killed = await createDatabase();
    try {
      await importDump(clean.database.db, dumpPath);

      const firstRun = await runImport(
        [dumpPath, '--database-url', killed.url, '--batch-size', '200'],
        (kill) => void killAfterFirstCheckpoint(killed.database, kill),
      );
      expect(firstRun.signal).toBe('SIGKILL');
      const [checkpoint] = await killed.database.db.query.dblpImports.findMany();
      expect(checkpoint).toMatchObject({ phase: 'records' });
      expect(checkpoint!.recordsDone).toBeGreaterThan(0);

      const secondRun = await runImport([dumpPath, '--database-url', killed.url]);
      expect(secondRun.output).toContain('Resuming records');
      expect(secondRun.exitCode).toBe(0);
      expect(await dumpImportContent(killed.database.db)).toEqual(
        await dumpImportContent(clean.database.db),
      );
    } finally {
      await clean.database.close();
      await killed.database.close();
    }
  }, 180_000);

  it('says in one line that a truncated .gz is truncated, exits 1 and keeps the import', async () => {
    const { url, database } = await createDatabase();
    try {
      const text = await readFile(importFixturePath('sample-2017-florentin.xml'));
      const gzip = gzipSync(text);
      const file = path.join(directory, 'cut.xml.gz');
      await writeFile(file, gzip.subarray(0, Math.floor(gzip.length * 0.8)));

      const run = await runImport([file, '--database-url', url, '--batch-size', '10']);

      expect(run.exitCode).toBe(1);
      expect(run.output).toMatch(/is truncated or corrupt: .*truncated/);
      expect(run.output).toContain('Everything imported before that point is kept');
      expect(run.output).not.toMatch(/\n\s+at /);
      const publications = await database.db.query.publications.findMany();
      expect(publications.length).toBeGreaterThan(0);
    } finally {
      await database.close();
    }
  }, 60_000);

  it('says which file is missing and exits 1', async () => {
    const { url, database } = await createDatabase();
    await database.close();
    const run = await runImport([path.join(directory, 'nowhere.xml.gz'), '--database-url', url]);

    expect(run.exitCode).toBe(1);
    expect(run.output.trim()).toBe(
      `The dump ${path.join(directory, 'nowhere.xml.gz')} does not exist.`,
    );
  }, 60_000);
});

/** Polls the checkpoint and kills the import once it has committed a batch, mid-way. */
async function killAfterFirstCheckpoint(database: Database, kill: () => void) {
  for (;;) {
    const [checkpoint] = await database.db.query.dblpImports.findMany();
    if (checkpoint && checkpoint.recordsDone > 0) {
      kill();
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
