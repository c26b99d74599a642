import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { buildUser } from '../../../test/factories.ts';
import { queryRows } from '../../db/client.ts';
import { DblpParseError } from '../parse-error.ts';
import type { DblpWarning } from '../parse-error.ts';
import { importDump } from './import-dump.ts';
import type { ImportProgress } from './import-dump.ts';
import { dumpImportContent, dumpImportTables, importFixturePath } from './import-test-support.ts';

let t: TestApp;
let directory: string;

beforeEach(async () => {
  t = await buildTestApp({ JOBS: 'off' });
  directory = await mkdtemp(path.join(tmpdir(), 'recuse-import-'));
});

afterEach(async () => {
  await t.close();
  await rm(directory, { recursive: true, force: true });
});

const rows = <Row>(text: string) => queryRows<Row>(t.db, sql.raw(text));

/** The SOM-Research excerpt is rooted at <list>; a dump is rooted at <dblp>. */
async function somResearchAsDump() {
  const text = await readFile(importFixturePath('persons-2023-som-research.xml'), 'latin1');
  const file = path.join(directory, 'som-research.xml');
  await writeFile(file, text.replace('<list>', '<dblp>').replace('</list>', '</dblp>'), 'latin1');
  return file;
}

describe('importDump, real dump excerpts', () => {
  it('imports people with their pid, DBLP name as written, aliases and affiliation notes', async () => {
    const summary = await importDump(t.db, importFixturePath('dump-2021-persons-evelasquez.xml'));

    expect(summary).toMatchObject({ people: 8, redirects: 0, wasAlreadyImported: false });
    const people = await rows<Record<string, string>>(`
      select kind, dblp_pid, dblp_name, first_name, last_name from users order by dblp_pid`);
    expect(people).toContainEqual({
      kind: 'dblp_only',
      dblp_pid: 'l/HuaLu',
      dblp_name: 'Hua Lu 0001',
      first_name: 'Hua',
      last_name: 'Lu',
    });
    expect(people.map((person) => person.dblp_pid)).toContain('29/523');
    const liskov = await rows(`
      select n.name, n.is_primary from dblp_names n join users u on u.id = n.user_id
      where u.dblp_pid = 'l/BarbaraLiskov' order by n.name`);
    expect(liskov).toEqual([
      { name: 'Barbara H. Liskov', is_primary: false },
      { name: 'Barbara Liskov', is_primary: true },
    ]);
    const [huaLu] = await rows<{ affiliation_notes: string[] }>(`
      select affiliation_notes from dblp_people d join users u on u.id = d.user_id
      where u.dblp_pid = 'l/HuaLu'`);
    expect(huaLu!.affiliation_notes).toEqual([
      'Roskilde University, Denmark',
      'Department of Computer Science, Aalborg University, Denmark (former)',
      'National University of Singapore, School of Computing, Singapore (PhD 2007)',
    ]);
  });

  it('passes over redirect records and keeps homonym suffixes', async () => {
    const summary = await importDump(t.db, await somResearchAsDump());

    expect(summary.redirects).toBe(2);
    const pids = await rows<{ dblp_pid: string; dblp_name: string }>(
      `select dblp_pid, dblp_name from users order by dblp_pid`,
    );
    expect(pids).toHaveLength(summary.people);
    expect(pids.map((user) => user.dblp_pid)).not.toContain('s/SanemSariel');
    expect(pids).toContainEqual({ dblp_pid: 's/MadhuSudan', dblp_name: 'Madhu Sudan 0001' });
  });

  it('stores every publication kind with its venue, year and paper type', async () => {
    const summary = await importDump(t.db, importFixturePath('all-record-types-2020-jalomo.xml'));

    // The excerpt repeats tr/meltdown/m18 twelve times: one row, as for every key.
    expect(summary.publications).toBe(26);
    const stored = await rows<{ count: number }>(
      `select count(*)::integer as count from publications`,
    );
    expect(stored[0]!.count).toBe(15);
    const publications = await rows(`
      select dblp_key, kind, venue, year, paper_type from publications
      where dblp_key in ('conf/dphoto/HubelB06', 'reference/crypt/Bleumer11x', 'ms/Brown92')
      order by dblp_key`);
    expect(publications).toEqual([
      {
        dblp_key: 'conf/dphoto/HubelB06',
        kind: 'inproceedings',
        venue: 'Digital Photography',
        year: 2006,
        paper_type: 1,
      },
      { dblp_key: 'ms/Brown92', kind: 'mastersthesis', venue: null, year: 1992, paper_type: 2 },
      {
        dblp_key: 'reference/crypt/Bleumer11x',
        kind: 'incollection',
        venue: 'Encyclopedia of Cryptography and Security (2nd Ed.)',
        year: 2011,
        paper_type: 2,
      },
    ]);
    const authors = await rows(`
      select a.position, a.name, a.user_id from publication_authors a
      join publications p on p.id = a.publication_id
      where p.dblp_key = 'conf/dphoto/HubelB06' order by a.position`);
    expect(authors).toEqual([
      { position: 1, name: 'Paul M. Hubel', user_id: null },
      { position: 2, name: 'Markus Bautsch', user_id: null },
    ]);
  });
});

