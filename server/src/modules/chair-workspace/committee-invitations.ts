// Inviting committee members who have no account yet (docs/api-conflicts.md, "Inviting committee
// members"): a committee address no account holds is mailed a link to sign up with it, and once
// they have, the committee's row finds them by that address.
//
// Who may do what, in plain words: the conference's chairs and administrators (403 for anyone
// else, 404 for no such conference). Adding a member by address (committee/member) invites them
// when no account holds it; committee/invite mails an address on the committee again. The
// invitations of relations and of committees share one limit per inviter and one per address a
// day: over either, committee/invite answers 429 and sends nothing, while an added member stays
// added, uninvited. An address an account holds needs no invitation (409); one not on the
// committee cannot get one (422).
import type { CommitteeInviteReply } from '@recuse/common';
import { chairWorkspaceMessages } from '@recuse/common';
import { recordAudit } from '../../audit/audit.repo.ts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import type { User } from '../../db/schema.ts';
import type { SessionUser } from '../../http/authenticate.ts';
import { conflict, validationFailed } from '../../http/errors.ts';
import { TooManyRequests } from '../../http/limits.ts';
import type { Mail } from '../../mail/outbox.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { issueInvitationLink } from '../auth/auth.service.ts';
import type { Conference } from '../conferences/conferences.repo.ts';
import { findChairedConference } from '../conferences/conferences.service.ts';
import type { NamedUser } from '../relations/relation-wire.ts';
import { displayName } from '../relations/relation-wire.ts';
import { memberWiresOf } from './chair-workspace.service.ts';
import { matchPeople } from './row-matches.ts';
import { findCommitteeMember } from './chair-workspace.repo.ts';
import { findAccountAddresses, recordInvitation } from './committee-invitations.repo.ts';

export type InvitationOutcome = 'sent' | 'limit_reached' | 'not_needed';

export function committeeInvitationMail(
  to: string,
  inviter: NamedUser,
  conference: Pick<Conference, 'name' | 'label'>,
  link: string,
): Mail {
  const chair = displayName(inviter);
  return {
    to,
    subject: `${chair} invited you to the programme committee of ${conference.label}`,
    text: `Hello,

${chair} added you to the programme committee of ${conference.label} (${conference.name})
on Recuse, the conflict-of-interest database for computer-science conferences. The chairs
use it to see which submissions each member should not review, from the relations members
record with their co-authors, students and institutions.

To take part, create your profile with this email address by opening this link:

${link}

The link is valid for 30 days. If you do not expect this invitation, you can ignore this mail.
`,
  };
}

/** Mails the invitation and records it, in the caller's transaction; 429 over a limit. */
async function mailInvitation(
  context: AppContext,
  db: Db,
  conference: Conference,
  email: string,
  inviter: User,
): Promise<void> {
  const link = await issueInvitationLink(context, db, {
    inviterId: inviter.id,
    email,
    invitedUserId: null,
    page: 'registration',
  });
  await enqueueMail(db, committeeInvitationMail(email, inviter, conference, link));
  await recordInvitation(db, { conferenceId: conference.id, email, userId: inviter.id });
  await recordAudit(db, {
    actorUserId: inviter.id,
    action: 'conference.committee-invite',
    entity: 'conference',
    entityId: conference.id,
    after: { email },
  });
}

/**
 * A member just added by address, in the addition's transaction: invited when no account
 * holds the address. Over a limit the attempt is undone (a savepoint) and the member stays.
 */
export async function inviteAddedMember(
  context: AppContext,
  db: Db,
  conference: Conference,
  email: string,
  inviter: User,
): Promise<InvitationOutcome> {
  if ((await findAccountAddresses(db, [email])).size > 0) return 'not_needed';
  try {
    await db.transaction((savepoint) =>
      mailInvitation(context, savepoint, conference, email, inviter),
    );
    return 'sent';
  } catch (error) {
    if (error instanceof TooManyRequests) return 'limit_reached';
    throw error;
  }
}

/** POST /v1/web/conference/{confid}/committee/invite: the invitation, sent (again). */
export async function inviteCommitteeMember(
  context: AppContext,
  session: SessionUser,
  confid: string,
  email: string,
): Promise<CommitteeInviteReply> {
  return context.db.transaction(async (tx) => {
    const conference = await findChairedConference(tx, session, confid, { lock: true });
    const member = await findCommitteeMember(tx, conference.id, email);
    if (!member) {
      throw validationFailed({ email: [chairWorkspaceMessages.memberUnknown(email)] });
    }
    if ((await findAccountAddresses(tx, [email])).size > 0) {
      throw conflict({ email: [chairWorkspaceMessages.hasAccount(email)] });
    }
    await mailInvitation(context, tx, conference, member.email.toLowerCase(), session.user);
    const [wire] = await memberWiresOf(
      tx,
      conference.id,
      [member],
      await matchPeople(tx, [member]),
    );
    return { message: 'INVITED', member: wire! };
  });
}
