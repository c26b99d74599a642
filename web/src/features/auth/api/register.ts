// POST /v1/web/user-registration/save: create an account (docs/api.md, "Accounts and sessions").
import { registrationReplySchema } from '@recuse/common';
import type { RegistrationReply } from '@recuse/common';
import { saveForm } from '../../../lib/api-client.ts';
import type { SaveResult } from '../../../lib/api-client.ts';

export type RegistrationForm = {
  FName: string;
  SName: string;
  Email: string;
  dblp_url: string;
  noDBLP: '1' | '0';
  userToken: string;
  password: string;
  confirmPassword: string;
  optedIn: '1' | '0';
};

export function register(form: RegistrationForm): Promise<SaveResult<RegistrationReply>> {
  return saveForm('/v1/web/user-registration/save', form, registrationReplySchema);
}
