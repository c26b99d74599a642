// Confirmed e-mail addresses (docs/security.md, sections 3 and 6): a new primary or secondary
// address on the profile, and a plain sign-up with an invited person's address, count only
// once the link mailed to that address is opened; the old primary address is told, and its
// link restores it.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@recuse/common';
import type { TestApp } from '../../../test/build-test-app.ts';
import { buildTestApp } from '../../../test/build-test-app.ts';
import {
  bearer,
  buildInstitution,
  form,
  mailsTo,
  pathOf,
  signIn,
} from '../../../test/factories.ts';
import type { Tokens } from '../../../test/factories.ts';
import {
  affiliationRow,
  getFullProfile,
  profileForm,
  saveProfile,
  signedInUser,
} from '../../../test/profile-requests.ts';
import { personForm, savePersonRelation, searchPeople } from '../../../test/relation-requests.ts';
import { relationParties, users } from '../../db/schema.ts';

let t: TestApp;
let institution: { id: number };
beforeAll(async () => {
  t = await buildTestApp();
  institution = await buildInstitution(t.db, { name: 'ETH Zurich' });
});
afterAll(() => t.close());

let sequence = 0;
const address = (name: string) => `${name}.${(sequence += 1)}.${Date.now()}@example.org`;
const password = 'Sign#Up2024';

type User = typeof users.$inferSelect;

const saveAddresses = (
  person: { user: User; session: Tokens },
  fields: { Email?: string; secEmail?: string },
) =>
  saveProfile(
    t,
    person.session,
    profileForm(person.user, [affiliationRow(institution.id)], {
      Email: person.user.email!,
      ...fields,
    }),
  );

/** The one link in the newest mail with that subject to an address. */
async function linkIn(to: string, subject: string): Promise<string> {
  const mail = (await mailsTo(t, to)).find((candidate) => candidate.subject === subject);
  if (!mail) throw new Error(`no mail '${subject}' to ${to}`);
  return pathOf(mail.links[0]!);
}
const confirmationLinkTo = (to: string) => linkIn(to, 'Confirm your new email address for Recuse');
const open = async (path: string) => (await t.app.inject({ url: path })).headers.location;

/** The person a relation typed with this address (by someone new each time) names. */
async function partyOfRelationTo(email: string): Promise<User> {
  const creator = await signedInUser(t);
  const response = await savePersonRelation(t, creator.session, personForm(email));
  expect(response.statusCode).toBe(200);
  const [party] = await t.db
    .select({ user: users })
    .from(relationParties)
    .innerJoin(users, eq(users.id, relationParties.userId))
    .where(eq(relationParties.relationId, response.json().GID));
  return party!.user;
}

const signsIn = (email: string, secret?: string) =>
  signIn(t.app, email, secret).then(
    () => true,
    () => false,
  );

describe('a new secondary address', () => {
  it('does not capture relations typed to it until it is confirmed from its own mailbox', async () => {
    const mallory = await signedInUser(t);
    const carol = await signedInUser(t);
    const victim = address('victim');
    expect((await saveAddresses(mallory, { secEmail: victim.toUpperCase() })).statusCode).toBe(200);
    expect((await getFullProfile(t, mallory.session)).json()).toMatchObject({
      secEmail: victim,
      secEmailConfirmed: 'N',
    });

    const named = await partyOfRelationTo(victim);
    expect(named).toMatchObject({ kind: 'invited', email: victim });
    expect(named.id).not.toBe(mallory.user.id);
    expect((await searchPeople(t, carol.session, victim)).json().usersDrp).not.toContainEqual(
      expect.objectContaining({ value: mallory.user.id }),
    );

    // The owner of the address opens the link: the address, and the invited person, join.
    expect(await open(await confirmationLinkTo(victim))).toBe('/sign-in?confirmed=1');
    expect((await getFullProfile(t, mallory.session)).json()).toMatchObject({
      secEmail: victim,
      secEmailConfirmed: 'Y',
    });
    const [party] = await t.db
      .select()
      .from(relationParties)
      .where(eq(relationParties.userId, mallory.user.id));
    expect(party).toBeDefined();
    expect(await t.db.select().from(users).where(eq(users.id, named.id))).toEqual([]);
    expect((await partyOfRelationTo(victim)).id).toBe(mallory.user.id);
  });

  it('keeps the confirmed secondary address until the new one is confirmed', async () => {
    const person = await signedInUser(t);
    const first = address('first');
    await saveAddresses(person, { secEmail: first });
    await open(await confirmationLinkTo(first));
    const second = address('second');
    await saveAddresses(person, { secEmail: second });
    expect((await partyOfRelationTo(first)).id).toBe(person.user.id);
    expect((await partyOfRelationTo(second)).kind).toBe('invited');
  });
});

