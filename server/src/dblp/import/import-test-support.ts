// Helpers the import's tests share: fixture paths, and two dumps of what an import wrote.
// `dumpImportTables` is every row as stored (ids, timestamps), for "a second run changes
// nothing"; `dumpImportContent` names rows by DBLP key and pid instead of ids, for comparing
// two databases (a killed run's sequence numbers are spent, so its ids differ from a clean run's).
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database, Db } from '../../db/client.ts';
import { openDatabase, queryRows } from '../../db/client.ts';

export const importFixturePath = (name: string) =>
  fileURLToPath(new URL(`../../../test/fixtures/dblp/${name}`, import.meta.url));

const tablesByKey = {
  publications: 'id',
  publication_authors: 'publication_id, position',
  users: 'id',
  dblp_names: 'name',
  dblp_people: 'user_id',
  relations: 'id',
  relation_parties: 'id',
  dblp_imports: 'id',
};

export async function dumpImportTables(db: Db) {
  const dump: Record<string, unknown[]> = {};
  for (const [table, key] of Object.entries(tablesByKey)) {
    dump[table] = await queryRows(db, sql.raw(`select * from ${table} order by ${key}`));
  }
  return dump;
}

export async function dumpImportContent(db: Db) {
  const query = (text: string) => queryRows(db, sql.raw(text));
  return {
    publications: await query(`
      select dblp_key, title, title_key, year, venue, kind, paper_type, is_retired
      from publications order by dblp_key`),
    authors: await query(`
      select p.dblp_key, a.position, a.name, u.dblp_pid
      from publication_authors a join publications p on p.id = a.publication_id
      left join users u on u.id = a.user_id order by p.dblp_key, a.position`),
    users: await query(`
      select kind, first_name, last_name, dblp_pid, dblp_name, email from users
      order by dblp_pid, email`),
    names: await query(`
      select n.name, u.dblp_pid, n.is_primary from dblp_names n join users u on u.id = n.user_id
      order by n.name`),
    people: await query(`
      select u.dblp_pid, d.affiliation_notes from dblp_people d join users u on u.id = d.user_id
      order by u.dblp_pid`),
    relations: await query(`
      select p.dblp_key, u.dblp_pid as creator, r.type_id, r.status, r.end_year, r.title,
        r.title_key, r.paper_type, r.source, r.is_dblp_imported
      from relations r join publications p on p.id = r.publication_id
      join users u on u.id = r.creator_user_id order by p.dblp_key`),
    parties: await query(`
      select p.dblp_key, u.dblp_pid, rp.status
      from relation_parties rp join relations r on r.id = rp.relation_id
      join publications p on p.id = r.publication_id join users u on u.id = rp.user_id
      order by p.dblp_key, u.dblp_pid`),
    imports: await query(`select phase, records_done from dblp_imports order by id`),
  };
}

/**
 * Scratch PostgreSQL databases on the server of `adminUrl` (TEST_DATABASE_URL), for tests that
 * need more than one connection or a child process; `dropAll` removes them.
 */
export function scratchDatabases(adminUrl: string, prefix: string) {
  const created: string[] = [];
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  return {
    async create(): Promise<{ url: string; database: Database }> {
      const name = `${prefix}_${process.pid}_${created.length}_${Date.now() % 100_000}`;
      await admin(`create database ${name}`);
      created.push(name);
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      const database = await openDatabase({ url: url.toString() });
      await database.migrate();
      return { url: url.toString(), database };
    },
    async dropAll() {
      for (const name of created) await admin(`drop database if exists ${name} with (force)`);
    },
    admin,
  };
}