describe('importDump, people and relations', () => {
  async function importSpectre() {
    await importDump(t.db, importFixturePath('tiny-2019-askmrsinh.xml'));
    const warnings: DblpWarning[] = [];
    const summary = await importDump(t.db, importFixturePath('import/people-and-crossrefs.xml'), {
      onWarning: (warning) => warnings.push(warning),
    });
    return { summary, warnings };
  }

  const partiesOf = (key: string) =>
    rows(`
      select creator.dblp_pid as creator, r.status, r.paper_type, r.end_year, r.source,
        array(select u.dblp_pid from relation_parties rp join users u on u.id = rp.user_id
              where rp.relation_id = r.id and rp.status = 1 order by u.dblp_pid) as parties
      from relations r join publications p on p.id = r.publication_id
      join users creator on creator.id = r.creator_user_id
      where p.dblp_key = '${key}' and r.is_dblp_imported and r.type_id = 3`);

  it('leaves the planner statistics of the relations and parties it wrote, for the readers after it', async () => {
    const { summary } = await importSpectre();
    expect(summary.relationsCreated).toBeGreaterThan(0);
    // reltuples is what the last analyze counted (-1: never analyzed).
    const planned = await rows(`
      select c.relname as "table", c.reltuples::int as "planned",
             (select count(*)::int from relations) as "relations",
             (select count(*)::int from relation_parties) as "parties"
        from pg_class c where c.relname in ('relations', 'relation_parties') order by c.relname`);
    const [parties, relationRows] = planned as {
      planned: number;
      relations: number;
      parties: number;
    }[];
    expect(relationRows!.planned).toBe(relationRows!.relations);
    expect(parties!.planned).toBe(parties!.parties);
  });

  it('resolves authors of earlier dumps by name once their person records arrive', async () => {
    const yarom = await buildUser(t.db, {
      firstName: 'Yuval',
      lastName: 'Yarom (own spelling)',
      dblpPid: 'y/YuvalYarom',
    });

    const { summary, warnings } = await importSpectre();

    expect(summary).toMatchObject({ people: 7, redirects: 1, skipped: 2 });
    expect(warnings.map((warning) => warning.code).sort()).toEqual([
      'missing-key',
      'unknown-entity',
    ]);
    expect(await partiesOf('tr/meltdown/s18')).toEqual([
      {
        creator: 'k/PaulKocher',
        status: 1,
        paper_type: 2,
        end_year: 2018,
        source: 'DBLP',
        parties: [
          'g/DanielGenkin',
          'g/DanielGruss',
          'l/MoritzLipp',
          's/MichaelSchwarz1',
          'y/YuvalYarom',
        ],
      },
    ]);
    const meltdown = await partiesOf('tr/meltdown/m18');
    expect(meltdown[0]).toMatchObject({ creator: 'l/MoritzLipp' });
    const registered = await rows(
      `select id, kind, first_name, last_name, dblp_name from users where dblp_pid = 'y/YuvalYarom'`,
    );
    expect(registered).toEqual([
      {
        id: yarom.id,
        kind: 'registered',
        first_name: 'Yuval',
        last_name: 'Yarom (own spelling)',
        dblp_name: 'Yuval Yarom',
      },
    ]);
  });

  it('matches names exactly: an alias resolves, a homonym suffix tells people apart', async () => {
    await importSpectre();

    // 'Werner Haas' (no suffix) on the 2018 paper is nobody we know; 'Werner Haas 0004' is.
    const haas = await rows(`
      select p.dblp_key, a.name, u.dblp_pid from publication_authors a
      join publications p on p.id = a.publication_id left join users u on u.id = a.user_id
      where a.name like 'Werner Haas%' order by p.dblp_key`);
    expect(haas).toEqual([
      { dblp_key: 'conf/sp/KocherHFGGHHLM19', name: 'Werner Haas 0004', dblp_pid: 'h/WernerHaas4' },
      { dblp_key: 'tr/meltdown/m18', name: 'Werner Haas', dblp_pid: null },
      { dblp_key: 'tr/meltdown/s18', name: 'Werner Haas', dblp_pid: null },
    ]);
    // Paul Kocher is on it twice (alias first): creator once, never his own party.
    expect(await partiesOf('conf/sp/KocherHFGGHHLM19')).toEqual([
      {
        creator: 'k/PaulKocher',
        status: 1,
        paper_type: 1,
        end_year: 2019,
        source: 'DBLP',
        parties: ['g/DanielGenkin', 'h/WernerHaas4'],
      },
    ]);
  });

  it('takes a missing venue from the crossref parent and gives no relation to a lone known author', async () => {
    await importSpectre();

    const [spectre] = await rows(
      `select venue from publications where dblp_key = 'conf/sp/KocherHFGGHHLM19'`,
    );
    expect(spectre).toEqual({ venue: 'SP' });
    expect(await partiesOf('conf/sp/LippX19')).toEqual([]);
    const keys = await rows<{ dblp_key: string }>(`select dblp_key from publications`);
    expect(keys.map((row) => row.dblp_key)).not.toContain('dblpnote/error');
  });
});

