import { describe, expect, it } from 'vitest';
import { relationStatus, relationTypeToWire, relationTypes } from '@recuse/common';
import type { PersonRow, RelationList } from '../api/get-relation-list.ts';
import { exportRows, filterRelationList, noFilter, toCsv } from './relation-list-filter.ts';

const person = (name: string, endYear: number | null, status: number, id: number): PersonRow => ({
  display_coauthor_name: name,
  co_author_id: id,
  co_author_status: 1,
  start_date: 2010,
  start_date_month: null,
  end_date: endYear,
  end_date_month: null,
  status,
  modify_id: id,
});

const paper = (title: string, year: number, status: number, coauthor: string, id: number) => ({
  publication_name: title,
  publication_years: {
    [String(year)]: {
      date_end_year: year,
      status,
      co_author_names: coauthor,
      parent_id: id,
      co_authors: [
        {
          coauthor_id: id,
          coauthor_name: coauthor,
          status,
          alow_modify: 1 as const,
          relationId: 1,
        },
      ],
    },
  },
});

const list: RelationList = {
  tot_relations: 5,
  relation_types: relationTypes.map(relationTypeToWire),
  institution_list: [],
  relations: {
    '1': [
      person('José Núñez', 2015, relationStatus.validated, 11),
      person('Bob Baker', null, relationStatus.pending, 12),
    ],
    '3': [
      paper('Zebra stripes', 2019, relationStatus.validated, 'Ann Able', 21),
      paper('Analytical engines', 2023, relationStatus.pending, 'Bob Baker', 22),
      paper('=HYPERLINK("x")', 2001, relationStatus.disputed, 'Carl, "the" Cook', 23),
    ],
  },
};

const names = (filtered: RelationList, type: string) =>
  (filtered.relations[type] ?? []).map((row) =>
    'publication_name' in row ? row.publication_name : (row as PersonRow).display_coauthor_name,
  );

describe('filterRelationList', () => {
  it('finds a person by part of the name, ignoring case and accents, and a title by a co-author', () => {
    const byName = filterRelationList(list, { ...noFilter, text: 'jose nu' });
    expect(names(byName, '1')).toEqual(['José Núñez']);
    expect(names(byName, '3')).toEqual([]);
    const byCoauthor = filterRelationList(list, { ...noFilter, text: 'baker' });
    expect(names(byCoauthor, '1')).toEqual(['Bob Baker']);
    expect(names(byCoauthor, '3')).toEqual(['Analytical engines']);
    expect(names(filterRelationList(list, { ...noFilter, text: 'ZEBRA' }), '3')).toEqual([
      'Zebra stripes',
    ]);
  });

  it('keeps one type, or one status', () => {
    const papers = filterRelationList(list, { ...noFilter, typeId: 3 });
    expect(Object.keys(papers.relations)).toEqual(['3']);
    const pending = filterRelationList(list, { ...noFilter, status: relationStatus.pending });
    expect(names(pending, '1')).toEqual(['Bob Baker']);
    expect(names(pending, '3')).toEqual(['Analytical engines']);
  });

  it('sorts people by name, by year either way (ongoing newest) and by status', () => {
    expect(names(filterRelationList(list, { ...noFilter, sort: 'name' }), '1')).toEqual([
      'Bob Baker',
      'José Núñez',
    ]);
    expect(names(filterRelationList(list, { ...noFilter, sort: 'newest' }), '1')).toEqual([
      'Bob Baker',
      'José Núñez',
    ]);
    expect(names(filterRelationList(list, { ...noFilter, sort: 'oldest' }), '1')).toEqual([
      'José Núñez',
      'Bob Baker',
    ]);
    expect(names(filterRelationList(list, { ...noFilter, sort: 'status' }), '1')).toEqual([
      'Bob Baker',
      'José Núñez',
    ]);
  });
});

describe('exports', () => {
  it('has one line per relation, with its type, people, year, status and link', () => {
    const rows = exportRows(list, 'https://recuse.example');
    expect(rows).toHaveLength(5);
    expect(rows).toContainEqual({
      type: 'Co-authored publication',
      title: 'Zebra stripes',
      people: 'Ann Able',
      institution: '',
      start: '',
      end: '2019',
      status: 'Accepted',
      link: 'https://recuse.example/relations/view/21',
    });
    expect(
      rows.find((row) => row.people === 'Bob Baker' && row.type !== 'Co-authored publication'),
    ).toMatchObject({ start: '2010', end: 'Ongoing', status: 'Pending' });
  });

  it('writes CSV with quoted cells and no formula a spreadsheet would run', () => {
    const csv = toCsv(exportRows(list, 'https://recuse.example'));
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe('type,title,people,institution,start,end,status,link');
    expect(lines).toHaveLength(6);
    expect(csv).toContain(`"'=HYPERLINK(""x"")","Carl, ""the"" Cook"`);
  });
});
