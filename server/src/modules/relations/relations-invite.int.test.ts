// Inviting someone new (docs/product.md, "People (user kinds)"): a typed e-mail nobody has names an
// invited person, who gets a mail whose link leads through /relations/validate/new/{token} to
// registration with the e-mail filled in, and then to the relation, which they can answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { TestApp } from '../../../test/build-test-app.ts';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { bearer, form, mailsTo, signIn } from '../../../test/factories.ts';
import { signedInUser } from '../../../test/profile-requests.ts';
import {
  accept,
  coauthorDetails,
  personForm,
  publicationForm,
  saveCoauthorRelation,
  savePersonRelation,
  viewRelation,
} from '../../../test/relation-requests.ts';
import { relationParties, tokens, users } from '../../db/schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const invitationLink = /http:\/\/recuse\.test\/relations\/validate\/new\/([\w-]+)/;
const tokenFromMail = async (email: string) => {
  const [mail] = await mailsTo(t, email);
  const match = invitationLink.exec(mail?.text ?? '');
  if (!match) throw new Error(`no invitation link in the mail to ${email}`);
  return match[1]!;
};
const findUserByEmail = async (email: string) =>
  (await t.db.select().from(users).where(eq(users.email, email)))[0];

describe('inviting someone new', () => {
  it('goes from the mail to registration to answering the relation', async () => {
    const ada = await signedInUser(t, { firstName: 'Ada', lastName: 'Lovelace' });
    const email = `newcomer.${Date.now()}@example.org`;
    const created = await saveCoauthorRelation(
      t,
      ada.session,
      publicationForm([email], { publicationName: 'Invited Paper' }),
    );
    expect(created.json().status).toBe('CREATED');
    const gid = created.json().GID;

    const invited = await findUserByEmail(email);
    expect(invited).toMatchObject({ kind: 'invited', firstName: '', passwordHash: null });
    const [mail] = await mailsTo(t, email);
    expect(mail!.subject).toBe('Ada Lovelace named you in a relation on Recuse');
    expect(mail!.text).toContain('Title: Invited Paper');
    const token = await tokenFromMail(email);
    const [stored] = await t.db
      .select()
      .from(tokens)
      .where(and(eq(tokens.kind, 'invitation'), eq(tokens.userId, invited!.id)));
    expect(stored).toMatchObject({ email, usedAt: null });

    const validation = await t.app.inject({
      url: `/v1/web/user/data/validate_token_for_request_response/${token}`,
    });
    expect(validation.json()).toMatchObject({
      message: 'SUCCESS',
      show_sign_in: 'N',
      userData: { email },
    });

    const password = 'Invited#2026';
    const registration = await t.app.inject({
      method: 'POST',
      url: '/v1/web/user-registration/save',
      ...form({
        FName: 'Nina',
        SName: 'Newcomer',
        Email: email,
        dblp_url: '',
        noDBLP: '1',
        userToken: token,
        password,
        confirmPassword: password,
        optedIn: '1',
      }),
    });
    expect(registration.json()).toMatchObject({ GID: invited!.id, status: 'CREATED' });

    const session = await signIn(t.app, email, password);
    const profile = (
      await t.app.inject({ url: '/v1/web/user/profile', headers: bearer(session) })
    ).json();
    expect(profile.Notifications).toMatchObject([
      {
        data: {
          notify_message:
            'Ada Lovelace added a relation with you. Please review and respond to it.',
          publication_name: 'Invited Paper',
          relation_parent_id: gid,
        },
      },
    ]);
    expect((await viewRelation(t, session, gid)).json()).toMatchObject({
      relUserIsLoggedInUser: 1,
      Status: 3,
      permissions: { accept: 1 },
    });
    expect((await accept(t, session, gid)).statusCode).toBe(200);
    const [party] = await t.db
      .select()
      .from(relationParties)
      .where(eq(relationParties.relationId, gid));
    expect(party).toMatchObject({ userId: invited!.id, status: 1 });

    const again = await t.app.inject({
      url: `/v1/web/user/data/validate_token_for_request_response/${token}`,
    });
    expect(again.json()).toMatchObject({ show_sign_in: 'Y', account_active: 1 });
  });

  it('names one invited person for one address on two relations, each with its own link', async () => {
    const ada = await signedInUser(t);
    const bob = await signedInUser(t);
    const email = `twice.${Date.now()}@example.org`;
    await savePersonRelation(t, ada.session, personForm(email));
    await saveCoauthorRelation(t, bob.session, publicationForm([email.toUpperCase()]));
    const people = await t.db.select().from(users).where(eq(users.email, email));
    expect(people).toHaveLength(1);
    const mails = await mailsTo(t, email);
    expect(mails).toHaveLength(2);
    expect(new Set(mails.map((mail) => invitationLink.exec(mail.text)?.[1])).size).toBe(2);
  });

  it('sends an invited person no mail but their invitations, and one for being added later', async () => {
    const ada = await signedInUser(t);
    const email = `later.${Date.now()}@example.org`;
    const other = await signedInUser(t);
    const created = await saveCoauthorRelation(t, ada.session, publicationForm([other.user.id]));
    const gid = created.json().GID;
    const [row] = await t.db
      .select()
      .from(relationParties)
      .where(eq(relationParties.relationId, gid));
    await saveCoauthorRelation(
      t,
      ada.session,
      publicationForm([], {
        GID: gid,
        publicationName: 'Renamed',
        coAuthorDetails: coauthorDetails([
          { id: other.user.id, relationId: row!.id },
          { name: email },
        ]),
        sourceUserUpdateComment: 'Added a co-author.',
      }),
    );
    const mails = await mailsTo(t, email);
    expect(mails.map((mail) => mail.subject)).toEqual([
      expect.stringContaining('named you in a relation on Recuse'),
    ]);
  });
});
