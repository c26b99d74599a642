// The transactional outbox: call `enqueueMail` with the transaction that makes the change,
// so a mail exists exactly when the change does. Delivery happens later, in a job.
import type { Db } from '../db/client.ts';
import { outbox } from '../db/schema.ts';
import { enqueueJob } from '../jobs/queue.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export const deliverMailJob = 'mail.deliver';

export async function enqueueMail(db: Db, mail: Mail): Promise<number> {
  const [row] = await db
    .insert(outbox)
    .values({ toAddress: mail.to, subject: mail.subject, textBody: mail.text })
    .returning({ id: outbox.id });
  await enqueueJob(db, { kind: deliverMailJob, payload: { outboxId: row!.id } });
  return row!.id;
}