describe('importDump, running again', () => {
  it('does nothing for a dump it has already imported, and changes no row for the same data under another name', async () => {
    await importDump(t.db, importFixturePath('tiny-2019-askmrsinh.xml'));
    await importDump(t.db, importFixturePath('import/people-and-crossrefs.xml'));
    const before = await dumpImportTables(t.db);

    const again = await importDump(t.db, importFixturePath('import/people-and-crossrefs.xml'));
    expect(again.wasAlreadyImported).toBe(true);
    expect(await dumpImportTables(t.db)).toEqual(before);

    const copy = path.join(directory, 'copy.xml');
    await copyFile(importFixturePath('import/people-and-crossrefs.xml'), copy);
    const fromCopy = await importDump(t.db, copy);
    expect(fromCopy).toMatchObject({ wasAlreadyImported: false, relationsCreated: 0 });
    const after = await dumpImportTables(t.db);
    expect(after.dblp_imports).toHaveLength(before.dblp_imports!.length + 1);
    expect({ ...after, dblp_imports: [] }).toEqual({ ...before, dblp_imports: [] });
  });

  it('reads the file again when a database crash emptied the authors waiting for phase 2', async () => {
    const file = importFixturePath('import/people-and-crossrefs.xml');
    const stopInPeoplePhase = (progress: ImportProgress) => {
      if (progress.phase === 'people') throw new Error('stopped');
    };
    await expect(
      importDump(t.db, file, { rangeSize: 1, onProgress: stopInPeoplePhase }),
    ).rejects.toThrow('stopped');
    // What crash recovery does to an unlogged table.
    const [checkpoint] = await rows<{ id: number; phase: string }>(
      `select id, phase from dblp_imports`,
    );
    expect(checkpoint!.phase).toBe('people');
    await t.db.execute(sql.raw(`truncate dblp_import_authors_${checkpoint!.id}`));

    const resumed = await importDump(t.db, file);

    expect(resumed.wasRecordsPhaseDone).toBe(false);
    const clean = await buildTestApp({ JOBS: 'off' });
    try {
      await importDump(clean.db, file);
      expect(await dumpImportContent(t.db)).toEqual(await dumpImportContent(clean.db));
    } finally {
      await clean.close();
    }
    expect(
      await rows(`select 1 from pg_tables where tablename like 'dblp_import_authors_%'`),
    ).toEqual([]);
  });

  it('follows a newer dump: changed titles and author lists, names that moved', async () => {
    const file = path.join(directory, 'dump.xml');
    const original = await readFile(importFixturePath('import/people-and-crossrefs.xml'), 'latin1');
    await writeFile(file, original, 'latin1');
    await importDump(t.db, file);
    const newer = original
      .replace('Spectre Attacks: Exploiting Speculative Execution.', 'Spectre Attacks.')
      .replace('<author>Werner Haas 0004</author>\n', '')
      .replace('<author>Paul C. Kocher</author>\n<title>', '<title>');
    await writeFile(path.join(directory, 'newer.xml'), newer, 'latin1');

    await importDump(t.db, path.join(directory, 'newer.xml'));

    const content = await dumpImportContent(t.db);
    const spectre = content.relations.find(
      (relation) => (relation as { dblp_key: string }).dblp_key === 'conf/sp/KocherHFGGHHLM19',
    );
    expect(spectre).toMatchObject({ title: 'Spectre Attacks.', creator: 'k/PaulKocher' });
    expect(content.parties.filter((party) => JSON.stringify(party).includes('Kocher'))).toEqual([
      { dblp_key: 'conf/sp/KocherHFGGHHLM19', dblp_pid: 'g/DanielGenkin', status: 1 },
    ]);
    expect(content.names).not.toContainEqual(expect.objectContaining({ name: 'Paul C. Kocher' }));
    const authors = content.authors.filter(
      (author) => (author as { dblp_key: string }).dblp_key === 'conf/sp/KocherHFGGHHLM19',
    );
    expect(authors.map((author) => (author as { name: string }).name)).toEqual([
      'Paul C. Kocher',
      'Jann Horn',
      'Daniel Genkin',
      'Paul Kocher',
    ]);
  });
});

