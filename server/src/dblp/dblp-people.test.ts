import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import {
  nameWithoutHomonym,
  orcidIdsOf,
  paperTypeOf,
  readOrcidId,
  splitDblpName,
} from './dblp-people.ts';
import { parsePerson } from './parse-person.ts';
import { fixturePath } from './test-support.ts';

const personFile = async (name: string) => parsePerson(await readFile(fixturePath(name)));

describe('splitDblpName', () => {
  it.each([
    ['Donald E. Knuth', { firstName: 'Donald E.', lastName: 'Knuth' }],
    ['Wei Wang 0001', { firstName: 'Wei', lastName: 'Wang' }],
    ['Plato', { firstName: '', lastName: 'Plato' }],
    ['  Ada   Lovelace ', { firstName: 'Ada', lastName: 'Lovelace' }],
    ['', { firstName: '', lastName: '' }],
  ])('%j', (name, expected) => {
    expect(splitDblpName(name)).toEqual(expected);
  });

  it('keeps digits that are part of a name rather than a homonym suffix', () => {
    expect(nameWithoutHomonym('Agent 007')).toBe('Agent 007');
    expect(nameWithoutHomonym('Hua Lu 0001')).toBe('Hua Lu');
  });
});

describe('paperTypeOf', () => {
  it.each([
    [{ kind: 'inproceedings' as const }, 1],
    [{ kind: 'article' as const }, 1],
    [{ kind: 'article' as const, publtype: 'informal' }, 2],
    [{ kind: 'inproceedings' as const, publtype: 'withdrawn' }, 2],
    [{ kind: 'proceedings' as const }, 2],
    [{ kind: 'phdthesis' as const }, 2],
    [{ kind: 'data' as const }, 2],
  ])('%j is %i', (publication, expected) => {
    expect(paperTypeOf(publication)).toBe(expected);
  });
});

describe('orcidIdsOf', () => {
  it('reads the ORCID iD a real person record lists, and nothing from one that lists none', async () => {
    const sariel = await personFile('person/17-8399.xml');
    expect(sariel.person.urls).toHaveLength(2);
    expect(orcidIdsOf(sariel.person)).toEqual(['0000-0003-2993-6681']);
    const diXu = await personFile('person/95-7448-1.xml');
    expect(orcidIdsOf(diXu.person)).toEqual([]);
  });

  it.each([
    ['https://orcid.org/0000-0003-2993-6681', ['0000-0003-2993-6681']],
    ['http://www.orcid.org/0000-0002-8172-470x/', ['0000-0002-8172-470X']],
    [' https://orcid.org/0000-0001-6500-385X ', ['0000-0001-6500-385X']],
    ['https://example.org/0000-0003-2993-6681', []],
    ['https://orcid.org.example.org/0000-0003-2993-6681', []],
    ['https://orcid.org/0000-0003-2993', []],
    ['https://orcid.org/my-works', []],
    ['not a url', []],
  ])('%j lists %j', (url, expected) => {
    expect(orcidIdsOf({ urls: [url] })).toEqual(expected);
  });

  it('lists an iD once however often the record names it', () => {
    const urls = ['https://orcid.org/0000-0003-2993-6681', 'http://orcid.org/0000-0003-2993-6681'];
    expect(orcidIdsOf({ urls })).toEqual(['0000-0003-2993-6681']);
  });
});

describe('readOrcidId', () => {
  it.each([
    ['0000-0003-2993-6681', '0000-0003-2993-6681'],
    ['0000-0002-8172-470x', '0000-0002-8172-470X'],
    ['0000000329936681', undefined],
    ['', undefined],
  ])('%j is %j', (text, expected) => {
    expect(readOrcidId(text)).toBe(expected);
  });
});
