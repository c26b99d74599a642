import { describe, expect, it } from 'vitest';
import type { ConflictRuleWire } from './conflict-rules.ts';
import { defaultConflictRules, ruleFromWire, ruleToWire } from './conflict-rules.ts';

describe('defaultConflictRules', () => {
  it('ships the DEFAULT rules of docs/conflicts.md with stable values', () => {
    expect(
      defaultConflictRules.map((rule) => [
        rule.value,
        rule.relationTypeId,
        rule.operation,
        rule.numberOfYears ?? rule.numberOfMonths,
        rule.isReadonly,
      ]),
    ).toEqual([
      ['coauthor-4y', 3, 'WITHIN_X_YEARS', 4, false],
      ['advisor-always', 1, 'ALWAYS', null, true],
      ['collaboration-4y', 2, 'WITHIN_X_YEARS', 4, false],
      ['employment-4y', 4, 'WITHIN_X_YEARS', 4, false],
      ['award-4y', 6, 'WITHIN_X_YEARS', 4, false],
      ['grant-4y', 7, 'WITHIN_X_YEARS', 4, false],
      ['personal-always', 5, 'ALWAYS', null, true],
      ['pending-application-6m', 8, 'WITHIN_X_MONTHS', 6, false],
      ['institutional-2y', 0, 'WITHIN_X_YEARS', 2, false],
    ]);
  });

  it('writes the built-in type 8 rule on the wire as the contract states it', () => {
    const pending = defaultConflictRules.find((rule) => rule.relationTypeId === 8);
    expect(pending && ruleToWire(pending)).toEqual({
      value: 'pending-application-6m',
      rule_title: 'Pending employment or application within 6 months of the application date',
      relation_type_id: 8,
      start_date_check: 0,
      end_date_check: 1,
      readonly_field: 0,
      operation_txt: 'WITHIN_X_MONTHS',
      number_of_year: null,
      number_of_month: 6,
    });
  });
});

describe('ruleFromWire', () => {
  const wire: ConflictRuleWire = {
    value: 'custom',
    rule_title: 'Custom',
    relation_type_id: 2,
    start_date_check: 1,
    end_date_check: 0,
    readonly_field: 1,
    operation_txt: 'WITHIN_X_YEARS',
    number_of_year: 3,
    number_of_month: null,
  };

  it('round-trips every default rule', () => {
    for (const rule of defaultConflictRules) expect(ruleFromWire(ruleToWire(rule))).toEqual(rule);
  });

  it.each([
    { start: 1, end: 0, expected: 'start' },
    { start: 0, end: 1, expected: 'end' },
    { start: 1, end: 1, expected: 'end' },
    { start: 0, end: 0, expected: 'end' },
  ] as const)('checks the $expected date for start=$start end=$end', ({ start, end, expected }) => {
    const rule = ruleFromWire({ ...wire, start_date_check: start, end_date_check: end });
    expect(rule.checkedDate).toBe(expected);
    expect(rule.isReadonly).toBe(true);
  });
});
