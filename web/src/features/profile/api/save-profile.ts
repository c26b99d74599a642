// POST /v1/web/user/data/save: the profile form with its affiliations as a JSON string.
import { profileSaveReplySchema } from '@recuse/common';
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
  /** Always '3': entered by the person on the profile page (docs/api.md). */
  source_type: '3';
  /** JSON list of affiliation rows (common's affiliationInputSchema). */
  institutionDetails: string;
};

/** A success whose body the reply schema does not recognise is a failure without a message. */
export function saveProfile(form: ProfileSaveFields): Promise<SaveResult<ProfileSaveReply>> {
  return saveForm('/v1/web/user/data/save', form, profileSaveReplySchema, { isTokenCall: true });
}
