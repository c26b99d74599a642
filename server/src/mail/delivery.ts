// The job that delivers one outbox mail. It is safe to run twice: a mail already sent is
// skipped, and a failure is recorded on the mail before the job is retried.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { outbox } from '../db/schema.ts';
import type { Job } from '../jobs/queue.ts';
import type { MailTransport } from './transport.ts';

export function createMailDeliveryHandler(db: Db, transport: MailTransport) {
  return async (job: Job) => {
    const { outboxId } = job.payload as { outboxId: number };
    const [mail] = await db.select().from(outbox).where(eq(outbox.id, outboxId));
    if (!mail || mail.status === 'sent') return;
    try {
      await transport.send({
        id: mail.id,
        to: mail.toAddress,
        subject: mail.subject,
        text: mail.textBody,
      });
    } catch (error) {
      const isFinal = job.attempts >= job.maxAttempts;
      await db
        .update(outbox)
        .set({
          attempts: sql`${outbox.attempts} + 1`,
          lastError: error instanceof Error ? error.message : String(error),
          status: isFinal ? 'failed' : 'pending',
        })
        .where(eq(outbox.id, mail.id));
      throw error;
    }
    await db
      .update(outbox)
      .set({ status: 'sent', sentAt: new Date(), attempts: sql`${outbox.attempts} + 1` })
      .where(eq(outbox.id, mail.id));
  };
}
