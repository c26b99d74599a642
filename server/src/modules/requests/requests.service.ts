// The requests inbox (docs/product.md, "Requests inbox"): what administrators were asked, and
// their answers. A Contact-admin comment is answered inside the relation's activity log, read
// by the administrators and the comment's author only, who is notified; a Contact-us message
// is answered by a notification and a mail to its author, and is closed with it. A request
// gone, already closed, on a deleted relation or from a deleted account is refused clearly,
// and nothing changes. Every answer and closing is in the audit log.
import type { AdminRequest, RequestKind } from '@recuse/common';
import {
  findRelationType,
  relationPath,
  relationStatus,
  requestMessages as says,
} from '@recuse/common';
import { recordAudit } from '../../audit/audit.repo.ts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import type { User } from '../../db/schema.ts';
import { HttpError } from '../../http/errors.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { notifyUser } from '../profile/profile.service.ts';
import { answerAdminContact } from '../relations/admin-answers.service.ts';
import { displayName } from '../relations/relation-wire.ts';
import type { ContactRequestRow, RelationRequestRow } from './requests.repo.ts';
import {
  closeRelationRequest,
  findContactRequest,
  findRelationRequest,
  listAnswers,
  listContactRequests,
  listRelationRequests,
  lockContactRequest,
  lockRelationRequest,
  requestListLimit,
  updateContactRequest,
} from './requests.repo.ts';

const gone = () => new HttpError(404, { message: says.requestGone });
const refused = (message: string) => new HttpError(409, { message });

type Person = Parameters<typeof displayName>[0] & { email: string | null };
const personOf = (user: Person | null) =>
  user && user.kind !== 'deleted'
    ? { id: user.id, name: displayName(user), email: user.email ?? '' }
    : null;
const nameOf = (user: Person | null) => (user ? displayName(user) : null);

async function relationRequests(db: Db, rows: RelationRequestRow[]): Promise<AdminRequest[]> {
  const answers = await listAnswers(
    db,
    rows.map((row) => row.comment.id),
  );
  return rows.map(({ comment, author, relation, closer }) => ({
    kind: 'relation' as const,
    id: comment.id,
    createdAt: comment.createdAt.toISOString(),
    author: personOf(author),
    subject: '',
    text: comment.text,
    relation: {
      id: relation.id,
      typeId: relation.typeId,
      typeName: findRelationType(relation.typeId)?.name ?? '',
      title: relation.title ?? '',
      status: relation.status,
      path: relationPath(relation.id, relation.typeId),
    },
    answers: answers
      .filter((answer) => answer.comment.answersCommentId === comment.id)
      .map((answer) => ({
        text: answer.comment.text,
        createdAt: answer.comment.createdAt.toISOString(),
        by: nameOf(answer.author) ?? 'An administrator',
      })),
    closedAt: comment.closedAt?.toISOString() ?? null,
    closedBy: comment.closedAt ? (nameOf(closer) ?? 'An administrator') : null,
  }));
}

function contactRequest({ message, author, closer }: ContactRequestRow): AdminRequest {
  return {
    kind: 'contact',
    id: message.id,
    createdAt: message.createdAt.toISOString(),
    author: personOf(author),
    subject: message.subject,
    text: message.message,
    relation: null,
    answers:
      message.answer === null
        ? []
        : [
            {
              text: message.answer,
              createdAt: (message.answeredAt ?? message.createdAt).toISOString(),
              by: nameOf(closer) ?? 'An administrator',
            },
          ],
    closedAt: message.closedAt?.toISOString() ?? null,
    closedBy: message.closedAt ? (nameOf(closer) ?? 'An administrator') : null,
  };
}

/** GET /v1/web/admin/requests: both kinds together, newest first. */
export async function listRequests(context: AppContext, state: 'open' | 'closed') {
  const isOpen = state === 'open';
  const [onRelations, contacts] = await Promise.all([
    listRelationRequests(context.db, isOpen),
    listContactRequests(context.db, isOpen),
  ]);
  const requests = [
    ...(await relationRequests(context.db, onRelations)),
    ...contacts.map(contactRequest),
  ]
    .sort(
      (first, second) => second.createdAt.localeCompare(first.createdAt) || second.id - first.id,
    )
    .slice(0, requestListLimit);
  return { requests };
}

