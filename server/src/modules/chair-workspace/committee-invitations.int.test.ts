// Inviting committee members without an account (docs/api-conflicts.md, "Inviting committee
// members"): adding an address nobody's account holds mails it a sign-up link, and signing up
// through that link makes the person the committee's member; committee/invite mails it again
// within the invitation limits; who may do it; what is refused, changing nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CommitteeInviteReply,
  CommitteeReply,
  ConferenceReply,
  LateMemberReply,
} from '@recuse/common';
import { chairWorkspaceMessages, messages } from '@recuse/common';
import type { TestApp } from '../../../test/build-test-app.ts';
import { buildTestApp } from '../../../test/build-test-app.ts';
import type { Tokens } from '../../../test/factories.ts';
import { bearer, buildUser, form, mailsTo, signIn, signUpForm } from '../../../test/factories.ts';
import { get, post } from '../../../test/relation-requests.ts';

let t: TestApp;
let chair: Tokens;
let admin: Tokens;
let otherUser: Tokens;
let otherChair: Tokens;
let confid: number;
let sequence = 0;
const newAddress = (name: string) => `${name}${(sequence += 1)}@pc.example.org`;

// Small limits, to reach them: three invitations a day per inviter, two per address.
beforeAll(async () => {
  t = await buildTestApp({
    INVITATIONS_PER_CREATOR_PER_DAY: '3',
    INVITATIONS_PER_ADDRESS_PER_DAY: '2',
  });
  const chairUser = await buildUser(t.db, { firstName: 'Carla', lastName: 'Chair' });
  chair = await signIn(t.app, chairUser.email!);
  admin = await signIn(t.app, (await buildUser(t.db, { role: 'admin' })).email!);
  otherUser = await signIn(t.app, (await buildUser(t.db)).email!);
  otherChair = await signIn(t.app, (await buildUser(t.db)).email!);
  confid = await createConference(chair, 'INV-2027', 'Invitations 2027');
  await createConference(otherChair, 'OTHER-2027', 'Other 2027');
});
afterAll(() => t.close());

async function createConference(session: Tokens, name: string, label: string) {
  const created = await post(
    t,
    '/v1/web/conference/data/save',
    session,
    { name, label, reference_date: '2027-03-01' },
    'json',
  );
  expect(created.statusCode, created.body).toBe(200);
  return created.json<ConferenceReply>().conference.confid;
}

const base = (id: number | string = confid) => `/v1/web/conference/${id}`;
const addMember = (session: Tokens | null, email: string) =>
  post(t, `${base()}/committee/member`, session, { email }, 'json');
const invite = (session: Tokens | null, email: string, id: number | string = confid) =>
  post(t, `${base(id)}/committee/invite`, session, { email }, 'json');
const committeeRow = async (email: string) =>
  (await get(t, `${base()}/committee`, chair))
    .json<CommitteeReply>()
    .rows.find((row) => row.email === email);
const linkIn = (text: string) => /https?:\/\/\S+/.exec(text)![0];
/** An administrator with a day's invitations of their own (the limit is per inviter). */
const freshAdministrator = async (firstName: string, lastName: string) =>
  signIn(t.app, (await buildUser(t.db, { role: 'admin', firstName, lastName })).email!);