describe('a new primary address', () => {
  it('does not sign in until confirmed, while the old one still does', async () => {
    const person = await signedInUser(t, { firstName: 'Edsger' });
    const oldEmail = person.user.email!;
    const newEmail = address('moved');
    expect((await saveAddresses(person, { Email: newEmail })).statusCode).toBe(200);

    expect((await getFullProfile(t, person.session)).json()).toMatchObject({
      Email: newEmail,
      EmailConfirmed: 'N',
      confirmedEmail: oldEmail,
    });
    expect(await signsIn(newEmail)).toBe(false);
    expect(await signsIn(oldEmail)).toBe(true);
    expect((await partyOfRelationTo(newEmail)).kind).toBe('invited');
    expect((await partyOfRelationTo(oldEmail)).id).toBe(person.user.id);

    expect(await open(await confirmationLinkTo(newEmail))).toBe('/sign-in?confirmed=1');
    expect(await signsIn(newEmail)).toBe(true);
    expect(await signsIn(oldEmail)).toBe(false);
    expect((await getFullProfile(t, person.session)).json()).toMatchObject({
      Email: newEmail,
      EmailConfirmed: 'Y',
      confirmedEmail: newEmail,
    });
  });

  it('tells the old address, and sends the confirmation link only to the new one', async () => {
    const person = await signedInUser(t, { firstName: 'Edsger' });
    const newEmail = address('moved');
    await saveAddresses(person, { Email: newEmail });
    const [notice] = await mailsTo(t, person.user.email!);
    expect(notice!.subject).toBe('Your Recuse email address was changed');
    expect(notice!.text).toContain(newEmail);
    expect(notice!.links[0]).toMatch(/\/v1\/web\/user\/email-undo\/[\w-]{40,}$/);
    const [confirmation] = await mailsTo(t, newEmail);
    expect(confirmation!.text).toContain('Hello Edsger');
    expect(confirmation!.links[0]).toMatch(/\/v1\/web\/user\/confirm-email\/[\w-]{40,}$/);
  });

  it('confirms with a link once; a link for an address since replaced confirms nothing', async () => {
    const person = await signedInUser(t);
    const first = address('first');
    await saveAddresses(person, { Email: first });
    const firstLink = await confirmationLinkTo(first);
    const second = address('second');
    await saveAddresses(person, { Email: second });
    expect(await open(firstLink)).toBe('/sign-in?confirmed=0');
    expect(await signsIn(first)).toBe(false);

    const secondLink = await confirmationLinkTo(second);
    expect(await open(secondLink)).toBe('/sign-in?confirmed=1');
    expect(await open(secondLink)).toBe('/sign-in?confirmed=0');
    expect(await signsIn(second)).toBe(true);
  });

  it('drops a pending change when the confirmed address is saved again', async () => {
    const person = await signedInUser(t);
    const newEmail = address('moved');
    await saveAddresses(person, { Email: newEmail });
    const link = await confirmationLinkTo(newEmail);
    await saveAddresses(person, { Email: person.user.email! });
    expect((await getFullProfile(t, person.session)).json()).toMatchObject({
      Email: person.user.email!,
      EmailConfirmed: 'Y',
    });
    expect(await open(link)).toBe('/sign-in?confirmed=0');
    expect(await signsIn(person.user.email!)).toBe(true);
  });

  it('is not confirmed when another account proved the address first', async () => {
    const first = await signedInUser(t);
    const second = await signedInUser(t);
    const contested = address('contested');
    await saveAddresses(first, { Email: contested });
    const firstLink = await confirmationLinkTo(contested);
    await saveAddresses(second, { Email: contested });
    const secondLink = await confirmationLinkTo(contested);
    expect(await open(secondLink)).toBe('/sign-in?confirmed=1');
    expect(await open(firstLink)).toBe('/sign-in?confirmed=0');
    expect(await signsIn(first.user.email!)).toBe(true);
  });
});

