import { describe, expect, it } from 'vitest';
import { hotcrpConflictOf, strongestHotcrpConflict } from './hotcrp-conflict-types.ts';

describe('hotcrpConflictOf', () => {
  it.each([
    [1, 'advisor'],
    [2, 'collaborator'],
    [3, 'collaborator'],
    [4, 'institutional'],
    [5, 'personal'],
    [6, 'collaborator'],
    [7, 'collaborator'],
    [8, 'institutional'],
    [0, 'institutional'],
    [99, 'other'],
  ])('type %i is %s', (type, keyword) => expect(hotcrpConflictOf(type)).toBe(keyword));
});

describe('strongestHotcrpConflict', () => {
  it('takes the most specific firm reason, provisional ones only when nothing is firm', () => {
    expect(
      strongestHotcrpConflict([
        { hotcrpConflict: 'institutional', isProvisional: false },
        { hotcrpConflict: 'advisor', isProvisional: true },
        { hotcrpConflict: 'collaborator', isProvisional: false },
      ]),
    ).toBe('collaborator');
    expect(
      strongestHotcrpConflict([
        { hotcrpConflict: 'institutional', isProvisional: true },
        { hotcrpConflict: 'personal', isProvisional: true },
      ]),
    ).toBe('personal');
    expect(strongestHotcrpConflict([])).toBeNull();
  });
});
