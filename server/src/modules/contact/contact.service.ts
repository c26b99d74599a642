// Contact us: the message is stored and mailed to the team in one transaction.
import type { AppContext } from '../../context.ts';
import { contactMessages } from '../../db/schema.ts';
import type { SessionUser } from '../../http/authenticate.ts';
import { enqueueMail } from '../../mail/outbox.ts';

export async function sendContactMessage(
  context: AppContext,
  session: SessionUser,
  form: { Subject: string; Message: string },
) {
  const { user } = session;
  await context.db.transaction(async (tx) => {
    await tx
      .insert(contactMessages)
      .values({ userId: user.id, subject: form.Subject, message: form.Message });
    await enqueueMail(tx, {
      to: context.config.CONTACT_EMAIL,
      subject: `[Recuse contact] ${form.Subject}`,
      text: `From: ${user.firstName} ${user.lastName} <${user.email ?? ''}> (user ${user.id})\n\n${form.Message}\n`,
    });
  });
}
