// The ROR import (docs/institutions.md) on the fixture dump of server/test/fixtures/ror: what
// an administrator or a person picking an institution would notice afterwards: the names,
// aliases, domains and country of each institution, the links, the replaced and withdrawn
// records followed, and that running it again changes nothing.
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { institutionStatus } from '@recuse/common';
import type { TestApp } from '../../test/build-test-app.ts';
import { buildTestApp } from '../../test/build-test-app.ts';
import type { Tokens } from '../../test/factories.ts';
import { bearer, buildAffiliation, buildInstitution, buildRelation } from '../../test/factories.ts';
import { signedInUser } from '../../test/profile-requests.ts';
import { affiliations, institutionLinks, institutions, relations } from '../db/schema.ts';
import { importRorDump } from './import-ror.ts';
import { readRorDump } from './read-dump.ts';

const fixtures = path.resolve(import.meta.dirname, '../../test/fixtures/ror');
const jsonDump = path.join(fixtures, 'ror-v2-sample.json');
const zipDump = path.join(fixtures, 'v9.99-2025-01-01-ror-data.zip');

let t: TestApp;
let scratch: string;
beforeAll(async () => {
  t = await buildTestApp();
  scratch = await mkdtemp(path.join(tmpdir(), 'recuse-ror-'));
}, 120_000);
afterAll(() => t.close());

const importDump = (file: string) => importRorDump({ config: t.config, db: t.db }, file);

async function institutionByRorId(rorId: string) {
  const [row] = await t.db.select().from(institutions).where(eq(institutions.rorId, rorId));
  return row;
}

/** The names of the institutions linked to `rorId` by `type`, sorted. */
async function linked(
  rorId: string,
  type: 'parent' | 'child' | 'related' | 'successor' | 'predecessor',
) {
  const from = (await institutionByRorId(rorId))!;
  const rows = await t.db
    .select({ name: institutions.name })
    .from(institutionLinks)
    .innerJoin(institutions, eq(institutions.id, institutionLinks.relatedInstitutionId))
    .where(and(eq(institutionLinks.institutionId, from.id), eq(institutionLinks.type, type)));
  return rows.map((row) => row.name).sort();
}

async function dropList(session: Awaited<ReturnType<typeof signedInUser>>['session']) {
  const response = await t.app.inject({
    url: '/v1/web/institution/data/list/InstitutionDrplist',
    headers: bearer(session),
  });
  expect(response.statusCode).toBe(200);
  return Object.values(response.json<Record<string, string>>());
}

/** Everything the import may touch, to show a run changed nothing. */
async function snapshot() {
  return {
    institutions: await t.db.select().from(institutions).orderBy(asc(institutions.id)),
    links: await t.db
      .select()
      .from(institutionLinks)
      .orderBy(
        asc(institutionLinks.institutionId),
        asc(institutionLinks.type),
        asc(institutionLinks.relatedInstitutionId),
      ),
  };
}

/** A dump of the given records, written to a scratch file. */
async function dumpOf(name: string, records: unknown[]) {
  const file = path.join(scratch, name);
  await writeFile(file, JSON.stringify(records));
  return file;
}

const record = (
  id: string,
  name: string,
  more: { status?: string; relationships?: unknown[]; names?: unknown[]; domains?: string[] } = {},
) => ({
  id: `https://ror.org/${id}`,
  names: [{ value: name, types: ['ror_display', 'label'], lang: 'en' }, ...(more.names ?? [])],
  status: more.status ?? 'active',
  domains: more.domains ?? [],
  locations: [{ geonames_details: { country_code: 'DE', country_name: 'Germany' } }],
  relationships: more.relationships ?? [],
  types: ['education'],
  links: [],
  external_ids: [],
  established: null,
  admin: {},
});

