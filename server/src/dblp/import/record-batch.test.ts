import { describe, expect, it } from 'vitest';
import { createPerson, createPublication } from '../records.ts';
import type { Person, Publication } from '../records.ts';
import { affiliationNoteText, buildRecordBatch, findCrossrefLink } from './record-batch.ts';

function publication(key: string, fields: Partial<Publication> = {}): Publication {
  return { ...createPublication('inproceedings', { key }), title: 'T', ...fields };
}

function person(pid: string, names: string[], fields: Partial<Person> = {}): Person {
  return { ...createPerson({ key: `homepages/${pid}` }), names, ...fields };
}

describe('buildRecordBatch', () => {
  it('keeps the last record of a key repeated in one batch', () => {
    const batch = buildRecordBatch([
      publication('conf/a/X', { title: 'First' }),
      publication('conf/a/X', { title: 'Second', authors: [{ name: 'Ada' }, { name: 'Alan' }] }),
    ]);
    expect(batch.publications.keys).toEqual(['conf/a/X']);
    expect(batch.publications.titles).toEqual(['Second']);
    expect(batch.authorships).toEqual({
      publicationIndexes: [0, 0],
      positions: [1, 2],
      names: ['Ada', 'Alan'],
    });
  });

  it('gives a name to the last person who claims it, and counts redirect records apart', () => {
    const batch = buildRecordBatch([
      person('1/1', ['Wei Wang 0001', 'W. Wang']),
      person('1/2', ['Wei Wang 0002', 'W. Wang']),
      person('1/3', [], { crossref: 'homepages/1/1' }),
    ]);
    expect(batch.redirects).toBe(1);
    expect(batch.people.pids).toEqual(['1/1', '1/2']);
    expect(batch.people).toMatchObject({ firstNames: ['Wei', 'Wei'], lastNames: ['Wang', 'Wang'] });
    expect(batch.names).toEqual({
      names: ['Wei Wang 0001', 'Wei Wang 0002', 'W. Wang'],
      personIndexes: [0, 1, 1],
      isPrimary: [true, true, false],
    });
  });
});

describe('findCrossrefLink', () => {
  it.each([
    ['no venue, a crossref', publication('c/p/A', { crossref: 'c/p/2019' }), 'c/p/2019'],
    ['a venue of its own', publication('c/p/A', { crossref: 'c/p/2019', venue: 'SP' }), undefined],
    ['no crossref', publication('c/p/A'), undefined],
  ])('%s', (_case, record, parentKey) => {
    expect(findCrossrefLink(record)?.parentKey).toBe(parentKey);
  });
});

describe('affiliationNoteText', () => {
  it.each([
    [{ text: 'MIT' }, 'MIT'],
    [{ text: 'MIT', label: 'former' }, 'MIT (former)'],
    [{ text: 'NUS', label: 'PhD 2007' }, 'NUS (PhD 2007)'],
  ])('writes %j as %j', (note, text) => {
    expect(affiliationNoteText(note)).toBe(text);
  });
});
