// The relation_types table that migration 0005 seeds says what @recuse/common's relationTypes
// says, and the search key the person pickers use folds names the same on both engines.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { relationTypes as commonTypes } from '@recuse/common';
import type { TestApp } from '../../../test/build-test-app.ts';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { queryRows } from '../../db/client.ts';
import { parseDump } from '../../dblp/parse-dump.ts';
import { relationTypes } from '../../db/schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('relation types', () => {
  it('seeds the eight types with the flags, labels and formats of @recuse/common', async () => {
    const rows = await t.db.select().from(relationTypes).orderBy(relationTypes.id);
    expect(rows).toEqual(
      commonTypes.map((type) => ({
        id: type.id,
        name: type.name,
        description: type.description,
        kind: type.kind,
        showStartDate: type.showStartDate,
        showEndDate: type.showEndDate,
        isStartDateMandatory: type.isStartDateMandatory,
        isEndDateMandatory: type.isEndDateMandatory,
        startDateLabel: type.startDateLabel,
        endDateLabel: type.endDateLabel,
        startDateFormat: type.startDateFormat,
        endDateFormat: type.endDateFormat,
        maxDaysAhead: type.maxDaysAhead,
        isCommentRequired: type.isCommentRequired,
        sortOrder: type.sortOrder,
      })),
    );
  });
});

describe('person_search_key', () => {
  it.each([
    ['Ada Lovelace', 'ada lovelace'],
    ['  José  Ñúñez-García ', 'jose nunez garcia'],
    ['Müller, Jürgen', 'muller jurgen'],
    ["O'Brien_Smith", 'o brien smith'],
    ['Di Xu 0001', 'di xu 0001'],
    ['李 明', '李 明'],
  ])('folds %j to %j', async (name, key) => {
    const [row] = await queryRows<{ key: string }>(
      t.db,
      sql`select person_search_key(${name}) as key`,
    );
    expect(row!.key).toBe(key);
  });

  // Migration 0009 lets ASCII names skip translate(); its keys must stay those of the index
  // entries migration 0003's function wrote. Compared, on every letter of the translate
  // table and every printable ASCII character, and on the author names of a real DBLP file.
  it('gives the keys of the original fold, with or without the ASCII shortcut', async () => {
    const original = await readFile(
      new URL('../../../drizzle/0003_person_search_key.sql', import.meta.url),
      'utf8',
    );
    const body = /AS \$\$ SELECT (.*) \$\$;/s.exec(original)![1]!;
    const table = /translate\(lower\(value\), '([^']*)'/.exec(original)![1]!;
    const ascii = Array.from({ length: 95 }, (_, index) => String.fromCharCode(32 + index));
    const authors: string[] = [];
    const dump = fileURLToPath(
      new URL('../../../test/fixtures/dblp/sample-2020-snehal.xml', import.meta.url),
    );
    for await (const record of parseDump(dump)) {
      if (record.kind !== 'person') authors.push(...record.authors.map((author) => author.name));
    }
    const samples = [...table, ...ascii].flatMap((letter) => [letter, `Ab${letter}Z ${letter}x`]);
    samples.push(...authors, '', '  ', 'Ünal Ç. Gökçe', 'a\u00a0b');
    const rows = await queryRows<{ value: string; key: string; expected: string }>(
      t.db,
      sql`select value, person_search_key(value) as key, ${sql.raw(body)} as expected
          from unnest(${sql.param(samples)}::text[]) as value`,
    );
    expect(rows).toHaveLength(samples.length);
    expect(authors.filter((name) => /[^\x20-\x7e]/.test(name)).length).toBeGreaterThan(5);
    const differing = rows.filter((row) => row.key !== row.expected);
    expect(differing).toEqual([]);
  });
});