describe('importing the fixture dump', () => {
  it('adds each active and inactive record as an approved institution with its names', async () => {
    const summary = await importDump(jsonDump);
    expect(summary).toMatchObject({
      records: 14,
      created: 12,
      updated: 0,
      skippedWithdrawn: 2,
      merged: 1,
      warnings: [],
    });

    const eth = (await institutionByRorId('05a28rw58'))!;
    expect(eth).toMatchObject({
      name: 'ETH Zurich',
      status: institutionStatus.approved,
      country: 'CH',
      emailDomains: ['ethz.ch'],
      rorStatus: 'active',
      mergedIntoId: null,
    });
    expect(eth.aliases.sort()).toEqual(
      [
        'ETH',
        'Eidgenössische Technische Hochschule Zürich',
        'Swiss Federal Institute of Technology in Zurich',
      ].sort(),
    );
    expect(await institutionByRorId('03cve4549')).toMatchObject({
      name: 'Tsinghua University',
      aliases: ['THU', '清华大学'],
      country: 'CN',
    });
  });

  it('drops public suffixes such as edu.cn, ac.uk and edu from the domains', async () => {
    expect((await institutionByRorId('03cve4549'))!.emailDomains).toEqual(['tsinghua.edu.cn']);
    expect((await institutionByRorId('052gg0110'))!.emailDomains).toEqual(['ox.ac.uk']);
    expect((await institutionByRorId('042nb2s44'))!.emailDomains).toEqual(['mit.edu']);
    expect((await institutionByRorId('01w19ak89'))!.emailDomains).toEqual(['mpi-inf.mpg.de']);
  });

  it('links parents, children, related institutions, successors and predecessors', async () => {
    expect(await linked('05a28rw58', 'parent')).toEqual(['ETH Domain']);
    expect(await linked('05a28rw58', 'related')).toEqual(['University of Zurich']);
    expect(await linked('05wqe2f22', 'child')).toEqual([
      'ETH Zurich',
      'École Polytechnique Fédérale de Lausanne',
    ]);
    expect(await linked('01w19ak89', 'parent')).toEqual(['Max Planck Society']);
    expect(await linked('01hhn8329', 'child')).toEqual(['Max Planck Institute for Informatics']);
    expect(await linked('03xjwb503', 'predecessor')).toEqual(['Université Paris-Sud']);
    expect(await linked('028rypz17', 'successor')).toEqual(['Université Paris-Saclay']);
  });

  it('merges a record replaced by its successor, and never adds withdrawn records', async () => {
    const parisSud = (await institutionByRorId('028rypz17'))!;
    const saclay = (await institutionByRorId('03xjwb503'))!;
    expect(parisSud).toMatchObject({ rorStatus: 'inactive', mergedIntoId: saclay.id });
    expect(saclay.aliases).toEqual(
      expect.arrayContaining(['Université Paris-Sud', 'Paris-Sud University', 'UPSud']),
    );
    expect(saclay.emailDomains.sort()).toEqual(['u-psud.fr', 'universite-paris-saclay.fr']);
    expect(await institutionByRorId('04xm1d337')).toBeUndefined();
    expect(await institutionByRorId('00x9hz345')).toBeUndefined();

    const names = await dropList((await signedInUser(t)).session);
    expect(names).toEqual(expect.arrayContaining(['ETH Zurich', 'Université Paris-Saclay']));
    // Inactive without a successor: people did work there, so it can still be picked.
    expect(names).toContain('Digital Equipment Corporation');
    expect(names).not.toContain('Université Paris-Sud');
    expect(names).not.toContain('Tsinghua Univ. (duplicate)');
    expect(names).not.toContain('Withdrawn Test Organisation');
  });

  it('changes nothing when run again, from the JSON or from the zip', async () => {
    const before = await snapshot();
    expect(await importDump(jsonDump)).toMatchObject({
      created: 0,
      updated: 0,
      unchanged: 12,
      merged: 0,
      withdrawn: 0,
      linksAdded: 0,
      linksRemoved: 0,
    });
    expect(await importDump(zipDump)).toMatchObject({ records: 14, created: 0, updated: 0 });
    expect(await snapshot()).toEqual(before);
  });

  it('reads from the zip the same records as the JSON (the v2 file, not the v1 one)', async () => {
    const all = async (file: string) => {
      const records: unknown[] = [];
      for await (const value of readRorDump(file)) records.push(value);
      return records;
    };
    expect(await all(zipDump)).toEqual(JSON.parse(await readFile(jsonDump, 'utf8')));
  });
});

