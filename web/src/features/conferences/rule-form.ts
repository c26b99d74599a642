// The rule form's values and what they become on the wire (docs/api-conflicts.md, "Conference
// management") and how a rule reads in a table.
import { relationTypeNames } from '@recuse/common';
import type { ConflictRuleSave, ConflictRuleWire, RuleOperation } from '@recuse/common';
import type { FormFields } from '../../lib/api-client.ts';

/** What the form holds: text as the inputs hold it; the shared schema reads it. */
export type RuleFormValues = {
  rule_title: string;
  /** '0' (Institutional) to '8'; '' before a type is chosen. */
  relation_type_id: string;
  operation_txt: RuleOperation;
  number_of_year: string;
  number_of_month: string;
  checked_date: 'start' | 'end';
  readonly_field: boolean;
};

export const emptyRuleForm: RuleFormValues = {
  rule_title: '',
  relation_type_id: '',
  operation_txt: 'WITHIN_X_YEARS',
  number_of_year: '4',
  number_of_month: '',
  checked_date: 'end',
  readonly_field: false,
};

/** A stored rule, to edit. The end is checked unless only the start is (ruleFromWire). */
export function ruleToFormValues(rule: ConflictRuleWire): RuleFormValues {
  return {
    rule_title: rule.rule_title,
    relation_type_id: String(rule.relation_type_id),
    operation_txt: rule.operation_txt,
    number_of_year: rule.number_of_year === null ? '' : String(rule.number_of_year),
    number_of_month: rule.number_of_month === null ? '' : String(rule.number_of_month),
    checked_date: rule.start_date_check === 1 && rule.end_date_check !== 1 ? 'start' : 'end',
    readonly_field: rule.readonly_field === 1,
  };
}

/**
 * The form as conflictRuleSaveSchema reads it. Numbers an operation does not read are left
 * out (no years on ALWAYS or WITHIN_X_MONTHS, no months on ALWAYS), as the server keeps them.
 */
export function ruleFormToInput(values: RuleFormValues): Record<string, string | boolean> {
  const { operation_txt: operation } = values;
  return {
    rule_title: values.rule_title,
    relation_type_id: values.relation_type_id,
    operation_txt: operation,
    number_of_year: operation === 'WITHIN_X_YEARS' ? values.number_of_year : '',
    number_of_month: operation === 'ALWAYS' ? '' : values.number_of_month,
    start_date_check: values.checked_date === 'start',
    end_date_check: values.checked_date === 'end',
    readonly_field: values.readonly_field,
  };
}

/** A checked rule as the form posts it. */
export function ruleSaveToFields(rule: ConflictRuleSave): FormFields {
  const fields: FormFields = {
    rule_title: rule.rule_title,
    relation_type_id: String(rule.relation_type_id),
    operation_txt: rule.operation_txt,
    number_of_year: rule.number_of_year === null ? '' : String(rule.number_of_year),
    number_of_month: rule.number_of_month === null ? '' : String(rule.number_of_month),
    start_date_check: rule.start_date_check ? '1' : '0',
    end_date_check: rule.end_date_check ? '1' : '0',
    readonly_field: rule.readonly_field ? '1' : '0',
  };
  if (rule.value !== undefined) fields.value = rule.value;
  return fields;
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** 'within 4 years', 'within 2 years and 6 months', 'within 6 months', 'always'. */
export function describeWindow(
  rule: Pick<ConflictRuleWire, 'operation_txt' | 'number_of_year' | 'number_of_month'>,
): string {
  if (rule.operation_txt === 'ALWAYS') return 'always';
  const years = rule.operation_txt === 'WITHIN_X_YEARS' ? (rule.number_of_year ?? 0) : 0;
  const months = rule.number_of_month ?? 0;
  const parts = [
    ...(years > 0 ? [plural(years, 'year')] : []),
    ...(months > 0 ? [plural(months, 'month')] : []),
  ];
  return parts.length === 0 ? 'from the reference date on' : `within ${parts.join(' and ')}`;
}

/** 'Co-authored publication, within 4 years of its end date' (ALWAYS names no date). */
export function describeRule(rule: ConflictRuleWire): string {
  const type = relationTypeNames[rule.relation_type_id] ?? `Type ${rule.relation_type_id}`;
  const window = describeWindow(rule);
  if (rule.operation_txt === 'ALWAYS') return `${type}, always`;
  const date = ruleToFormValues(rule).checked_date === 'start' ? 'start' : 'end';
  return `${type}, ${window} of its ${date} date`;
}