describe('adding an address nobody has an account for', () => {
  it('mails it a sign-up link, and signing up through it makes the person the member', async () => {
    const address = newAddress('newcomer');
    const added = await addMember(chair, address.toUpperCase());
    expect(added.statusCode, added.body).toBe(200);
    const reply = added.json<LateMemberReply>();
    expect(reply.invitation_outcome).toBe('sent');
    expect(reply.member).toMatchObject({
      email: address,
      status: 'unmatched',
      has_account: false,
      invitation: { times_sent: 1, sent_by: 'Carla Chair' },
    });
    expect(reply.member.invitation!.first_sent_at).toBe(reply.member.invitation!.last_sent_at);

    const [mail] = await mailsTo(t, address);
    expect(mail!.subject).toBe(
      'Carla Chair invited you to the programme committee of Invitations 2027',
    );
    expect(mail!.text).toContain('programme committee of Invitations 2027 (INV-2027)');
    const link = linkIn(mail!.text);
    expect(link).toMatch(/^http:\/\/recuse\.test\/registration\/[\w-]+$/);

    // The link's page knows the address (the sign-up form shows it, disabled).
    const token = link.split('/').pop()!;
    const lookup = await t.app.inject({
      url: `/v1/web/user/data/validate_token_for_request_response/${token}`,
    });
    expect(lookup.statusCode).toBe(200);
    expect(lookup.json()).toMatchObject({ message: 'SUCCESS', userData: { email: address } });

    const signedUp = await t.app.inject({
      method: 'POST',
      url: '/v1/web/user-registration/save',
      ...form({ ...signUpForm(address), FName: 'Nina', SName: 'Newcomer', userToken: token }),
    });
    expect(signedUp.statusCode, signedUp.body).toBe(200);
    expect(signedUp.json().message).toBe(messages.registrationCreatedInvited);
    // The link proved the address: no confirmation needed, the account signs in at once.
    await signIn(t.app, address);

    expect(await committeeRow(address)).toMatchObject({
      status: 'matched',
      matched_by: 'email',
      user: { name: 'Nina Newcomer' },
      has_account: true,
    });
    // Used once: the link does not sign anyone else up.
    const again = await t.app.inject({
      method: 'POST',
      url: '/v1/web/user-registration/save',
      ...form({ ...signUpForm(newAddress('late')), userToken: token }),
    });
    expect(again.statusCode).toBe(422);
  });

  it('is not blocked by a sign-up that holds the address without having confirmed it', async () => {
    const address = newAddress('squatted');
    const squatter = await t.app.inject({
      method: 'POST',
      url: '/v1/web/user-registration/save',
      ...form({ ...signUpForm(address), FName: 'Sam', SName: 'Squatter' }),
    });
    expect(squatter.statusCode, squatter.body).toBe(200);
    const added = await addMember(chair, address);
    expect(added.json<LateMemberReply>()).toMatchObject({
      invitation_outcome: 'sent',
      member: { has_account: false },
    });
    const invitation = (await mailsTo(t, address)).find((mail) =>
      mail.subject.includes('programme committee'),
    );
    const token = linkIn(invitation!.text).split('/').pop()!;
    const signedUp = await t.app.inject({
      method: 'POST',
      url: '/v1/web/user-registration/save',
      ...form({ ...signUpForm(address), FName: 'Rita', SName: 'Real', userToken: token }),
    });
    expect(signedUp.statusCode, signedUp.body).toBe(200);
    await signIn(t.app, address);
    expect(await committeeRow(address)).toMatchObject({ user: { name: 'Rita Real' } });
  });

  it("is not invited when it is an account's, primary or confirmed secondary", async () => {
    const member = await buildUser(t.db, { secondaryEmail: newAddress('second') });
    for (const address of [member.email!, member.secondaryEmail!]) {
      const added = await addMember(chair, address);
      expect(added.json<LateMemberReply>()).toMatchObject({
        invitation_outcome: 'not_needed',
        member: { status: 'matched', has_account: true, invitation: null },
      });
      const refused = await invite(chair, address);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().errors.email).toEqual([chairWorkspaceMessages.hasAccount(address)]);
    }
    expect(await mailsTo(t, member.email!)).toEqual([]);
    expect(await mailsTo(t, member.secondaryEmail!)).toEqual([]);
  });
});

