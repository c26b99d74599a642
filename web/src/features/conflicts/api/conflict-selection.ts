// The rule selection as the list and export calls read it (docs/api-conflicts.md): the ticked rules
// split into conflictRules (types 1 to 7), conflictRulesPendingEmp (type 8) and conflictInstiRules
// (institutional), each a JSON array, plus the conference's confid.
import { conflictSelectionFields, selectionFieldOf } from '@recuse/common';
import type { ConferenceOption, ConflictRuleWire } from '@recuse/common';
import type { FormFields } from '../../../lib/api-client.ts';

/**
 * Every field is sent, an empty one as `[]`: a field present is what asks the server for
 * conflicts, and the server takes each rule's definition from its own table by `value`.
 */
export function toSelectionForm(
  conference: Pick<ConferenceOption, 'confid' | 'rules'>,
  selectedValues: ReadonlySet<string>,
): FormFields {
  const byField = Object.fromEntries(
    conflictSelectionFields.map((field) => [field, [] as ConflictRuleWire[]]),
  );
  for (const rule of conference.rules) {
    if (selectedValues.has(rule.value))
      byField[selectionFieldOf(rule.relation_type_id)]!.push(rule);
  }
  return {
    ...Object.fromEntries(
      Object.entries(byField).map(([field, rules]) => [field, JSON.stringify(rules)]),
    ),
    confid: String(conference.confid),
  };
}

/** Everything ticked, as the page starts. */
export function allRuleValues(rules: readonly ConflictRuleWire[]): Set<string> {
  return new Set(rules.map((rule) => rule.value));
}

/** Read-only rules stay ticked whatever the user does. */
export function readonlyRuleValues(rules: readonly ConflictRuleWire[]): Set<string> {
  return new Set(rules.filter((rule) => rule.readonly_field === 1).map((rule) => rule.value));
}
