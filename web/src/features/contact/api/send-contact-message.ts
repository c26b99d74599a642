// POST /v1/web/contactus: a message to the administrators.
import { saveForm } from '../../../lib/api-client.ts';
import type { SaveResult } from '../../../lib/api-client.ts';

export function sendContactMessage(form: {
  Subject: string;
  Message: string;
}): Promise<SaveResult<{ message?: string }>> {
  return saveForm('/v1/web/contactus', form, { isTokenCall: true });
}
