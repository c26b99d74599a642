// Conference conflict rules (docs/conflicts.md, "Rules"): the shape the engine reads, the wire
// shape (docs/api-conflicts.md), the mapper between them, and the DEFAULT conference's rule set.
// Shared so the browser labels rules exactly as the server applies them.
import { messages } from './messages.ts';
import { relationTypes } from './relation-types.ts';

/**
 * 'Institutional' is a pseudo relation type that only rules name (docs/product.md, "Relation
 * types"). Its id is 0, outside the seeded 1 to 8, so it can never collide with a real type added
 * later.
 */
export const institutionalRelationTypeId = 0;

/** Every type's name by id, 'Institutional' (0) included: what rules and reasons show. */
export const relationTypeNames: Readonly<Record<number, string>> = Object.fromEntries([
  [institutionalRelationTypeId, 'Institutional'],
  ...relationTypes.map((type) => [type.id, type.name]),
]);

/**
 * The rule a personal relation's reason names for everyone but its parties and the
 * administrators (docs/conflicts.md, "Personal relations"): the conference's own rule would tell
 * its words and its window, so a chair reads the same bare wording as the relation type.
 */
export const withheldPersonalRule = {
  value: 'personal-withheld',
  title: messages.personalRelationWithheld,
} as const;

/** A reason on the wire whose personal relation is withheld from its reader. */
export function isWithheldPersonalReason(reason: { relation_type_name: string | null }): boolean {
  return reason.relation_type_name === messages.personalRelationWithheld;
}

export const ruleOperations = ['ALWAYS', 'WITHIN_X_YEARS', 'WITHIN_X_MONTHS'] as const;
export type RuleOperation = (typeof ruleOperations)[number];

/** One line of a conference's conflict policy, in our words. */
export interface ConflictRule {
  /** Stable id, e.g. 'coauthor-4y'; the wire's `value`. */
  value: string;
  title: string;
  /** 1 to 8, or `institutionalRelationTypeId` (0). */
  relationTypeId: number;
  /** Which date of a relation (or of an affiliation overlap) the window measures. */
  checkedDate: 'start' | 'end';
  /** Read-only rules cannot be unticked by users. */
  isReadonly: boolean;
  operation: RuleOperation;
  numberOfYears: number | null;
  numberOfMonths: number | null;
}

/** The same rule with the wire's field names (docs/api-conflicts.md); flags are 0 or 1. */
export interface ConflictRuleWire {
  value: string;
  rule_title: string;
  relation_type_id: number;
  start_date_check: 0 | 1;
  end_date_check: 0 | 1;
  readonly_field: 0 | 1;
  operation_txt: RuleOperation;
  number_of_year: number | null;
  number_of_month: number | null;
}

export function ruleToWire(rule: ConflictRule): ConflictRuleWire {
  return {
    value: rule.value,
    rule_title: rule.title,
    relation_type_id: rule.relationTypeId,
    start_date_check: rule.checkedDate === 'start' ? 1 : 0,
    end_date_check: rule.checkedDate === 'end' ? 1 : 0,
    readonly_field: rule.isReadonly ? 1 : 0,
    operation_txt: rule.operation,
    number_of_year: rule.numberOfYears,
    number_of_month: rule.numberOfMonths,
  };
}

/**
 * A wire rule checks the end date when `end_date_check` is set (also when both flags are set:
 * the end is the later date, so the relation is judged by how recently it lasted), the start
 * date when only `start_date_check` is set, and the end date when neither is.
 */
export function ruleFromWire(wire: ConflictRuleWire): ConflictRule {
  const checksStartOnly = wire.start_date_check === 1 && wire.end_date_check !== 1;
  return {
    value: wire.value,
    title: wire.rule_title,
    relationTypeId: wire.relation_type_id,
    checkedDate: checksStartOnly ? 'start' : 'end',
    isReadonly: wire.readonly_field === 1,
    operation: wire.operation_txt,
    numberOfYears: wire.number_of_year,
    numberOfMonths: wire.number_of_month,
  };
}

function withinYears(
  value: string,
  title: string,
  relationTypeId: number,
  years: number,
): ConflictRule {
  return {
    value,
    title,
    relationTypeId,
    checkedDate: 'end',
    isReadonly: false,
    operation: 'WITHIN_X_YEARS',
    numberOfYears: years,
    numberOfMonths: null,
  };
}

function always(value: string, title: string, relationTypeId: number): ConflictRule {
  return {
    value,
    title,
    relationTypeId,
    checkedDate: 'end',
    isReadonly: true,
    operation: 'ALWAYS',
    numberOfYears: null,
    numberOfMonths: null,
  };
}

/**
 * The conference every user can pick: value DEFAULT, labelled Default (docs/conflicts.md, "The
 * DEFAULT conference").
 */
export const defaultConference = { value: 'DEFAULT', label: 'Default' } as const;

/**
 * The DEFAULT conference's rules (docs/conflicts.md, "The DEFAULT conference"). The `value` ids are
 * stable: stored selections and chair decisions refer to them, so never rename one.
 */
export const defaultConflictRules: readonly ConflictRule[] = [
  withinYears('coauthor-4y', 'Co-authored publication within 4 years', 3, 4),
  always('advisor-always', 'Ph.D. advisor or advisee (always)', 1),
  withinYears('collaboration-4y', 'Collaboration within 4 years', 2, 4),
  withinYears('employment-4y', 'Employment within 4 years', 4, 4),
  withinYears('award-4y', 'Joint award within 4 years', 6, 4),
  withinYears('grant-4y', 'Joint grant or fellowship within 4 years', 7, 4),
  always('personal-always', 'Personal relationship (always)', 5),
  {
    value: 'pending-application-6m',
    title: 'Pending employment or application within 6 months of the application date',
    relationTypeId: 8,
    checkedDate: 'end',
    isReadonly: false,
    operation: 'WITHIN_X_MONTHS',
    numberOfYears: null,
    numberOfMonths: 6,
  },
  withinYears('institutional-2y', 'Institutional within 2 years', institutionalRelationTypeId, 2),
];
