// The import command's history (import-runs.ts): each run is a row of dblp_import_runs with its
// start and end, bytes and records read, what it counted, and how it ended — done, nothing to
// do (the same file again), or failed with the reason — for the administrators' DBLP page.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { queryRows } from '../../db/client.ts';
import { importFixturePath } from './import-test-support.ts';
import { importDumpRecorded } from './import-runs.ts';
import { heartbeatEveryMs } from './run-liveness.ts';

let t: TestApp;
let directory: string;

beforeAll(async () => {
  t = await buildTestApp({ JOBS: 'off' });
  directory = await mkdtemp(path.join(tmpdir(), 'recuse-import-runs-'));
});

afterAll(async () => {
  await t.close();
  await rm(directory, { recursive: true, force: true });
});

const runs = () =>
  queryRows<Record<string, unknown>>(t.db, sql`select * from dblp_import_runs order by id`);

describe('import runs', () => {
  it('records a finished run with its counts, then a second run of the same file as nothing to do', async () => {
    const file = importFixturePath('dump-2021-persons-evelasquez.xml');
    const summary = await importDumpRecorded(t.db, file);
    await importDumpRecorded(t.db, file);

    const [first, second] = await runs();
    expect(first).toMatchObject({
      source_path: file,
      status: 'done',
      phase: 'done',
      people: summary.people,
      publications: summary.publications,
      records_read: summary.publications + summary.people + summary.redirects,
      error: null,
    });
    expect(Number(first!.bytes_read)).toBe(Number(first!.source_size));
    expect(Number(first!.source_size)).toBeGreaterThan(0);
    expect(first!.import_id).not.toBeNull();
    expect(first!.finished_at).not.toBeNull();
    expect(second).toMatchObject({ status: 'already-imported', import_id: first!.import_id });
  });

  it('records a failed run with the reason, and throws for the command to explain', async () => {
    const broken = path.join(directory, 'broken.xml');
    await writeFile(broken, '<?xml version="1.0"?>\n<dblp><article key="a/b"><title>T</tit');
    await expect(importDumpRecorded(t.db, broken)).rejects.toThrow();
    const missing = path.join(directory, 'missing.xml.gz');
    await expect(importDumpRecorded(t.db, missing)).rejects.toThrow(/ENOENT|no such file/);

    const [brokenRun, missingRun] = (await runs()).slice(-2);
    expect(brokenRun).toMatchObject({ source_path: broken, status: 'failed' });
    expect(brokenRun!.error).toBeTruthy();
    expect(brokenRun!.finished_at).not.toBeNull();
    expect(missingRun).toMatchObject({ source_path: missing, status: 'failed', import_id: null });
    expect(String(missingRun!.error)).toMatch(/ENOENT|no such file/);
  });
});

/** Resolves once `read()` gives something other than `unlike`, checking every 20 ms for 10 s. */
async function changeFrom<T>(read: () => Promise<T>, unlike: T): Promise<T> {
  for (let tries = 0; tries < 500; tries++) {
    const value = await read();
    if (value !== unlike) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`still ${String(unlike)} after 10 s`);
}

// Another connection holding the import's own table (in share mode: the import cannot write
// to it, the run's row can still be written) is how a long silent phase (an index built, a
// table analysed) looks from the run's row: no progress for as long as it lasts. PGlite has one
// connection, so the lock cannot be held beside the import there.
describe.skipIf(process.env.TEST_DB_ENGINE !== 'postgres')(
  'a run with no progress for a while',
  () => {
    it('still says it is alive every heartbeat, so the operations page does not call it interrupted', async () => {
      let releaseLock!: () => void;
      let lockHeld!: () => void;
      const isLocked = new Promise<void>((resolve) => (lockHeld = resolve));
      const holder = t.db.transaction(async (tx) => {
        await tx.execute(sql`lock table dblp_imports in share mode`);
        lockHeld();
        await new Promise<void>((resolve) => (releaseLock = resolve));
      });
      await isLocked;
      vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
      try {
        const file = importFixturePath('sample-2020-snehal.xml');
        const importing = importDumpRecorded(t.db, file);
        const lastNews = async () => {
          const [run] = await queryRows<{ news: number }>(
            t.db,
            sql`select extract(epoch from updated_at)::float8 as news from dblp_import_runs
               where source_path = ${file} and status = 'running'`,
          );
          return run ? Number(run.news) : null;
        };
        const started = await changeFrom(lastNews, null);

        vi.advanceTimersByTime(heartbeatEveryMs);
        const firstBeat = await changeFrom(lastNews, started);
        vi.advanceTimersByTime(heartbeatEveryMs);
        const secondBeat = await changeFrom(lastNews, firstBeat);
        expect(firstBeat!).toBeGreaterThan(started!);
        expect(secondBeat!).toBeGreaterThan(firstBeat!);

        releaseLock();
        await holder;
        await importing;
        const [run] = await queryRows<{ status: string }>(
          t.db,
          sql`select status from dblp_import_runs where source_path = ${file}`,
        );
        expect(run!.status).toBe('done');
      } finally {
        vi.useRealTimers();
        releaseLock();
      }
    });
  },
);
