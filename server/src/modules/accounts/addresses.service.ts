// Confirmed e-mail addresses (docs/security.md, section 3). A new primary or secondary address
// given on the profile, and a sign-up's address that an invited person holds, identify the
// account only once the link mailed to that address is opened: for sign-in, relations typed
// by e-mail, invitations and people search. Until then they wait in the pending columns and
// the old primary address keeps working. A new primary address is announced to the old one
// with a link that makes it the primary again.
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { recordAudit } from '../../audit/audit.repo.ts';
import { findViolatedUniqueIndex } from '../../db/errors.ts';
import type { User } from '../../db/schema.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import type { Token, TokenKind } from '../auth/one-time-tokens.ts';
// The tokens table is auth's; address links and ORCID's state are issued and redeemed through
// its one-time-tokens functions.
import {
  findLiveSecret,
  issueSecret,
  markTokenUsed,
  revokeUserTokens,
} from '../auth/one-time-tokens.ts';
import { addressConfirmationMail, emailChangedMail } from './addresses.mails.ts';
import {
  findAddressHolders,
  lockUsers,
  releaseUnconfirmedAddress,
  setAddresses,
} from './accounts.repo.ts';
import { mergeInvitedPerson } from './accounts.service.ts';

export const addressConfirmationTtlDays = 7;
export const emailChangeUndoTtlDays = 30;

export type AddressRole = 'primary' | 'secondary';
const confirmationKind = {
  primary: 'email_confirmation',
  secondary: 'secondary_email_confirmation',
} as const;

/** The link that confirms an address; the same route confirms a sign-up. */
export const confirmationLink = (publicUrl: string, secret: string) =>
  `${publicUrl}/v1/web/user/confirm-email/${secret}`;

/**
 * Mails a confirmation link for a new address of the account, inside the caller's
 * transaction. Earlier links for the same role stop working.
 */
export async function sendAddressConfirmation(
  context: AppContext,
  db: Db,
  user: { id: number; firstName: string },
  address: string,
  role: AddressRole,
): Promise<void> {
  await revokeUserTokens(db, user.id, [confirmationKind[role]]);
  const secret = await issueSecret(db, {
    userId: user.id,
    kind: confirmationKind[role],
    email: address,
    expiresAt: new Date(Date.now() + addressConfirmationTtlDays * 86_400_000),
  });
  await enqueueMail(
    db,
    addressConfirmationMail(
      address,
      user.firstName,
      role,
      confirmationLink(context.config.PUBLIC_URL, secret),
    ),
  );
}

/**
 * An address proven by an invitation's link, or named in a relation, in the caller's
 * transaction: an account that holds it from a sign-up it never confirmed gives it up
 * (docs/security.md, 6a); its own confirmation link works while nobody has the address.
 */
export async function releaseUnconfirmedSignUp(db: Db, holderId: number): Promise<void> {
  await releaseUnconfirmedAddress(db, holderId);
}

/** Tells the old primary address of a requested change, with the link that undoes it. */
export async function sendEmailChangeNotice(
  context: AppContext,
  db: Db,
  user: { id: number; firstName: string },
  oldAddress: string,
  newAddress: string,
): Promise<void> {
  const secret = await issueSecret(db, {
    userId: user.id,
    kind: 'email_change_undo',
    email: oldAddress,
    expiresAt: new Date(Date.now() + emailChangeUndoTtlDays * 86_400_000),
  });
  const { PUBLIC_URL, CONTACT_EMAIL } = context.config;
  await enqueueMail(
    db,
    emailChangedMail(
      oldAddress,
      user.firstName,
      newAddress,
      `${PUBLIC_URL}/v1/web/user/email-undo/${secret}`,
      CONTACT_EMAIL,
    ),
  );
}

/**
 * Whether `user` holds `address` only from a sign-up never confirmed: the address does not
 * identify them, and whoever proves it, or names it on a relation, takes it.
 */
export function holdsUnconfirmedAddress(user: User, address: string): boolean {
  return (
    user.kind === 'registered' &&
    !user.isEmailConfirmed &&
    user.email?.toLowerCase() === address.toLowerCase()
  );
}

/**
 * Gives the account an address it has just proven: an invited person named by that address
 * becomes part of the account (their relations are now the account's), and an account that
 * holds it from a sign-up it never confirmed gives it up. False when a confirmed account (or
 * anyone else) holds it: the address stays theirs.
 */