describe('the link mailed to the old primary address', () => {
  it('restores the old address after the change was confirmed, and signs every session out', async () => {
    const person = await signedInUser(t);
    const oldEmail = person.user.email!;
    const newEmail = address('hijacked');
    await saveAddresses(person, { Email: newEmail });
    await open(await confirmationLinkTo(newEmail));
    expect(await signsIn(newEmail)).toBe(true);

    const undo = await linkIn(oldEmail, 'Your Recuse email address was changed');
    expect(await open(undo)).toBe('/sign-in?restored=1');
    expect(await signsIn(oldEmail)).toBe(true);
    expect(await signsIn(newEmail)).toBe(false);
    const profile = await t.app.inject({
      url: '/v1/web/user/profile',
      headers: bearer(person.session),
    });
    expect(profile.statusCode).toBe(401);
    expect(await open(undo)).toBe('/sign-in?restored=0');
  });

  it('cancels a change not confirmed yet: its confirmation link then confirms nothing', async () => {
    const person = await signedInUser(t);
    const newEmail = address('pending');
    await saveAddresses(person, { Email: newEmail });
    const confirmation = await confirmationLinkTo(newEmail);
    expect(
      await open(await linkIn(person.user.email!, 'Your Recuse email address was changed')),
    ).toBe('/sign-in?restored=1');
    expect(await open(confirmation)).toBe('/sign-in?confirmed=0');
    expect(await signsIn(newEmail)).toBe(false);
    expect(await signsIn(person.user.email!)).toBe(true);
  });

  it('answers a bogus link with restored=0', async () => {
    expect(await open('/v1/web/user/email-undo/not-a-real-token')).toBe('/sign-in?restored=0');
  });
});

const register = (fields: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/web/user-registration/save',
    ...form({
      FName: 'Ivy',
      SName: 'Invited',
      dblp_url: '',
      noDBLP: '1',
      password,
      confirmPassword: password,
      optedIn: '1',
      ...fields,
    }),
  });

const invitationLink = /\/relations\/validate\/new\/([\w-]+)/;

/** An address named on a relation: an invited person with an invitation mail. */
async function invitedPerson() {
  const email = address('invited');
  const invited = await partyOfRelationTo(email);
  const [mail] = await mailsTo(t, email);
  return { email, invited, token: invitationLink.exec(mail!.text)![1]! };
}

describe('signing up with an invited address', () => {
  it('without the invitation link does not take over the invited person until confirmed', async () => {
    const { email, invited } = await invitedPerson();
    const response = await register({ Email: email });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ message: messages.registrationCreated });
    const accountId = response.json().GID;
    expect(accountId).not.toBe(invited.id);

    const [stillInvited] = await t.db.select().from(users).where(eq(users.id, invited.id));
    expect(stillInvited).toMatchObject({ kind: 'invited', email, firstName: '' });
    expect((await partyOfRelationTo(email)).id).toBe(invited.id);
    const login = await t.app.inject({
      method: 'POST',
      url: '/v1/user/login',
      ...form({ action: 'login', api_key: 'recuse-web', username: email, password }),
    });
    expect(login.json()).toEqual({ ERROR: 'LOGIN_FAILED', MSG: messages.accountNotConfirmed });

    const [mail] = (await mailsTo(t, email)).filter(
      (candidate) => candidate.subject === 'Confirm your email address for Recuse',
    );
    expect(await open(pathOf(mail!.links[0]!))).toBe('/sign-in?confirmed=1');
    expect(await signsIn(email, password)).toBe(true);
    expect(await t.db.select().from(users).where(eq(users.id, invited.id))).toEqual([]);
    const parties = await t.db
      .select()
      .from(relationParties)
      .where(eq(relationParties.userId, accountId));
    expect(parties).toHaveLength(2);
  });

  it('with the invitation link takes over the invited person at once', async () => {
    const { email, invited, token } = await invitedPerson();
    const response = await register({ Email: email, userToken: token });
    expect(response.json()).toMatchObject({
      GID: invited.id,
      message: messages.registrationCreatedInvited,
    });
    expect(await signsIn(email, password)).toBe(true);
  });

  it('never lets an unconfirmed sign-up be found or named by its address', async () => {
    const email = address('unconfirmed');
    const signUp = await register({ Email: email });
    const accountId = signUp.json().GID;
    const carol = await signedInUser(t);
    expect((await searchPeople(t, carol.session, email)).json().usersDrp).toEqual([]);
    const named = await partyOfRelationTo(email);
    expect(named.kind).toBe('invited');
    expect(named.id).not.toBe(accountId);

    // Opening its link later proves the address: the invited person joins the account.
    const [mail] = await mailsTo(t, email).then((mails) =>
      mails.filter((candidate) => candidate.subject === 'Confirm your email address for Recuse'),
    );
    expect(await open(pathOf(mail!.links[0]!))).toBe('/sign-in?confirmed=1');
    expect(await signsIn(email, password)).toBe(true);
    expect((await partyOfRelationTo(email)).id).toBe(accountId);
  });
});
