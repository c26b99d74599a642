import { describe, expect, it } from 'vitest';
import { nameWithoutHomonym, paperTypeOf, splitDblpName } from './dblp-people.ts';

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
