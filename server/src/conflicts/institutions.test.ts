import { describe, expect, it } from 'vitest';
import { institutionKey, resolveInstitutions } from './institutions.ts';
import { institution } from './test-builders.ts';

describe('institutionKey', () => {
  it('ignores case, accents, punctuation and repeated spaces', () => {
    expect(institutionKey('  Université  de Montréal. ')).toBe('universite de montreal');
    expect(institutionKey('ETH-Zürich')).toBe(institutionKey('eth zurich'));
  });
});

describe('resolveInstitutions', () => {
  const resolver = resolveInstitutions([
    institution(5, 'Massachusetts Institute of Technology', { aliases: ['MIT'] }),
    institution(2, 'MIT', { isApproved: false }),
    institution(7, 'M.I.T. Media Lab record', { mergedIntoId: 8 }),
    institution(8, 'MIT Old Name', { mergedIntoId: 5 }),
    institution(9, 'massachusetts institute of technology'),
    institution(20, 'University College London', { aliases: ['UCL'] }),
    institution(21, 'Université catholique de Louvain', { aliases: ['UCL'] }),
    institution(30, 'Proposed Lab', { isApproved: false }),
  ]);

  it.each([
    { label: 'an alias named as its own institution', id: 2, expected: 5 },
    { label: 'a chain of merges', id: 7, expected: 5 },
    { label: 'a duplicate name', id: 9, expected: 5 },
    { label: 'the canonical institution itself', id: 5, expected: 5 },
    { label: 'an unknown id', id: 99, expected: 99 },
  ])('resolves $label to $expected', ({ id, expected }) => {
    expect(resolver.canonicalIdOf(id)).toBe(expected);
  });

  it('prefers the approved, unmerged member over the lowest id', () => {
    expect(resolver.nameOf(resolver.canonicalIdOf(2))).toBe(
      'Massachusetts Institute of Technology',
    );
    expect(resolver.isApproved(5)).toBe(true);
  });

  it('keeps two institutions apart when they only share an alias', () => {
    expect(resolver.canonicalIdOf(20)).toBe(20);
    expect(resolver.canonicalIdOf(21)).toBe(21);
  });

  it('reports an institution awaiting approval', () => {
    expect(resolver.isApproved(30)).toBe(false);
    expect(resolver.nameOf(99)).toBe('Institution 99');
  });
});