async function readRequest(db: Db, kind: RequestKind, id: number): Promise<AdminRequest> {
  if (kind === 'contact') {
    const row = await findContactRequest(db, id);
    if (!row) throw gone();
    return contactRequest(row);
  }
  const row = await findRelationRequest(db, id);
  if (!row) throw gone();
  const [request] = await relationRequests(db, [row]);
  return request!;
}

/** The author who may still read an answer: a registered account. */
function answerableAuthor(author: User | null | undefined): User {
  if (!author || author.kind !== 'registered') throw refused(says.authorGone);
  return author;
}

/** POST /v1/web/admin/requests/answer */
export async function answerRequest(
  context: AppContext,
  admin: User,
  form: { kind: RequestKind; requestId: number; answer: string; close: boolean },
): Promise<AdminRequest> {
  const { kind, requestId, answer } = form;
  await context.db.transaction(async (tx) => {
    if (kind === 'contact') {
      const message = await lockContactRequest(tx, requestId);
      if (!message) throw gone();
      if (message.closedAt) throw refused(says.alreadyClosed);
      const author = answerableAuthor((await findContactRequest(tx, requestId))?.author);
      const now = new Date();
      // A Contact-us answer closes the message: any follow-up comes as a new message.
      await updateContactRequest(tx, requestId, {
        answer,
        answeredAt: now,
        closedAt: now,
        closedByUserId: admin.id,
      });
      const notice = says.contactAnswerNotice(message.subject);
      await notifyUser(tx, { userId: author.id, message: notice, comment: answer });
      if (author.email) {
        await enqueueMail(tx, {
          to: author.email,
          subject: `Recuse: ${notice}`,
          text: `Hello ${author.firstName || displayName(author)},\n\n${notice}\n\nYour message:\n${message.message}\n\nThe answer:\n${answer}\n`,
        });
      }
      await recordAudit(tx, {
        actorUserId: admin.id,
        action: 'contact.answer',
        entity: 'contact_message',
        entityId: requestId,
        after: { answer, closed: true },
      });
      return;
    }

    const request = await lockRelationRequest(tx, requestId);
    if (!request) throw gone();
    if (request.closedAt) throw refused(says.alreadyClosed);
    // Read with the relation it concerns and its author (the request's own query).
    const found = await findRelationRequest(tx, requestId);
    const relation = found?.relation;
    if (!relation || relation.status === relationStatus.setForDeletion) {
      throw refused(says.relationDeleted);
    }
    const author = answerableAuthor(found.author);
    await answerAdminContact(tx, context.config, {
      relation,
      commentId: request.id,
      admin,
      author,
      text: answer,
    });
    if (form.close) await closeRelationRequest(tx, request.id, admin.id);
    await recordAudit(tx, {
      actorUserId: admin.id,
      action: 'relation.admin-answer',
      entity: 'relation',
      entityId: relation.id,
      after: { comment: answer, requestId: request.id, requesterId: author.id, closed: form.close },
    });
  });
  return readRequest(context.db, kind, requestId);
}

/** POST /v1/web/admin/requests/close: handled without (another) answer. */
export async function closeRequest(
  context: AppContext,
  admin: User,
  form: { kind: RequestKind; requestId: number },
): Promise<AdminRequest> {
  const { kind, requestId } = form;
  await context.db.transaction(async (tx) => {
    const request =
      kind === 'contact'
        ? await lockContactRequest(tx, requestId)
        : await lockRelationRequest(tx, requestId);
    if (!request) throw gone();
    if (request.closedAt) throw refused(says.alreadyClosed);
    if (kind === 'contact') {
      await updateContactRequest(tx, requestId, { closedAt: new Date(), closedByUserId: admin.id });
    } else {
      await closeRelationRequest(tx, requestId, admin.id);
    }
    await recordAudit(tx, {
      actorUserId: admin.id,
      action: 'request.close',
      entity: kind === 'contact' ? 'contact_message' : 'relation_comment',
      entityId: requestId,
      after: { closed: true },
    });
  });
  return readRequest(context.db, kind, requestId);
}