describe('importDump, a publication that loses its known co-authors', () => {
  it('sets its relation inactive, and active again when they are back', async () => {
    const original = await readFile(importFixturePath('import/people-and-crossrefs.xml'), 'latin1');
    const status = async () =>
      (
        await rows<{ status: number }>(`
          select r.status from relations r join publications p on p.id = r.publication_id
          where p.dblp_key = 'conf/sp/KocherHFGGHHLM19'`)
      ).map((row) => row.status);
    const importText = async (name: string, text: string) => {
      await writeFile(path.join(directory, name), text, 'latin1');
      await importDump(t.db, path.join(directory, name));
    };

    await importText('first.xml', original);
    await importText(
      'second.xml',
      original.replace('<author>Daniel Genkin</author>\n<author>Werner Haas 0004</author>\n', ''),
    );
    expect(await status()).toEqual([0]);
    await importText('third.xml', original);
    expect(await status()).toEqual([1]);
  });

  it('keeps the relation of a paper a crawl retired inactive until a dump lists the paper again', async () => {
    const original = await readFile(importFixturePath('import/people-and-crossrefs.xml'), 'latin1');
    const key = 'conf/sp/KocherHFGGHHLM19';
    const state = async () =>
      await rows<{ is_retired: boolean; status: number }>(`
        select p.is_retired, r.status from relations r join publications p on p.id = r.publication_id
        where p.dblp_key = '${key}'`);
    const importText = async (name: string, text: string) => {
      await writeFile(path.join(directory, name), text, 'latin1');
      await importDump(t.db, path.join(directory, name));
    };
    await importText('first.xml', original);
    // What a crawl does when DBLP no longer lists the paper for its author.
    await rows(
      `update publications set is_retired = true, retired_at = now() where dblp_key = '${key}'`,
    );
    await rows(`update relations set status = 0 where publication_id =
                (select id from publications where dblp_key = '${key}')`);

    const withoutPaper = original.replace(
      /<inproceedings [^>]*key="conf\/sp\/KocherHFGGHHLM19"[\s\S]*?<\/inproceedings>\n/,
      '',
    );
    expect(withoutPaper).not.toContain(key);
    await importText('without.xml', withoutPaper);
    expect(await state()).toEqual([{ is_retired: true, status: 0 }]);

    await importText('with.xml', original);
    expect(await state()).toEqual([{ is_retired: false, status: 1 }]);
  });
});

describe('importDump, damaged files', () => {
  async function importedKeys() {
    return (await rows<{ dblp_key: string }>(`select dblp_key from publications order by 1`)).map(
      (row) => row.dblp_key,
    );
  }

  it('stops at a truncated .gz with a clear error and keeps what was imported', async () => {
    await importDump(t.db, importFixturePath('tiny-2019-askmrsinh.xml'));
    const before = await importedKeys();
    const text = await readFile(importFixturePath('sample-2017-florentin.xml'));
    const gzip = gzipSync(text);
    const file = path.join(directory, 'dblp.xml.gz');
    await writeFile(file, gzip.subarray(0, Math.floor(gzip.length * 0.8)));

    const failure = importDump(t.db, file, { batchSize: 10 });

    await expect(failure).rejects.toThrow(DblpParseError);
    await expect(failure).rejects.toThrow(/truncated/);
    const after = await importedKeys();
    expect(after).toEqual(expect.arrayContaining(before));
    const [checkpoint] = await rows<{ phase: string; records_done: number }>(
      `select phase, records_done from dblp_imports order by id desc limit 1`,
    );
    expect(checkpoint!.phase).toBe('records');
    expect(after.length - before.length).toBe(checkpoint!.records_done);
  });

  it('stops at a corrupt file with a clear error and keeps what was imported', async () => {
    await importDump(t.db, importFixturePath('tiny-2019-askmrsinh.xml'));
    const before = await dumpImportTables(t.db);
    const file = path.join(directory, 'corrupt.xml');
    await writeFile(file, '<?xml version="1.0"?>\n<dblp>\n<article key="a/b"><title>x</titel>');

    await expect(importDump(t.db, file)).rejects.toThrow(DblpParseError);

    const after = await dumpImportTables(t.db);
    expect({ ...after, dblp_imports: [] }).toEqual({ ...before, dblp_imports: [] });
  });
});