async function takeAddress(db: Db, userId: number, address: string): Promise<boolean> {
  for (const holder of await findAddressHolders(db, address, userId)) {
    if (holder.kind === 'invited') {
      if (!(await mergeInvitedPerson(db, { fromUserId: holder.id, intoUserId: userId }))) {
        return false;
      }
    } else if (holdsUnconfirmedAddress(holder, address)) {
      await releaseUnconfirmedSignUp(db, holder.id);
    } else {
      return false;
    }
  }
  return true;
}

/** An address link being opened: its token, the locked account it belongs to, the address. */
interface OpenedLink {
  token: Token;
  user: User;
  address: string;
}

/**
 * Opens a mailed address link of one of `kinds` in a transaction: a live, unused link of a
 * registered account is marked used and handed to `apply` with the account's row locked.
 * False for a bad link, and when another account takes the address between `apply`'s check
 * and its write (the unique index on users.email says so).
 */
async function openAddressLink(
  context: AppContext,
  kinds: readonly TokenKind[],
  secret: string,
  apply: (tx: Db, link: OpenedLink) => Promise<boolean>,
): Promise<boolean> {
  return context.db
    .transaction(async (tx) => {
      let token: Token | undefined;
      for (const kind of kinds) token ??= await findLiveSecret(tx, kind, secret);
      if (!token?.userId || !token.email || token.usedAt) return false;
      const [user] = await lockUsers(tx, [token.userId]);
      if (user?.kind !== 'registered' || !(await markTokenUsed(tx, token.id))) return false;
      return apply(tx, { token, user, address: token.email.toLowerCase() });
    })
    .catch((error: unknown) => {
      if (findViolatedUniqueIndex(error) === 'users_email_unique') return false;
      throw error;
    });
}

/**
 * Opens a confirmation link, in plain words:
 * - A sign-up's own address: the account is confirmed and may sign in.
 * - The pending primary or secondary address the link was sent to: it becomes the account's
 *   (takeAddress), confirmed; the primary then signs in, the old primary no longer does.
 * - A used, expired or revoked link, or one for an address the account no longer waits for
 *   (changed or cancelled since), or for an address someone else proved first: false.
 */
export async function confirmAddress(context: AppContext, secret: string): Promise<boolean> {
  const kinds = ['email_confirmation', 'secondary_email_confirmation'] as const;
  return openAddressLink(context, kinds, secret, async (tx, { token, user, address }) => {
    const role: AddressRole = token.kind === 'email_confirmation' ? 'primary' : 'secondary';
    if (role === 'primary' && user.email?.toLowerCase() === address) {
      await setAddresses(tx, user.id, { isEmailConfirmed: true });
      return true;
    }
    const pending = role === 'primary' ? user.pendingEmail : user.pendingSecondaryEmail;
    if (pending?.toLowerCase() !== address || !(await takeAddress(tx, user.id, address))) {
      return false;
    }
    await setAddresses(
      tx,
      user.id,
      role === 'primary'
        ? { email: address, pendingEmail: null, isEmailConfirmed: true }
        : { secondaryEmail: address, pendingSecondaryEmail: null },
    );
    await recordAudit(tx, {
      actorUserId: user.id,
      action: 'user.confirm-email',
      entity: 'user',
      entityId: user.id,
      before: { email: user.email, secondaryEmail: user.secondaryEmail },
      after: role === 'primary' ? { email: address } : { secondaryEmail: address },
    });
    return true;
  });
}

/**
 * Opens the link mailed to an old primary address: that address is the primary again (and
 * confirmed), a pending change is dropped, and every session and pending link of the account
 * ends, since someone else may have made the change. Works once; false for a bad link or when
 * another account has taken the old address since.
 */
export async function undoEmailChange(context: AppContext, secret: string): Promise<boolean> {
  return openAddressLink(context, ['email_change_undo'], secret, async (tx, { user, address }) => {
    if (user.email?.toLowerCase() !== address && !(await takeAddress(tx, user.id, address))) {
      return false;
    }
    await setAddresses(tx, user.id, {
      email: address,
      pendingEmail: null,
      isEmailConfirmed: true,
      ...(user.secondaryEmail?.toLowerCase() === address ? { secondaryEmail: null } : {}),
    });
    await revokeUserTokens(tx, user.id, [
      'access',
      'refresh',
      'password_reset',
      'email_confirmation',
      'secondary_email_confirmation',
    ]);
    await recordAudit(tx, {
      actorUserId: user.id,
      action: 'user.undo-email-change',
      entity: 'user',
      entityId: user.id,
      before: { email: user.email, pendingEmail: user.pendingEmail },
      after: { email: address },
    });
    return true;
  });
}
