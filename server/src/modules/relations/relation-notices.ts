// Telling people what happened to a relation: an in-app notification (docs/product.md, "Other
// entities, in short", shown on the dashboard) and, for people with an account, a mail, both
// written in the transaction of the action. Invited people get their invitation mail instead
// (relation-people).
import { findRelationType, relationPath, requestMessages } from '@recuse/common';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Mail } from '../../mail/outbox.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import type { NamedUser } from './relation-wire.ts';
import { displayName } from './relation-wire.ts';
import { insertNotifications } from './relations.repo.ts';

export type NoticeEvent =
  | 'created'
  | 'accepted'
  | 'rejected'
  | 'commented'
  | 'changeRequested'
  | 'modified'
  | 'modifiedSubstantively'
  | 'removed'
  | 'deleted'
  | 'adminContacted'
  | 'validated'
  | 'adminAnswered'
  | 'decisionValidated'
  | 'decisionDeleted';

/** What the notification says, with the actor's name. */
function noticeText(event: NoticeEvent, actor: string, institutionName: string): string {
  switch (event) {
    case 'created':
      return `${actor} added a relation with you. Please review and respond to it.`;
    case 'accepted':
      return `${actor} accepted the relation.`;
    case 'rejected':
      return `${actor} rejected the relation.`;
    case 'commented':
      return `${actor} commented on the relation.`;
    case 'changeRequested':
      return `${actor} asked for a change to the relation.`;
    case 'modified':
      return `${actor} modified the relation.`;
    case 'modifiedSubstantively':
      return `${actor} modified the relation. Please review it again.`;
    case 'removed':
      return `${actor} removed you from the relation.`;
    case 'deleted':
      return `${actor} deleted the relation.`;
    case 'adminContacted':
      return `${actor} asked the administrators about a relation.`;
    case 'adminAnswered':
      return requestMessages.answerNotice;
    case 'validated':
      return `${institutionName} was approved, so your pending application with it is validated.`;
    case 'decisionValidated':
      return `${actor} reviewed the relation and validated it.`;
    case 'decisionDeleted':
      return `${actor} reviewed the relation and deleted it.`;
  }
}

/** After these the recipient can no longer open the relation, so no View link is given. */
const withoutLink: ReadonlySet<NoticeEvent> = new Set(['removed', 'deleted', 'decisionDeleted']);

export interface Notice {
  event: NoticeEvent;
  actor: NamedUser | null;
  relation: { id: number; typeId: number; title: string | null };
  /** A rejection's reason, shown with the notification as 'Reason'. */
  reason?: string | null;
  /** Any other text the actor left (a change comment, a request, a note), shown as 'Comment'. */
  comment?: string | null;
  institutionName?: string;
}

export type Recipient = NamedUser & { email: string | null };

/**
 * Notifies each recipient once (never the actor): a notification for everyone who may sign in
 * some day (invited and DBLP-only people find theirs when they join), and a mail for those with
 * an account and an e-mail.
 */
export async function notifyPeople(
  db: Db,
  config: Config,
  recipients: readonly Recipient[],
  notice: Notice,
): Promise<void> {
  const seen = new Set<number>();
  const targets = recipients.filter((user) => {
    if (user.kind === 'deleted' || user.id === notice.actor?.id || seen.has(user.id)) return false;
    seen.add(user.id);
    return true;
  });
  if (targets.length === 0) return;
  const message = noticeText(
    notice.event,
    notice.actor ? displayName(notice.actor) : 'An administrator',
    notice.institutionName ?? 'The institution',
  );
  const typeName = findRelationType(notice.relation.typeId)?.name ?? '';
  const relationId = withoutLink.has(notice.event) ? null : notice.relation.id;
  await insertNotifications(
    db,
    targets.map((user) => ({
      userId: user.id,
      message,
      relationTypeId: notice.relation.typeId,
      relationTypeName: typeName,
      publicationName: notice.relation.title,
      rejectReason: notice.reason || null,
      comment: notice.comment || null,
      relationId,
    })),
  );
  const link =
    relationId === null
      ? null
      : `${config.PUBLIC_URL}${relationPath(notice.relation.id, notice.relation.typeId)}`;
  for (const user of targets) {
    if (user.kind !== 'registered' || !user.email) continue;
    await enqueueMail(db, noticeMail(user, message, typeName, notice, link));
  }
}

function noticeMail(
  user: Recipient,
  message: string,
  typeName: string,
  notice: Notice,
  link: string | null,
): Mail {
  const lines = [
    `Hello ${user.firstName || displayName(user)},`,
    '',
    message,
    '',
    `Relation: ${typeName}`,
  ];
  if (notice.relation.title) lines.push(`Title: ${notice.relation.title}`);
  if (notice.reason) lines.push(`Reason: ${notice.reason}`);
  if (notice.comment) lines.push(`Comment: ${notice.comment}`);
  if (link) lines.push('', 'Open the relation here:', '', link);
  return { to: user.email!, subject: `Recuse: ${message}`, text: `${lines.join('\n')}\n` };
}

/** The mail an invited person gets for each relation that names them. */
export function invitationMail(
  to: string,
  inviter: NamedUser,
  relation: { typeId: number; title: string | null },
  link: string,
): Mail {
  const typeName = findRelationType(relation.typeId)?.name ?? 'relation';
  const title = relation.title ? `\nTitle: ${relation.title}` : '';
  return {
    to,
    subject: `${displayName(inviter)} named you in a relation on Recuse`,
    text: `Hello,

${displayName(inviter)} recorded a relation with you on Recuse, the conflict-of-interest
database for computer-science conferences, and asks you to confirm it.

Relation: ${typeName}${title}

To respond, open this link. It leads you to sign in, or to create your profile with this
email address:

${link}

The link is valid for 30 days. If you do not know this person, you can ignore this mail.
`,
  };
}