describe("the picker's search after the import", () => {
  async function search(session: Tokens, q: string) {
    const response = await t.app.inject({
      url: `/v1/web/institution/search?q=${encodeURIComponent(q)}`,
      headers: bearer(session),
    });
    expect(response.statusCode).toBe(200);
    return response.json<{ institutions: Array<{ name: string; alias: string; exact: boolean }> }>()
      .institutions;
  }

  it('finds ETH Zurich by its acronym first, and by its German name with or without accents', async () => {
    const { session } = await signedInUser(t);
    const [first] = await search(session, 'ETH');
    expect(first).toMatchObject({ name: 'ETH Zurich', alias: 'ETH', exact: true });
    for (const [text, exact] of [
      ['Eidgenössische Technische Hochschule', false],
      ['eidgenossische technische hochschule zurich', true],
    ] as const) {
      expect(await search(session, text)).toEqual([
        expect.objectContaining({
          name: 'ETH Zurich',
          alias: 'Eidgenössische Technische Hochschule Zürich',
          exact,
        }),
      ]);
    }
    expect((await search(session, 'ecole polytechnique'))[0]).toMatchObject({
      name: 'École Polytechnique Fédérale de Lausanne',
      alias: '',
      exact: false,
    });
    expect((await search(session, '清华'))[0]).toMatchObject({ name: 'Tsinghua University' });
  });

  it('finds the successor under a merged name, and never a withdrawn or merged one', async () => {
    const { session } = await signedInUser(t);
    expect(await search(session, 'Paris-Sud')).toEqual([
      expect.objectContaining({ name: 'Université Paris-Saclay' }),
    ]);
    expect(await search(session, 'Withdrawn Test')).toEqual([]);
    expect(await search(session, 'duplicate')).toEqual([]);
  });

  it("shows the caller's own proposal with its note, and nobody else's", async () => {
    const owner = await signedInUser(t);
    await buildInstitution(t.db, {
      name: 'ETH Proposal Institute',
      status: institutionStatus.awaitingApproval,
      createdByUserId: owner.user.id,
    });
    const names = (await search(owner.session, 'eth proposal')).map((row) => row.name);
    expect(names).toEqual(['ETH Proposal Institute (sent for approval)']);
    const other = await signedInUser(t);
    expect(await search(other.session, 'eth proposal')).toEqual([]);
    expect(await search(other.session, ' -- ')).toEqual([]);
    const tooLong = await t.app.inject({
      url: `/v1/web/institution/search?q=${'a'.repeat(201)}`,
      headers: bearer(other.session),
    });
    expect(tooLong.statusCode).toBe(422);
    const anonymous = await t.app.inject({ url: '/v1/web/institution/search?q=ETH' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('a later dump', () => {
  it('moves the affiliations and relations of a replaced institution to its successor', async () => {
    const first = await dumpOf('first.json', [
      record('0aaaaaa11', 'Institute of Old Computing', { domains: ['old.example.de'] }),
      record('0bbbbbb22', 'Centre for New Computing'),
    ]);
    await importDump(first);
    const old = (await institutionByRorId('0aaaaaa11'))!;
    const person = await signedInUser(t);
    const affiliation = await buildAffiliation(t.db, person.user.id, { institutionId: old.id });
    const relation = await buildRelation(t.db, {
      type: 8,
      creator: person.user,
      institutionId: old.id,
    });

    const later = await dumpOf('later.json', [
      record('0aaaaaa11', 'Institute of Old Computing', {
        status: 'inactive',
        domains: ['old.example.de'],
        relationships: [{ type: 'successor', id: 'https://ror.org/0bbbbbb22', label: '' }],
      }),
      record('0bbbbbb22', 'Centre for Newer Computing', {
        relationships: [{ type: 'predecessor', id: 'https://ror.org/0aaaaaa11', label: '' }],
      }),
    ]);
    expect(await importDump(later)).toMatchObject({ updated: 2, merged: 1, linksAdded: 2 });

    const successor = (await institutionByRorId('0bbbbbb22'))!;
    // Renamed by the registry: the former name stays an alias, so it is still found.
    expect(successor.name).toBe('Centre for Newer Computing');
    expect(successor.aliases).toEqual(
      expect.arrayContaining(['Centre for New Computing', 'Institute of Old Computing']),
    );
    expect(successor.emailDomains).toEqual(['old.example.de']);
    const [moved] = await t.db
      .select()
      .from(affiliations)
      .where(eq(affiliations.id, affiliation.id));
    expect(moved!.institutionId).toBe(successor.id);
    const [movedRelation] = await t.db
      .select()
      .from(relations)
      .where(eq(relations.id, relation.relation.id));
    expect(movedRelation!.institutionId).toBe(successor.id);
    const names = await dropList(person.session);
    expect(names).toContain('Centre for Newer Computing');
    expect(names).not.toContain('Institute of Old Computing');

    const before = await snapshot();
    expect(await importDump(later)).toMatchObject({ updated: 0, merged: 0, linksAdded: 0 });
    expect(await snapshot()).toEqual(before);
  });

  it('withdraws an institution the registry withdrew without a successor', async () => {
    await importDump(await dumpOf('gone-1.json', [record('0cccccc33', 'Short-Lived Institute')]));
    const gone = (await institutionByRorId('0cccccc33'))!;
    const person = await signedInUser(t);
    await buildAffiliation(t.db, person.user.id, { institutionId: gone.id });
    expect(await dropList(person.session)).toContain('Short-Lived Institute');

    const withdrawn = await dumpOf('gone-2.json', [
      record('0cccccc33', 'Short-Lived Institute', { status: 'withdrawn' }),
    ]);
    expect(await importDump(withdrawn)).toMatchObject({ withdrawn: 1, updated: 1 });
    expect(await institutionByRorId('0cccccc33')).toMatchObject({
      status: institutionStatus.rejected,
      rorStatus: 'withdrawn',
    });
    expect(await dropList(person.session)).not.toContain('Short-Lived Institute');
    expect(await importDump(withdrawn)).toMatchObject({ withdrawn: 0, updated: 0, unchanged: 1 });
  });

  it('leaves aside a record it cannot read, saying which, and imports the others', async () => {
    const file = await dumpOf('odd.json', [
      { id: 'not-a-ror-id', names: [] },
      record('0dddddd44', 'Readable Institute', { status: 'retired' }),
      record('0eeeeee55', 'Another Readable Institute'),
    ]);
    const summary = await importDump(file);
    expect(summary.created).toBe(1);
    expect(summary.warnings).toEqual([
      'record 1: a record has no ROR id (id: "not-a-ror-id")',
      'record 2 (0dddddd44): unknown status "retired"',
    ]);
    const rows = await t.db
      .select({ rorId: institutions.rorId })
      .from(institutions)
      .where(inArray(institutions.rorId, ['0dddddd44', '0eeeeee55']));
    expect(rows).toEqual([{ rorId: '0eeeeee55' }]);
  });

  it('refuses a file that is not a dump of schema v2, with a message saying what to do', async () => {
    const v1 = await dumpOf('v1.json', [
      { id: 'https://ror.org/05a28rw58', name: 'ETH Zurich', status: 'active' },
    ]);
    await expect(importDump(v1)).rejects.toThrow(/schema v1; import the JSON of schema v2/);
    const object = await dumpOf('object.json', [] as unknown[]);
    await writeFile(object, '{"items": []}');
    await expect(importDump(object)).rejects.toThrow(/is not a ROR dump/);
    const cut = path.join(scratch, 'cut.json');
    await writeFile(cut, (await readFile(jsonDump, 'utf8')).slice(0, 3000));
    await expect(importDump(cut)).rejects.toThrow(/cut short/);
    const count = await t.db
      .select({ id: institutions.id })
      .from(institutions)
      .where(isNotNull(institutions.rorId));
    expect(count.length).toBeGreaterThan(12);
  });
});
