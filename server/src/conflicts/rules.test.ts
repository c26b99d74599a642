import type { RelationStatus } from '@recuse/common';
import { defaultConflictRules } from '@recuse/common';
import { describe, expect, it } from 'vitest';
import { toMonthIndex, toMonthSpan } from './dates.ts';
import { countingStatus, findMatchingRule, groupRulesByType, weakerStatus } from './rules.ts';
import { defaultRule, on } from './test-builders.ts';

describe('countingStatus', () => {
  it.each([
    { status: 1, expected: 1 },
    { status: 3, expected: 3 },
    { status: 4, expected: 4 },
    { status: 0, expected: null },
    { status: 2, expected: null },
    { status: 9, expected: null },
  ])('status $status counts as $expected', ({ status, expected }) => {
    expect(countingStatus(status)).toBe(expected);
  });
});

describe('weakerStatus', () => {
  it.each([
    { first: 1, second: 1, expected: 1 },
    { first: 1, second: 3, expected: 3 },
    { first: 3, second: 1, expected: 3 },
    { first: 3, second: 4, expected: 4 },
    { first: 4, second: 1, expected: 4 },
    { first: 1, second: null, expected: null },
  ] as { first: RelationStatus; second: RelationStatus | null; expected: RelationStatus | null }[])(
    '$first with $second links at $expected',
    ({ first, second, expected }) => {
      expect(weakerStatus(first, second)).toBe(expected);
    },
  );
});

describe('findMatchingRule', () => {
  it('takes the first selected rule of the type that the relation satisfies', () => {
    const strict = { ...defaultRule('coauthor-4y'), value: 'coauthor-1y', numberOfYears: 1 };
    const byType = groupRulesByType([strict, ...defaultConflictRules]);
    const reference = toMonthIndex(on(2024, 6));
    expect(findMatchingRule(byType.get(3), toMonthSpan(null, on(2024, 1)), reference)?.value).toBe(
      'coauthor-1y',
    );
    expect(findMatchingRule(byType.get(3), toMonthSpan(null, on(2021, 1)), reference)?.value).toBe(
      'coauthor-4y',
    );
    expect(findMatchingRule(byType.get(3), toMonthSpan(null, on(2019, 1)), reference)).toBe(
      undefined,
    );
  });
});
