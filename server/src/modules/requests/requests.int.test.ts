// The requests inbox (docs/api.md, "Requests"): only administrators read it and act on it;
// Contact-admin comments and Contact-us messages come newest first with the relation they
// concern; an answer goes into the relation's activity log, which its asker (and nobody else
// but administrators) reads, and tells the asker; a Contact-us answer reaches its author by
// notification and mail; a request gone, closed, on a deleted relation or from a deleted
// account is refused clearly and nothing changes.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminRequest } from '@recuse/common';
import { requestMessages as says } from '@recuse/common';
import type { TestApp } from '../../../test/build-test-app.ts';
import { buildTestApp } from '../../../test/build-test-app.ts';
import type { Tokens } from '../../../test/factories.ts';
import { buildRelation, mailsTo, uniqueWords } from '../../../test/factories.ts';
import { signedInUser } from '../../../test/profile-requests.ts';
import { get, listComments, post, requestToModify } from '../../../test/relation-requests.ts';
import {
  auditLog,
  contactMessages,
  notifications,
  relationComments,
  users,
} from '../../db/schema.ts';

const urls = {
  list: '/v1/web/admin/requests',
  answer: '/v1/web/admin/requests/answer',
  close: '/v1/web/admin/requests/close',
};

let t: TestApp;
let admin: Tokens;
beforeAll(async () => {
  t = await buildTestApp();
  admin = (await signedInUser(t, { role: 'admin' })).session;
});
afterAll(() => t.close());

/** A person who contacts the administrators about their relation with another. */
async function contactAdminAbout(text = uniqueWords('The year is wrong')) {
  const asker = await signedInUser(t, { firstName: 'Asker' });
  const party = await signedInUser(t, { firstName: 'Party' });
  const relation = await buildRelation(t.db, {
    type: 2,
    creator: asker.user,
    parties: [{ user: party.user, status: 1 }],
  });
  const sent = await requestToModify(t, asker.session, relation.relation.id, text, {
    contactAdmin: 1,
    changeRelationToPending: 0,
  });
  expect(sent.json().status).toBe('SUCCESS');
  const [comment] = await t.db
    .select()
    .from(relationComments)
    .where(eq(relationComments.text, text));
  return { asker, party, relationId: relation.relation.id, requestId: comment!.id, text };
}

async function contactUs(subject = uniqueWords('Help with my profile')) {
  const author = await signedInUser(t, { firstName: 'Writer' });
  const response = await post(t, '/v1/web/contactus', author.session, {
    Subject: subject,
    Message: 'How do I add a second address?',
  });
  expect(response.statusCode).toBe(200);
  const [message] = await t.db
    .select()
    .from(contactMessages)
    .where(eq(contactMessages.subject, subject));
  return { author, requestId: message!.id, subject };
}

async function openRequests(): Promise<AdminRequest[]> {
  const response = await get(t, urls.list, admin);
  expect(response.statusCode).toBe(200);
  return response.json().requests;
}

const answer = (session: Tokens | null, fields: Record<string, string | number | undefined>) =>
  post(t, urls.answer, session, fields);

async function auditCount() {
  return (await t.db.select().from(auditLog)).length;
}

describe('who may use the requests inbox', () => {
  it('answers 401 without a session and 403 to someone who is not an administrator', async () => {
    const { asker, requestId } = await contactAdminAbout();
    for (const [session, status] of [
      [null, 401],
      [asker.session, 403],
    ] as const) {
      expect((await get(t, urls.list, session)).statusCode).toBe(status);
      const answered = await answer(session, { kind: 'relation', requestId, answer: 'Fixed.' });
      expect(answered.statusCode).toBe(status);
      const closed = await post(t, urls.close, session, { kind: 'relation', requestId });
      expect(closed.statusCode).toBe(status);
    }
    expect((await get(t, urls.list, asker.session)).json().message).toBe(says.onlyAdministrators);
    const [comment] = await t.db
      .select()
      .from(relationComments)
      .where(eq(relationComments.id, requestId));
    expect(comment!.closedAt).toBeNull();
  });
});

