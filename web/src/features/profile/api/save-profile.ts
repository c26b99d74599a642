// POST /v1/web/user/data/save: the profile form with its affiliations as a JSON string.
import { messages, profileSaveReplySchema } from '@recuse/common';
import type { ProfileSaveReply } from '@recuse/common';
import { saveForm } from '../../../lib/api-client.ts';
import type { SaveResult } from '../../../lib/api-client.ts';

export type ProfileSaveFields = {
  FName: string;
  SName: string;
  oName1: string;
  oName2: string;
  Email: string;
  secEmail: string;
  dblp_url: string;
  /** Always '3': entered by the person on the profile page (SPEC section 7). */
  source_type: '3';
  /** JSON list of affiliation rows (common's affiliationInputSchema). */
  institutionDetails: string;
};

/** A success whose body the reply schema does not recognise is reported as not saved. */
export async function saveProfile(form: ProfileSaveFields): Promise<SaveResult<ProfileSaveReply>> {
  const answer = await saveForm<unknown>('/v1/web/user/data/save', form, { isTokenCall: true });
  if (!answer.ok) return answer;
  const parsed = profileSaveReplySchema.safeParse(answer.data);
  if (parsed.success) return { ok: true, data: parsed.data };
  return { ok: false, status: 200, message: messages.recordNotSaved, errors: {} };
}
