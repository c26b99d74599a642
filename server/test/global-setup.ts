// Vitest's global setup for the API integration suites (vitest.config.ts): the database every
// test file starts from is migrated once per run instead of once per file. Starting PGlite from
// a dump of a migrated database skips its first-start initialisation and the migrations; a
// PostgreSQL database created from a migrated template is a file copy. buildTestApp
// (build-test-app.ts) uses what this leaves in the environment, and migrates by itself when it
// is absent (a benchmark, a single file run without this setup).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.ts';

export const pgliteImageVariable = 'RECUSE_TEST_PGLITE_IMAGE';
export const postgresTemplateVariable = 'RECUSE_TEST_POSTGRES_TEMPLATE';

/** Runs once for each integration project (int-pglite, int-postgres), before its files. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  return project.config.env.TEST_DB_ENGINE === 'postgres'
    ? makePostgresTemplate()
    : makePgliteImage();
}

async function makePgliteImage(): Promise<() => Promise<void>> {
  const directory = await mkdtemp(path.join(tmpdir(), 'recuse-test-image-'));
  const image = path.join(directory, 'migrated.tar');
  const pglite = await openDatabase({ memory: true });
  await pglite.migrate();
  await writeFile(image, Buffer.from(await (await pglite.dumpImage!()).arrayBuffer()));
  await pglite.close();
  process.env[pgliteImageVariable] = image;
  return () => rm(directory, { recursive: true, force: true });
}

async function makePostgresTemplate(): Promise<() => Promise<void>> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return async () => {};
  const template = `recuse_template_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  await runAsAdministrator(url, `create database ${template}`);
  const templateUrl = new URL(url);
  templateUrl.pathname = `/${template}`;
  const postgres = await openDatabase({ url: templateUrl.toString() });
  await postgres.migrate();
  await postgres.close();
  process.env[postgresTemplateVariable] = template;
  return () => runAsAdministrator(url, `drop database if exists ${template} with (force)`);
}

async function runAsAdministrator(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
