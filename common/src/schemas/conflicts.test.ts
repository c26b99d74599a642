// Reading the rule selection of the list and export calls, and the rule form of chairs.
import { describe, expect, it } from 'vitest';
import { defaultConflictRules, ruleToWire } from '../conflict-rules.ts';
import {
  conferenceCreateSchema,
  conferenceMessages,
  conflictRuleSaveSchema,
  readSelectionValues,
  selectionFieldOf,
} from './conflicts.ts';

describe('readSelectionValues', () => {
  it.each([
    [undefined, []],
    ['', []],
    ['[]', []],
    ['["coauthor-4y","advisor-always"]', ['coauthor-4y', 'advisor-always']],
    [JSON.stringify([ruleToWire(defaultConflictRules[0]!)]), ['coauthor-4y']],
    [
      ['personal-always', { value: 'advisor-always', rule_title: 'ignored' }],
      ['personal-always', 'advisor-always'],
    ],
  ])('reads %j as %j', (field, values) => {
    expect(readSelectionValues(field)).toEqual(values);
  });

  it.each(['[oops', '{"value":"x"}', '[1]', '[{"title":"no value"}]', '[""]', 'null'])(
    'cannot read %j',
    (field) => {
      expect(readSelectionValues(field)).toBe('unreadable');
    },
  );
});

describe('selectionFieldOf', () => {
  it('splits rules as the contract does: types 1 to 7, type 8, institutional', () => {
    expect(defaultConflictRules.map((rule) => selectionFieldOf(rule.relationTypeId))).toEqual([
      'conflictRules',
      'conflictRules',
      'conflictRules',
      'conflictRules',
      'conflictRules',
      'conflictRules',
      'conflictRules',
      'conflictRulesPendingEmp',
      'conflictInstiRules',
    ]);
  });
});

describe('conflictRuleSaveSchema', () => {
  it('reads a form-encoded rule', () => {
    expect(
      conflictRuleSaveSchema.parse({
        rule_title: ' Within 6 months ',
        relation_type_id: '8',
        operation_txt: 'WITHIN_X_MONTHS',
        number_of_month: '6',
        number_of_year: '',
        start_date_check: '1',
      }),
    ).toEqual({
      rule_title: 'Within 6 months',
      relation_type_id: 8,
      operation_txt: 'WITHIN_X_MONTHS',
      number_of_month: 6,
      number_of_year: null,
      start_date_check: true,
      end_date_check: false,
      readonly_field: false,
    });
  });

  it('needs the number its operation reads', () => {
    const result = conflictRuleSaveSchema.safeParse({
      rule_title: 'x',
      relation_type_id: 3,
      operation_txt: 'WITHIN_X_MONTHS',
    });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => issue.path.join('.'))).toEqual(['number_of_month']);
  });
});

describe('conflictRuleSaveSchema relation_type_id and numbers', () => {
  const rule = { rule_title: 'x', operation_txt: 'WITHIN_X_YEARS', number_of_year: 2 };

  it('refuses a type that is not a number or its digits, instead of reading it as 0 or 1', () => {
    // Blank, null, false and [] used to become 0 (Institutional), true 1, [5] 5.
    for (const relation_type_id of ['', ' ', null, false, true, [], [5], '0x3', '1e0']) {
      const result = conflictRuleSaveSchema.safeParse({ ...rule, relation_type_id });
      expect(result.success, JSON.stringify(relation_type_id)).toBe(false);
      expect(result.error!.issues.map((issue) => issue.message)).toEqual([
        conferenceMessages.relationType,
      ]);
    }
    expect(conflictRuleSaveSchema.parse({ ...rule, relation_type_id: '0' }).relation_type_id).toBe(
      0,
    );
  });

  it('reads years and months from digits only', () => {
    for (const number_of_year of ['0x10', '1e1', '1.5', true]) {
      const result = conflictRuleSaveSchema.safeParse({
        ...rule,
        relation_type_id: 3,
        number_of_year,
      });
      expect(result.success, JSON.stringify(number_of_year)).toBe(false);
    }
  });
});

describe('conferenceCreateSchema', () => {
  it('keeps a real date, reads blank as today, refuses impossible days', () => {
    const base = { name: 'ISCA-2027', label: 'ISCA' };
    expect(
      conferenceCreateSchema.parse({ ...base, reference_date: '2024-02-29' }).reference_date,
    ).toBe('2024-02-29');
    expect(conferenceCreateSchema.parse({ ...base, reference_date: '' }).reference_date).toBeNull();
    const result = conferenceCreateSchema.safeParse({ ...base, reference_date: '2023-02-29' });
    expect(result.error!.issues[0]!.message).toBe(conferenceMessages.referenceDate);
  });
});
