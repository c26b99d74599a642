// The relation_types table that migration 0005 seeds says what @recuse/common's relationTypes
// says, and the search key the person pickers use folds names the same on both engines.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { relationTypes as commonTypes } from '@recuse/common';
import type { TestApp } from '../../../test/build-test-app.ts';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { queryRows } from '../../db/client.ts';
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
});
