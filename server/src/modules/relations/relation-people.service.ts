// The people a relation names: picked by id, or typed as an e-mail ('Create email'), which finds
// the person who has that address or invites someone new; and the search behind the pickers.
import type { PeopleSearchReply, PersonChoice, PersonOption } from '@recuse/common';
import { isEmail, messages } from '@recuse/common';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { validationFailed } from '../../http/errors.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import {
  holdsUnconfirmedAddress,
  releaseUnconfirmedSignUp,
} from '../accounts/addresses.service.ts';
import { issueInvitationLink } from '../auth/auth.service.ts';
import { invitationMail } from './relation-notices.ts';
import type { NamedUser } from './relation-wire.ts';
import { displayName } from './relation-wire.ts';
import { searchPeople } from './relations-read.repo.ts';
import { findUsersByEmails, findUsersByIds, insertInvitedUser, lockKey } from './relations.repo.ts';
import type { User } from '../../db/schema.ts';
import type { SessionUser } from '../../http/authenticate.ts';

/**
 * The person each choice names, in the same order, in plain words:
 * - An id must name someone we know whose account is not deleted.
 * - An e-mail that is someone's primary or secondary address is that person, whatever their
 *   kind (docs/product.md: never invite a second record for a known address); one that
 *   belongs to a deleted account is refused. Only confirmed addresses count
 *   (docs/security.md, section 3): an address given on a profile and not confirmed yet is not
 *   stored there, and an account whose sign-up was never confirmed gives the address up
 *   (it waits as pending; confirming it later takes the invited person over).
 * - Any other e-mail becomes a new invited person. Each address is locked while it is looked
 *   up, so two relations naming the same new address at once invite one person.
 * Problems are reported under `field`, each once (422), and nothing is saved.
 */
export async function resolvePeople(
  db: Db,
  choices: readonly PersonChoice[],
  field: string,
): Promise<User[]> {
  const problems = new Set<string>();
  const ids = choices.flatMap((choice) => ('userId' in choice ? [choice.userId] : []));
  const byId = new Map((await findUsersByIds(db, ids)).map((user) => [user.id, user]));
  for (const id of ids) {
    const user = byId.get(id);
    if (!user) problems.add(messages.personUnknown);
    else if (user.kind === 'deleted') problems.add(messages.personDeleted);
  }
  const emails = [
    ...new Set(choices.flatMap((choice) => ('email' in choice ? [choice.email] : []))),
  ].sort();
  const byEmail = new Map<string, User>();
  for (const email of emails) {
    await lockKey(db, `person-email:${email}`);
    const known = await findUsersByEmails(db, [email]);
    // Naming an address an account only awaits releases it there (docs/security.md, section 3).
    const unconfirmed = known.find((candidate) => holdsUnconfirmedAddress(candidate, email));
    if (unconfirmed) await releaseUnconfirmedSignUp(db, unconfirmed.id);
    const identified = known.filter((candidate) => candidate !== unconfirmed);
    const user =
      identified.find((candidate) => candidate.email?.toLowerCase() === email) ??
      identified.find((candidate) => candidate.secondaryEmail?.toLowerCase() === email);
    if (user?.kind === 'deleted') problems.add(messages.personDeleted);
    byEmail.set(email, user ?? (await insertInvitedUser(db, email)));
  }
  if (problems.size > 0) throw validationFailed({ [field]: [...problems] });
  return choices.map((choice) =>
    'userId' in choice ? byId.get(choice.userId)! : byEmail.get(choice.email)!,
  );
}

/**
 * Sends an invited person the link that leads, through /relations/validate/new/{token}, to
 * registration with their e-mail filled in (or to sign-in once they have an account).
 */
export async function sendInvitation(
  context: AppContext,
  db: Db,
  invited: User,
  inviter: NamedUser,
  relation: { typeId: number; title: string | null },
): Promise<void> {
  if (invited.kind !== 'invited' || !invited.email) return;
  const link = await issueInvitationLink(context, db, {
    inviterId: inviter.id,
    email: invited.email,
    invitedUserId: invited.id,
    page: 'relation',
  });
  await enqueueMail(db, invitationMail(invited.email, inviter, relation, link));
}

export const searchResultLimit = 20;

/**
 * The person pickers' search, in plain words: at least 2 letters or digits; matches the start
 * of a name (first last, last first), of an other name or of the DBLP name, ignoring case,
 * accents and punctuation, or the start of a confirmed primary or secondary address, ignoring
 * case. Answers name people, never their addresses. Deleted accounts and the caller are never
 * offered. At most 20 people, by name. When the text is a whole e-mail, the person whose
 * confirmed address it is is marked (`typed_email`), so the picker offers them instead of
 * 'Create email' (which would name them anyway); the caller's own address (confirmed or
 * waiting for its link) answers nobody and `own_email`, since nobody relates to themselves.
 */
export async function searchPeopleForPicker(
  context: AppContext,
  session: SessionUser,
  query: string,
): Promise<PeopleSearchReply> {
  const text = query.trim();
  if (text.replace(/[^\p{L}\p{N}]/gu, '').length < 2) {
    throw validationFailed({ q: [messages.searchTooShort] });
  }
  const typedEmail = isEmail(text) ? text.toLowerCase() : null;
  const { user } = session;
  const ownAddresses = [
    user.email,
    user.secondaryEmail,
    user.pendingEmail,
    user.pendingSecondaryEmail,
  ];
  if (typedEmail && ownAddresses.some((address) => address?.toLowerCase() === typedEmail)) {
    return { usersDrp: [], own_email: 1 };
  }
  const people = await searchPeople(context.db, {
    text,
    excludeUserId: user.id,
    limit: searchResultLimit,
  });
  return {
    usersDrp: people.map((person) => ({
      ...toPersonOption(person),
      ...(typedEmail && confirmedAddresses(person).includes(typedEmail)
        ? { typed_email: 1 as const }
        : {}),
    })),
  };
}

/** The addresses that name a person: an account's only once confirmed (docs/security.md, 3). */
function confirmedAddresses(person: User): string[] {
  const primary = person.kind !== 'registered' || person.isEmailConfirmed ? person.email : null;
  return [primary, person.secondaryEmail].flatMap((address) =>
    address ? [address.toLowerCase()] : [],
  );
}

export function toPersonOption(user: NamedUser): PersonOption {
  return { label: displayName(user), value: user.id, dblp_name: user.dblpName ?? '' };
}
