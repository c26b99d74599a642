// POST /v1/web/relations/data/conflicts/check: the rule selection plus the pasted committee; which
// of its people the user conflicts with (docs/api-conflicts.md). Refusals come back as a message
// and the fields to fix.
import { committeeCheckReplySchema, messages } from '@recuse/common';
import type { CommitteeCheckReply } from '@recuse/common';
import { saveForm } from '../../../lib/api-client.ts';
import type { FieldErrors, FormFields } from '../../../lib/api-client.ts';

export type CommitteeCheckResult =
  { ok: true; reply: CommitteeCheckReply } | { ok: false; message: string; errors: FieldErrors };

export async function checkCommittee(
  selection: FormFields,
  people: string,
): Promise<CommitteeCheckResult> {
  let answer;
  try {
    answer = await saveForm(
      '/v1/web/relations/data/conflicts/check',
      { ...selection, people },
      committeeCheckReplySchema,
      { isTokenCall: true },
    );
  } catch {
    return { ok: false, message: messages.couldNotFetch, errors: {} };
  }
  if (!answer.ok) {
    return { ok: false, message: answer.message || messages.couldNotFetch, errors: answer.errors };
  }
  return { ok: true, reply: answer.data };
}
