// An administrator's answer to a Contact-admin comment (docs/product.md, "Requests inbox"),
// given from the requests inbox inside its transaction: the relations module writes it into
// the relation's activity log and tells the comment's author.
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { User } from '../../db/schema.ts';
import { notifyPeople } from './relation-notices.ts';
import { insertComment } from './relations.repo.ts';

/**
 * The answer is a to-admin comment answering `commentId`, so only the administrators and the
 * comment's author read it; the author is notified (and mailed) that an administrator answered.
 */
export async function answerAdminContact(
  db: Db,
  config: Config,
  answer: {
    relation: { id: number; typeId: number; title: string | null };
    commentId: number;
    admin: User;
    author: User;
    text: string;
  },
): Promise<void> {
  await insertComment(db, {
    relationId: answer.relation.id,
    userId: answer.admin.id,
    text: answer.text,
    isToAdmin: true,
    answersCommentId: answer.commentId,
  });
  await notifyPeople(db, config, [answer.author], {
    event: 'adminAnswered',
    actor: answer.admin,
    relation: answer.relation,
    comment: answer.text,
  });
}
