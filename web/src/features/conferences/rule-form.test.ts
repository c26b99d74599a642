import { describe, expect, it } from 'vitest';
import { conflictRuleSaveSchema, defaultConflictRules, ruleToWire } from '@recuse/common';
import {
  describeRule,
  emptyRuleForm,
  ruleFormToInput,
  ruleSaveToFields,
  ruleToFormValues,
} from './rule-form.ts';
import { parseEmailList, summarizeAdditions } from './committee-additions.ts';

const wire = defaultConflictRules.map(ruleToWire);
const byValue = (value: string) => wire.find((rule) => rule.value === value)!;

describe('the rule form', () => {
  it('round-trips every DEFAULT rule through the form and the shared schema unchanged', () => {
    for (const rule of wire) {
      const parsed = conflictRuleSaveSchema.parse(ruleFormToInput(ruleToFormValues(rule)));
      const fields = ruleSaveToFields(parsed);
      expect(fields).toEqual({
        rule_title: rule.rule_title,
        relation_type_id: String(rule.relation_type_id),
        operation_txt: rule.operation_txt,
        number_of_year: rule.number_of_year === null ? '' : String(rule.number_of_year),
        number_of_month: rule.number_of_month === null ? '' : String(rule.number_of_month),
        start_date_check: '0',
        end_date_check: '1',
        readonly_field: String(rule.readonly_field),
      });
    }
  });

  it('drops the numbers an operation does not read, and sends a start-date check alone', () => {
    const input = ruleFormToInput({
      ...emptyRuleForm,
      rule_title: 'Advisor',
      relation_type_id: '1',
      operation_txt: 'ALWAYS',
      number_of_year: '4',
      number_of_month: '6',
      checked_date: 'start',
    });
    expect(input).toMatchObject({
      number_of_year: '',
      number_of_month: '',
      start_date_check: true,
      end_date_check: false,
    });
    const months = ruleFormToInput({
      ...emptyRuleForm,
      operation_txt: 'WITHIN_X_MONTHS',
      number_of_year: '4',
      number_of_month: '6',
    });
    expect(months).toMatchObject({ number_of_year: '', number_of_month: '6' });
  });

  it('refuses a missing type and a missing number with the shared messages', () => {
    const paths = (values: Partial<typeof emptyRuleForm>) =>
      conflictRuleSaveSchema
        .safeParse(ruleFormToInput({ ...emptyRuleForm, rule_title: 'x', ...values }))
        .error?.issues.map((issue) => issue.path[0]);
    expect(paths({})).toEqual(['relation_type_id']);
    expect(paths({ relation_type_id: '3', number_of_year: '' })).toEqual(['number_of_year']);
  });

  it('reads a rule in words', () => {
    expect(describeRule(byValue('coauthor-4y'))).toBe(
      'Co-authored publication, within 4 years of its end date',
    );
    expect(describeRule(byValue('advisor-always'))).toBe('Ph.D. advisor/advisee, always');
    expect(describeRule(byValue('pending-application-6m'))).toMatch(
      /, within 6 months of its end date$/,
    );
    expect(describeRule(byValue('institutional-2y'))).toBe(
      'Institutional, within 2 years of its end date',
    );
    expect(
      describeRule({
        ...byValue('coauthor-4y'),
        number_of_month: 1,
        start_date_check: 1,
        end_date_check: 0,
      }),
    ).toBe('Co-authored publication, within 4 years and 1 month of its start date');
  });
});

describe('the committee list', () => {
  it('reads addresses separated by lines, commas, semicolons and spaces, each once', () => {
    expect(
      parseEmailList(' Ada@Example.org,grace@navy.mil\nAda Lovelace <ada@example.org>; x y@z.io '),
    ).toEqual({ emails: ['ada@example.org', 'grace@navy.mil', 'y@z.io'], invalid: ['x'] });
    expect(parseEmailList('  \n ')).toEqual({ emails: [], invalid: [] });
  });

  it('sums up what was added, what was there already and what failed', () => {
    expect(
      summarizeAdditions([
        { email: 'a@x.org', outcome: 'added', invitation: 'not_needed' },
        { email: 'b@x.org', outcome: 'already' },
        { email: 'c@x', outcome: 'failed', message: 'Please enter a valid e-mail.' },
      ]),
    ).toEqual({
      notice: 'Added 1 member. Already on the committee: b@x.org.',
      failures: ['c@x: Please enter a valid e-mail.'],
    });
  });

  it("says which addresses were invited, and which the day's invitation limit left uninvited", () => {
    expect(
      summarizeAdditions([
        { email: 'a@x.org', outcome: 'added', invitation: 'sent' },
        { email: 'b@x.org', outcome: 'added', invitation: 'not_needed' },
        { email: 'c@x.org', outcome: 'added', invitation: 'sent' },
        { email: 'd@x.org', outcome: 'added', invitation: 'limit_reached' },
      ]).notice,
    ).toBe(
      'Added 4 members. Invited by e-mail, having no account yet: a@x.org, c@x.org. ' +
        "Not invited yet, today's invitations being used up: d@x.org. Invite them later from the table.",
    );
  });
});
