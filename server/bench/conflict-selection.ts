// The conflicts page's first selection, as the benchmarks send it: the first conference of the
// drop list (DEFAULT) with every rule ticked, each in the form field the contract's split puts it.
import { conflictSelectionFields, selectionFieldOf } from '@recuse/common';

export interface ConferenceDropList {
  options: Array<{ confid: number; rules: Array<{ relation_type_id: number }> }>;
}

/** The urlencoded body of a conflict list under every rule of the drop list's first conference. */
export function everyRuleOfFirstConference(reply: ConferenceDropList): string {
  const conference = reply.options[0]!;
  const byField = new Map<string, unknown[]>(conflictSelectionFields.map((field) => [field, []]));
  for (const rule of conference.rules)
    byField.get(selectionFieldOf(rule.relation_type_id))!.push(rule);
  const form = new URLSearchParams({ confid: String(conference.confid) });
  for (const [field, rules] of byField) form.set(field, JSON.stringify(rules));
  return form.toString();
}
