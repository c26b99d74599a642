import { describe, expect, it } from 'vitest';
import type { ConflictPersonWire } from '@recuse/common';
import type { RelationRowsByType } from './api/generate-conflict-list.ts';
import {
  buildGraphPeople,
  countPeopleByType,
  placeOnRing,
  selectShownPeople,
} from './graph-model.ts';

const personRow = (id: number, name: string, coAuthorStatus = 1) => ({
  co_author_id: id,
  display_coauthor_name: name,
  co_author_status: coAuthorStatus,
});

const publication = (title: string, coauthors: Array<[number, string, number?]>) => ({
  publication_name: title,
  publication_years: {
    '2024': {
      co_authors: coauthors.map(([id, name, status]) => ({
        coauthor_id: id,
        coauthor_name: name,
        status: status ?? 1,
      })),
    },
  },
});

const conflict = (id: number, name: string, isProvisional: boolean, typeId = 3) =>
  ({
    id,
    name,
    affiliation: null,
    is_provisional: isProvisional,
    reason: [
      {
        rule_value: 'r',
        rule_title: 'Rule',
        relation_id: null,
        affiliation_id: 9,
        relation_type_id: typeId,
        relation_type_name: 'Type',
        title: null,
        start_year: null,
        start_month: null,
        end_year: null,
        end_month: null,
        status: isProvisional ? 3 : 1,
        is_provisional: isProvisional,
        is_intern: false,
      },
    ],
  }) satisfies ConflictPersonWire;

const relations: RelationRowsByType = {
  '1': [personRow(2, 'Alan Turing')],
  '3': [
    publication('Paper one', [
      [2, 'Alan Turing'],
      [3, 'Grace Hopper'],
      [4, 'Removed Person', 2],
    ]),
    publication('Paper two', [[3, 'Grace Hopper']]),
  ],
  '5': [personRow(5, 'Deleted Person', 2)],
  // Type 8 rows name institutions: not people in the picture.
  '8': [{ institution_name: 'TU Delft' } as never],
};

const noFilter = {
  nameQuery: '',
  hiddenTypeIds: new Set<number>(),
  isConflictsOnly: false,
  limit: 40,
};

describe('buildGraphPeople', () => {
  it('counts each person’s shared relations by type, leaving out removed and deleted people', () => {
    const people = buildGraphPeople(relations, []);
    const byName = Object.fromEntries(people.map((person) => [person.name, person]));
    expect(Object.keys(byName).sort()).toEqual(['Alan Turing', 'Grace Hopper']);
    expect([...byName['Alan Turing']!.countsByType]).toEqual([
      [1, 1],
      [3, 1],
    ]);
    expect(byName['Alan Turing']!.total).toBe(2);
    expect(byName['Grace Hopper']!.primaryTypeId).toBe(3);
    expect(byName['Grace Hopper']!.total).toBe(2);
  });

  it('marks conflicts and provisional conflicts, and adds people who conflict only through an institution', () => {
    const people = buildGraphPeople(relations, [
      conflict(3, 'Grace Hopper', true),
      conflict(2, 'Alan Turing', false),
      conflict(9, 'Colleague at Delft', false, 0),
    ]);
    const marks = Object.fromEntries(people.map((person) => [person.name, person.conflict]));
    expect(marks).toEqual({
      'Alan Turing': 'conflict',
      'Grace Hopper': 'provisional',
      'Colleague at Delft': 'conflict',
    });
    expect(countPeopleByType(people)).toEqual(
      new Map([
        [1, 1],
        [3, 2],
        [0, 1],
      ]),
    );
  });
});

describe('selectShownPeople', () => {
  const many = buildGraphPeople(
    {
      '3': Array.from({ length: 3000 }, (_, index) =>
        publication(`Paper ${index}`, [[index + 10, `Person ${index}`]]),
      ),
      '2': [personRow(10, 'Person 0'), personRow(11, 'Person 1')],
    },
    [conflict(2999 + 10, 'Person 2999', true)],
  );

  it('keeps the people the user shares most relations with, up to the limit', () => {
    const { shown, matching } = selectShownPeople(many, noFilter);
    expect(matching).toBe(3000);
    expect(shown).toHaveLength(40);
    expect(shown.slice(0, 2).map((person) => person.name)).toEqual(['Person 0', 'Person 1']);
  });

  it('finds anyone by part of their name, ignoring case and accents', () => {
    const { shown } = selectShownPeople(many, { ...noFilter, nameQuery: 'PERSON 2999' });
    expect(shown.map((person) => person.name)).toEqual(['Person 2999']);
    const accented = buildGraphPeople({ '1': [personRow(1, 'José Ñúñez')] }, []);
    expect(selectShownPeople(accented, { ...noFilter, nameQuery: 'jose nu' }).shown).toHaveLength(
      1,
    );
  });

  it('shows conflicts only, or leaves out the people of a switched-off type', () => {
    expect(
      selectShownPeople(many, { ...noFilter, isConflictsOnly: true }).shown.map((p) => p.name),
    ).toEqual(['Person 2999']);
    const withoutPapers = selectShownPeople(many, { ...noFilter, hiddenTypeIds: new Set([3]) });
    expect(withoutPapers.matching).toBe(2);
  });
});

describe('placeOnRing', () => {
  it('places people of one type together, evenly around the user, starting at the top', () => {
    const people = buildGraphPeople(relations, []);
    const placed = placeOnRing(people, [1, 2, 3]);
    expect(placed.map((person) => [person.name, person.angle])).toEqual([
      ['Alan Turing', -90],
      ['Grace Hopper', 90],
    ]);
    expect(placed[0]!.x).toBeCloseTo(400);
    expect(placed[0]!.y).toBeCloseTo(170);
  });

  const named = (count: number, name: (index: number) => string) =>
    Array.from({ length: count }, (_, index) => ({
      ...buildGraphPeople(relations, [])[0]!,
      id: index + 1,
      name: name(index),
      total: count - index,
    }));

  it('labels the people straight above and below the user level and whole, the others along the radius', () => {
    const placed = placeOnRing(
      named(6, (index) => `Person with a rather long name ${index}`),
      [1, 2, 3],
    );
    expect(placed.map((person) => [person.angle, person.labelPlacement])).toEqual([
      [-90, 'above'],
      [-30, 'radial'],
      [30, 'radial'],
      [90, 'below'],
      [150, 'radial'],
      [210, 'radial'],
    ]);
    expect(placed[0]!.label).toBe('Person with a rather long name 0');
    expect(placed[1]!.label).toBe('Person with a rat…');
  });

  it('keeps the top label radial when its neighbours stand too close for a level one', () => {
    const placed = placeOnRing(
      named(40, (index) => `Person ${index} with a long name`),
      [1, 2, 3],
    );
    expect(placed[0]).toMatchObject({ angle: -90, labelPlacement: 'radial' });
    const short = placeOnRing(
      named(40, (index) => `P${index}`),
      [1, 2, 3],
    );
    expect(short[0]).toMatchObject({ angle: -90, labelPlacement: 'above', label: 'P0' });
  });
});