describe('inviting again', () => {
  it('mails the address again, up to the limit per address, then answers 429 and sends nothing', async () => {
    const address = newAddress('twice');
    await addMember(await freshAdministrator('Ada', 'Adder'), address);
    // Another inviter, so that only the address's limit can refuse the third mail.
    const again = await freshAdministrator('Avery', 'Again');
    const second = await invite(again, address);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json<CommitteeInviteReply>()).toMatchObject({
      message: 'INVITED',
      member: { email: address, invitation: { times_sent: 2, sent_by: 'Avery Again' } },
    });
    const mails = await mailsTo(t, address);
    expect(mails).toHaveLength(2);
    // Each mail has its own link; both work until one is used.
    expect(new Set(mails.map((mail) => linkIn(mail.text))).size).toBe(2);

    const third = await invite(again, address);
    expect(third.statusCode).toBe(429);
    expect(third.json().message).toBe(messages.tooManyRequests);
    expect(await mailsTo(t, address)).toHaveLength(2);
    expect((await committeeRow(address))!.invitation).toMatchObject({
      times_sent: 2,
      sent_by: 'Avery Again',
    });
  });

  it("adds but does not invite once the inviter's day is used up; invite answers 429", async () => {
    const inviter = await freshAdministrator('Ivy', 'Inviter');
    for (const address of [newAddress('a'), newAddress('b'), newAddress('c')]) {
      expect((await addMember(inviter, address)).json<LateMemberReply>().invitation_outcome).toBe(
        'sent',
      );
    }
    const fourth = newAddress('d');
    const added = await addMember(inviter, fourth);
    expect(added.statusCode).toBe(200);
    expect(added.json<LateMemberReply>()).toMatchObject({
      invitation_outcome: 'limit_reached',
      member: { email: fourth, has_account: false, invitation: null },
    });
    const refused = await invite(inviter, fourth);
    expect(refused.statusCode).toBe(429);
    expect(await mailsTo(t, fourth)).toEqual([]);
    // Another inviter's day is their own.
    expect((await invite(await freshAdministrator('Olga', 'Other'), fourth)).statusCode).toBe(200);
    expect(await mailsTo(t, fourth)).toHaveLength(1);
  });
});

describe('who may invite, and what is refused', () => {
  it('answers the chairs and administrators; 401, 403 and 404 to others, sending nothing', async () => {
    const address = newAddress('matrix');
    // Added by the chair (invited once, within the limits of a fresh address).
    expect((await addMember(chair, address)).statusCode).toBe(200);
    expect(await mailsTo(t, address)).toHaveLength(1);
    expect((await invite(null, address)).statusCode).toBe(401);
    expect((await invite(otherUser, address)).statusCode).toBe(403);
    expect((await invite(otherChair, address)).statusCode).toBe(403);
    expect((await invite(chair, address, 999_999)).statusCode).toBe(404);
    expect((await invite(chair, address, 'not-a-conference')).statusCode).toBe(404);
    expect(await mailsTo(t, address)).toHaveLength(1);
    expect((await invite(admin, address)).statusCode).toBe(200);
    expect(await mailsTo(t, address)).toHaveLength(2);
  });

  it('refuses an address that is not on the committee, or not an address, with 422', async () => {
    const stranger = newAddress('stranger');
    const notOnCommittee = await invite(chair, stranger);
    expect(notOnCommittee.statusCode).toBe(422);
    expect(notOnCommittee.json().errors.email).toEqual([
      chairWorkspaceMessages.memberUnknown(stranger),
    ]);
    const invalid = await invite(chair, 'not an address');
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().errors.email).toBeDefined();
    expect(await mailsTo(t, stranger)).toEqual([]);
  });

  it('keeps the invitation when an upload replaces the committee, and says who sent it', async () => {
    const address = newAddress('kept');
    const administrator = await freshAdministrator('Kai', 'Keeper');
    await addMember(administrator, address);
    const upload = await t.app.inject({
      method: 'POST',
      url: `${base()}/committee`,
      payload: `given_name,family_name,email\nKim,Kept,${address}\n`,
      headers: { ...bearer(administrator), 'content-type': 'text/csv' },
    });
    expect(upload.statusCode, upload.body).toBe(200);
    expect(upload.json<CommitteeReply>().rows).toEqual([
      expect.objectContaining({
        email: address,
        has_account: false,
        invitation: expect.objectContaining({ times_sent: 1, sent_by: 'Kai Keeper' }),
      }),
    ]);
  });
});
