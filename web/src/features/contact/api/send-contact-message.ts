// POST /v1/web/contactus: a message to the administrators.
import { contactReplySchema } from '@recuse/common';
import { saveForm } from '../../../lib/api-client.ts';

export function sendContactMessage(form: { Subject: string; Message: string }) {
  return saveForm('/v1/web/contactus', form, contactReplySchema, { isTokenCall: true });
}
