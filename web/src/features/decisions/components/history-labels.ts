// How the relation log names what happened (docs/product.md, "Relation decisions"): each
// audited action in words, who did it ('the system' for DBLP imports and the crawler), and
// the fields a change touched.

const actionLabels: Record<string, string> = {
  'relation.create': 'Created',
  'relation.update': 'Modified',
  'relation.accept': 'Accepted',
  'relation.reject': 'Rejected',
  'relation.request-change': 'Change requested',
  'relation.contact-admin': 'Message to the administrators',
  'relation.admin-answer': 'Answer from the administrators',
  'relation.validate': 'Validated by a decision',
  'relation.delete': 'Deleted',
};

/** 'relation.validate' → 'Validated by a decision'; an action not known here reads as itself. */
export function actionLabel(action: string): string {
  return actionLabels[action] ?? action.replace(/^relation\./, '').replaceAll('-', ' ');
}

/** Who made a change: a person's name, or the system when nobody did (an import, a crawl). */
export function actorLabel(actor: { name: string } | null): string {
  return actor ? actor.name : 'the system (DBLP import or crawl)';
}

const fieldLabels: Record<string, string> = {
  typeId: 'Type',
  title: 'Title',
  status: 'Status',
  parties: 'People',
  startYear: 'Start year',
  startMonth: 'Start month',
  endYear: 'End year',
  endMonth: 'End month',
  institutionId: 'Institution',
  source: 'Source',
  notes: 'Notes',
  decision: 'Decision',
  reason: 'Reason',
  deletedAt: 'Deleted at',
};

/** 'startYear' → 'Start year'; a field not known here is split at its capitals. */
export function fieldLabel(field: string): string {
  if (fieldLabels[field]) return fieldLabels[field];
  const words = field.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A value as the log shows it: '(none)' for an empty one. */
export const shownValue = (value: string) => (value === '' ? '(none)' : value);
