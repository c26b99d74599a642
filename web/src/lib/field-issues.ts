// Turns a zod validation failure into one message per field, as the forms show them.
export type Issue = { path: readonly PropertyKey[]; message: string };

export type FieldIssues = Record<string, string>;

/** The first message for each field, keyed by the field's wire name. */
export function collectFieldIssues(issues: readonly Issue[]): FieldIssues {
  const byField: FieldIssues = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '');
    byField[field] ??= issue.message;
  }
  return byField;
}