describe('the inbox', () => {
  it('lists both kinds, newest first, with the relation and the author', async () => {
    const onRelation = await contactAdminAbout();
    const message = await contactUs();
    const requests = await openRequests();
    const mine = requests.filter(
      (request) =>
        (request.kind === 'relation' && request.id === onRelation.requestId) ||
        (request.kind === 'contact' && request.id === message.requestId),
    );
    expect(mine.map((request) => request.kind)).toEqual(['contact', 'relation']);
    expect(mine[1]).toMatchObject({
      text: onRelation.text,
      subject: '',
      author: { id: onRelation.asker.user.id, name: 'Asker ' + onRelation.asker.user.lastName },
      relation: {
        id: onRelation.relationId,
        typeId: 2,
        typeName: 'Collaboration (joint project or grant)',
        status: 1,
        path: `/relations/view/${onRelation.relationId}`,
      },
      answers: [],
      closedAt: null,
    });
    expect(mine[0]).toMatchObject({ subject: message.subject, relation: null });
    const times = requests.map((request) => request.createdAt);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('refuses an unknown state with a clear message', async () => {
    const response = await get(t, `${urls.list}?state=everything`, admin);
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBeTruthy();
  });
});

describe('answering a Contact-admin request', () => {
  it('puts the answer in the activity log for the asker alone, tells them, and closes the request', async () => {
    const { asker, party, relationId, requestId } = await contactAdminAbout();
    const response = await answer(admin, {
      kind: 'relation',
      requestId,
      answer: 'The year is now 2024.',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().request).toMatchObject({
      id: requestId,
      answers: [{ text: 'The year is now 2024.' }],
      closedBy: expect.any(String),
    });
    expect(response.json().request.closedAt).not.toBeNull();

    const askerLog = (await listComments(t, asker.session, relationId)).json();
    expect(askerLog.data.at(-1)).toMatchObject({
      Comments: 'The year is now 2024.',
      contactAdmin: 'Y',
      isAdminAnswer: 1,
    });
    expect(askerLog.user_action_data.map((entry: { action: string }) => entry.action)).toContain(
      'ADMIN ANSWERED',
    );
    const partyLog = (await listComments(t, party.session, relationId)).json();
    expect(JSON.stringify(partyLog)).not.toContain('The year is now 2024.');
    expect(
      partyLog.user_action_data.map((entry: { action: string }) => entry.action),
    ).not.toContain('ADMIN ANSWERED');

    const told = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, asker.user.id));
    expect(told.at(-1)).toMatchObject({
      message: says.answerNotice,
      comment: 'The year is now 2024.',
      relationId,
    });
    const mails = await mailsTo(t, asker.user.email!);
    expect(mails.some((mail) => mail.subject === `Recuse: ${says.answerNotice}`)).toBe(true);
    expect((await openRequests()).some((request) => request.id === requestId)).toBe(false);
    const closed = (await get(t, `${urls.list}?state=closed`, admin)).json().requests;
    expect(closed.some((request: AdminRequest) => request.id === requestId)).toBe(true);
  });

  it('can answer and leave the request open, then close it', async () => {
    const { requestId } = await contactAdminAbout();
    const first = await answer(admin, {
      kind: 'relation',
      requestId,
      answer: 'Looking into it.',
      close: '0',
    });
    expect(first.json().request.closedAt).toBeNull();
    const closed = await post(t, urls.close, admin, { kind: 'relation', requestId });
    expect(closed.statusCode).toBe(200);
    expect(closed.json().request).toMatchObject({ answers: [{ text: 'Looking into it.' }] });
    expect(closed.json().request.closedAt).not.toBeNull();
  });

  it('refuses a closed, unknown, deleted-relation or deleted-author request and changes nothing', async () => {
    const closedOne = await contactAdminAbout();
    await post(t, urls.close, admin, { kind: 'relation', requestId: closedOne.requestId });
    const onDeleted = await contactAdminAbout();
    await post(t, '/v1/web/relation/data/delete', onDeleted.asker.session, {
      GID: onDeleted.relationId,
    });
    const fromDeleted = await contactAdminAbout();
    await t.db
      .update(users)
      .set({ kind: 'deleted' })
      .where(eq(users.id, fromDeleted.asker.user.id));

    const before = await auditCount();
    const cases = [
      [closedOne.requestId, 409, says.alreadyClosed],
      [2_000_000_000, 404, says.requestGone],
      [onDeleted.requestId, 409, says.relationDeleted],
      [fromDeleted.requestId, 409, says.authorGone],
    ] as const;
    for (const [requestId, status, message] of cases) {
      const response = await answer(admin, { kind: 'relation', requestId, answer: 'Done.' });
      expect(response.statusCode, message).toBe(status);
      expect(response.json().message).toBe(message);
    }
    const again = await post(t, urls.close, admin, {
      kind: 'relation',
      requestId: closedOne.requestId,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(says.alreadyClosed);
    expect(await auditCount()).toBe(before);
    const answers = await t.db
      .select()
      .from(relationComments)
      .where(eq(relationComments.text, 'Done.'));
    expect(answers).toEqual([]);
  });

  it('refuses an answer to an administrator’s own answer: it is not a request', async () => {
    const { requestId } = await contactAdminAbout();
    await answer(admin, { kind: 'relation', requestId, answer: 'An answer.', close: '0' });
    const [own] = await t.db
      .select()
      .from(relationComments)
      .where(eq(relationComments.answersCommentId, requestId));
    const response = await answer(admin, {
      kind: 'relation',
      requestId: own!.id,
      answer: 'Again.',
    });
    expect(response.statusCode).toBe(404);
  });

  it('checks the form: kind, id and answer', async () => {
    const { requestId } = await contactAdminAbout();
    for (const fields of [
      { kind: 'letter', requestId, answer: 'Hi.' },
      { kind: 'relation', requestId: 'abc', answer: 'Hi.' },
      { kind: 'relation', requestId, answer: '   ' },
      { kind: 'relation', requestId, answer: 'x'.repeat(1001) },
    ]) {
      const response = await answer(admin, fields);
      expect(response.statusCode).toBe(422);
      expect(response.json().message).toBeTruthy();
    }
  });
});

describe('answering a Contact-us message', () => {
  it('tells its author by notification and mail, and closes it', async () => {
    const { author, requestId, subject } = await contactUs();
    const response = await answer(admin, {
      kind: 'contact',
      requestId,
      answer: 'Open your profile and add it under Secondary e-mail.',
      close: '0',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().request).toMatchObject({
      kind: 'contact',
      answers: [{ text: 'Open your profile and add it under Secondary e-mail.' }],
    });
    expect(response.json().request.closedAt).not.toBeNull();
    const [told] = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, author.user.id));
    expect(told).toMatchObject({
      message: says.contactAnswerNotice(subject),
      comment: 'Open your profile and add it under Secondary e-mail.',
      relationId: null,
    });
    const mails = await mailsTo(t, author.user.email!);
    expect(mails.at(-1)?.text).toContain('Open your profile and add it under Secondary e-mail.');

    const again = await answer(admin, { kind: 'contact', requestId, answer: 'Also…' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(says.alreadyClosed);
  });
});
