// The relation types' form settings (docs/product.md, "Relation types" and "The relation form") and
// the date rules, as tables.
import { describe, expect, it } from 'vitest';
import {
  endsBeforeStart,
  formatRelationDate,
  isAfter,
  latestRelationDate,
} from './relation-dates.ts';
import {
  findRelationType,
  offersOngoing,
  paperTypeFor,
  publicationLikeTypeIds,
  relationTypeToWire,
  relationTypes,
} from './relation-types.ts';
import { relationTypeNames } from './conflict-rules.ts';

describe('relation types', () => {
  it('has the eight types of docs/product.md, with ids 1 to 8', () => {
    expect(relationTypes.map((type) => [type.id, type.name])).toEqual([
      [1, 'Ph.D. advisor/advisee'],
      [2, 'Collaboration (joint project or grant)'],
      [3, 'Co-authored publication'],
      [4, 'Employment (supervisor or colleague at the same employer)'],
      [5, 'Personal relationship'],
      [6, 'Joint award'],
      [7, 'Joint grant or fellowship'],
      [8, 'Pending employment or graduate-school application'],
    ]);
    expect(relationTypeNames[0]).toBe('Institutional');
    expect(relationTypeNames[8]).toBe('Pending employment or graduate-school application');
  });

  it.each([
    [1, true],
    [2, true],
    [3, false],
    [4, true],
    [5, false],
    [6, false],
    [7, true],
    [8, true],
  ])('offers the ongoing checkbox for type %i: %s', (id, expected) => {
    expect(offersOngoing(findRelationType(id)!)).toBe(expected);
  });

  it('takes co-authors on types 3, 6 and 7, which label them Co-awardees for awards and grants', () => {
    expect(publicationLikeTypeIds).toEqual([3, 6, 7]);
    expect([6, 7].map((id) => relationTypeToWire(findRelationType(id)!))).toMatchObject([
      { title_label: 'Award name', coauthors_label: 'Co-awardees', coauthor_label: 'Co-awardee' },
      { title_label: 'Award name', coauthors_label: 'Co-awardees', coauthor_label: 'Co-awardee' },
    ]);
  });

  it('asks for a comment on type 5 only', () => {
    expect(relationTypes.filter((type) => type.isCommentRequired).map((type) => type.id)).toEqual([
      5,
    ]);
  });

  it.each([
    [3, undefined, 1],
    [3, 2, 2],
    [6, 2, 0],
    [7, 1, 0],
    [1, 2, 1],
    [8, undefined, 1],
  ])('sends paper type for type %i chosen %s as %i', (typeId, chosen, expected) => {
    expect(paperTypeFor(typeId, chosen)).toBe(expected);
  });
});

describe('relation dates', () => {
  const now = new Date('2026-03-15T12:00:00Z');

  it('caps publications about a year ahead and other types about twenty years ahead', () => {
    expect(latestRelationDate(findRelationType(3)!, now)).toEqual({ year: 2027, month: 3 });
    expect(latestRelationDate(findRelationType(2)!, now)).toEqual({ year: 2046, month: 3 });
  });

  it.each([
    [{ year: 2027, month: null }, false],
    [{ year: 2028, month: null }, true],
    [{ year: 2027, month: 3 }, false],
    [{ year: 2027, month: 4 }, true],
  ])('reads %j as after the cap 03/2027: %s', (date, expected) => {
    expect(isAfter(date, { year: 2027, month: 3 })).toBe(expected);
  });

  it.each([
    [{ year: 2020, month: 5 }, { year: 2020, month: 4 }, true],
    [{ year: 2020, month: 5 }, { year: 2020, month: 5 }, false],
    [{ year: 2020, month: null }, { year: 2020, month: 1 }, false],
    [{ year: 2021, month: null }, { year: 2020, month: 12 }, true],
  ])('reads start %j and end %j as ending before the start: %s', (start, end, expected) => {
    expect(endsBeforeStart(start, end)).toBe(expected);
  });

  it('shows a cap as MM/yyyy for month formats and the year otherwise', () => {
    expect(formatRelationDate({ year: 2027, month: 3 }, 2)).toBe('03/2027');
    expect(formatRelationDate({ year: 2027, month: 3 }, 1)).toBe('2027');
  });
});
