// Accounts and sessions: sign-in with lockout, rotating refresh tokens, sign-up (plain and
// invited), e-mail confirmation, and password recovery. Routes call these functions only.
import { randomUUID } from 'node:crypto';
import type { InvitationTokenReply, Login, Registration, TokenReply } from '@recuse/common';
import { findDblpPid, messages } from '@recuse/common';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { findViolatedUniqueIndex } from '../../db/errors.ts';
import { HttpError, conflict, notFound, validationFailed } from '../../http/errors.ts';
import { addressKey, day, spend } from '../../http/limits.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import type { Job } from '../../jobs/queue.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { confirmationLink, releaseUnconfirmedSignUp } from '../accounts/addresses.service.ts';
import { openDblpClaim } from '../dblp-claims/dblp-claims.service.ts';
import {
  claimUser,
  findSignInAccount,
  findUserByAccessToken,
  findUserByDblpPid,
  findUserByEmail,
  insertUser,
  isAddressLocked,
  isRetryWithinGrace,
  markTokenUsed,
  recordFailedLogin,
  recordFailedLoginForAddress,
  revokeTokenFamily,
  revokeUserTokens,
  updateUser,
} from './auth.repo.ts';
import { emailConfirmationMail, passwordResetMail, welcomeMail } from './auth.mails.ts';
import { hashPassword, verifyAgainstNothing, verifyPassword } from './passwords.ts';
import { findLiveSecret, issueSecret } from './one-time-tokens.ts';
import { hashSecret } from './secrets.ts';
import type { User } from '../../db/schema.ts';
import type { SessionUser } from '../../http/authenticate.ts';

/**
 * The account whose confirmed primary address `email` is (any case), read in the caller's
 * transaction: a sign-up still waiting for its link proves nothing about who holds the address
 * (docs/security.md, section 3). How another module names a person by address (a co-chair).
 */
export async function findConfirmedAccount(db: Db, email: string): Promise<User | undefined> {
  const user = await findUserByEmail(db, email);
  return user?.kind === 'registered' && user.isEmailConfirmed ? user : undefined;
}

export const lockoutPolicy = { maxFailures: 5, lockMinutes: 15, memoryHours: 24 } as const;
const passwordResetTtlMinutes = 60;
const emailConfirmationTtlDays = 7;
export const invitationTtlDays = 30;

/** A refused sign-in, in the contract's shape: ERROR and MSG (docs/api.md, "Wire conventions"). */
function loginRefused(error: 'LOGIN_FAILED' | 'ACCOUNT_IS_LOCKED', message: string) {
  return new HttpError(error === 'ACCOUNT_IS_LOCKED' ? 423 : 401, { ERROR: error, MSG: message });
}

const isLocked = (user: User) =>
  user.lockedUntil != null && user.lockedUntil.getTime() > Date.now();

/**
 * Sign-in. Unknown e-mails and wrong passwords get the same answer in the same time. Five
 * failures in a row lock the account for 15 minutes; while locked, even the right password
 * is refused. An address without an account is locked the same way. An account whose e-mail is not confirmed cannot sign in yet.
 */
export async function login(context: AppContext, form: Login): Promise<TokenReply> {
  const { db } = context;
  const user = await findSignInAccount(db, form.username);
  if (!user || user.kind !== 'registered' || !user.passwordHash) {
    // Locked and counted like an account, so the answers cannot tell who has one.
    const key = `sign-in-failures:${addressKey(form.username)}`;
    if (await isAddressLocked(db, key, lockoutPolicy)) {
      throw loginRefused('ACCOUNT_IS_LOCKED', messages.accountLocked);
    }
    await verifyAgainstNothing(form.password);
    const { isLocked: isNowLocked } = await recordFailedLoginForAddress(db, key, lockoutPolicy);
    if (isNowLocked) throw loginRefused('ACCOUNT_IS_LOCKED', messages.accountLocked);
    throw loginRefused('LOGIN_FAILED', messages.loginFailed);
  }
  if (isLocked(user)) throw loginRefused('ACCOUNT_IS_LOCKED', messages.accountLocked);
  if (!(await verifyPassword(user.passwordHash, form.password))) {
    const { isLocked: isNowLocked } = await recordFailedLogin(db, user.id, lockoutPolicy);
    if (isNowLocked) throw loginRefused('ACCOUNT_IS_LOCKED', messages.accountLocked);
    throw loginRefused('LOGIN_FAILED', messages.loginFailed);
  }
  if (!user.isEmailConfirmed) throw loginRefused('LOGIN_FAILED', messages.accountNotConfirmed);
  await updateUser(db, user.id, { failedLoginCount: 0, lockedUntil: null });
  return issueSession(context, db, user.id, randomUUID());
}

async function issueSession(
  context: AppContext,
  db: Db,
  userId: number,
  familyId: string,
): Promise<TokenReply> {
  const now = Date.now();
  const accessTtl = context.config.ACCESS_TOKEN_TTL_SECONDS;
  const access = await issueSecret(db, {
    userId,
    kind: 'access',
    familyId,
    expiresAt: new Date(now + accessTtl * 1000),
  });
  const refresh = await issueSecret(db, {
    userId,
    kind: 'refresh',
    familyId,
    expiresAt: new Date(now + context.config.REFRESH_TOKEN_TTL_DAYS * 86_400_000),
  });
  return { access_token: access, refresh_token: refresh, expires_in: accessTtl };
}

const invalidRefresh = () => new HttpError(400, { error: 'invalid_request' });

/**
 * Refresh tokens rotate: each works once and is replaced by a new pair of the same family.
 * Presenting one that was already used means it was copied, so the whole family (every
 * access and refresh token of that sign-in) is revoked, with one exception, as OAuth's
 * guidance on refresh token rotation allows: within REFRESH_REUSE_GRACE_SECONDS of its use,
 * and while no refresh token issued after it in the family has been used, the same token
 * gets a new sibling pair of the family. That is a retry after a lost answer, or a second
 * tab refreshing at the same moment; neither signs the user out. Only hashes are stored, so
 * the pair issued the first time cannot be answered again; the sibling is as good.
 */
export async function refreshSession(
  context: AppContext,
  refreshToken: string,
): Promise<TokenReply> {
  return context.db
    .transaction(async (tx) => {
      const token = await findLiveSecret(tx, 'refresh', refreshToken);
      if (!token || !token.familyId || !token.userId) throw invalidRefresh();
      if (token.usedAt || !(await markTokenUsed(tx, token.id))) {
        const graceMs = context.config.REFRESH_REUSE_GRACE_SECONDS * 1000;
        if (await isRetryWithinGrace(tx, token.id, token.familyId, graceMs)) {
          return issueSession(context, tx, token.userId, token.familyId);
        }
        await revokeTokenFamily(tx, token.familyId);
        return { reused: true as const };
      }
      return issueSession(context, tx, token.userId, token.familyId);
    })
    .then((result) => {
      // The revocation above must commit, so the refusal is thrown after the transaction.
      if ('reused' in result) throw invalidRefresh();
      return result;
    });
}

export async function logout(context: AppContext, session: SessionUser): Promise<void> {
  await revokeTokenFamily(context.db, session.familyId);
}

/**
 * The session of an access token: from memory when a trustworthy copy is there
 * (session-cache.ts), else read, and kept for the next request.
 */
export async function authenticate(
  context: AppContext,
  accessToken: string,
): Promise<SessionUser | undefined> {
  const tokenHash = hashSecret(accessToken);
  const { sessions } = context;
  const kept = sessions?.find(tokenHash);
  if (kept) return kept;
  const mark = sessions?.mark();
  const found = await findUserByAccessToken(context.db, tokenHash);
  if (!found) return undefined;
  if (sessions && mark !== undefined)
    sessions.keep(tokenHash, found.session, found.expiresAt, mark);
  return found.session;
}

/**
 * Sign-up. A plain sign-up must confirm its e-mail before signing in; an invited sign-up
 * (the token from an invitation mail, for that same e-mail) has proven it already. A person
 * who was invited (named by e-mail) or imported from DBLP becomes the account, so what was
 * recorded about them stays theirs. An invited person becomes the account only through the
 * invitation's link or once the address is confirmed: a plain sign-up with their address
 * makes a new account that waits, its address pending, and takes the invited person over when
 * its confirmation link is opened (addresses.service's confirmAddress).
 */
export async function register(
  context: AppContext,
  form: Registration,
): Promise<{ id: number; message: string }> {
  const { db, config } = context;
  const pid = form.dblp_url ? findDblpPid(form.dblp_url) : undefined;
  const passwordHash = await hashPassword(form.password);
  return db
    .transaction(async (tx) => {
      const invitation = form.userToken
        ? await findLiveSecret(tx, 'invitation', form.userToken)
        : undefined;
      if (form.userToken && (!invitation || invitation.email?.toLowerCase() !== form.Email)) {
        throw validationFailed({ userToken: [messages.invitationInvalid] });
      }
      const isInvited = invitation !== undefined;
      const holder = await findUserByEmail(tx, form.Email);
      // The link proves the address: a sign-up that holds it unconfirmed gives it up.
      const isHeldUnconfirmed =
        isInvited && holder?.kind === 'registered' && !holder.isEmailConfirmed;
      if (isHeldUnconfirmed) await releaseUnconfirmedSignUp(tx, holder.id);
      const existing = isHeldUnconfirmed ? undefined : holder;
      if (existing && existing.kind !== 'invited') throw emailTaken();
      const dblpPerson = pid ? await findUserByDblpPid(tx, pid) : undefined;
      if (dblpPerson && dblpPerson.kind !== 'dblp_only') throw dblpTaken();

      // Without the invitation's link the address is not proven yet: the invited person stays
      // as they are, and the account holds the address as pending until it is confirmed.
      const invitedPerson = isInvited ? existing : undefined;
      const waitsForAddress = existing !== undefined && !isInvited;
      const account = {
        kind: 'registered' as const,
        firstName: form.FName,
        lastName: form.SName,
        email: waitsForAddress ? null : form.Email,
        pendingEmail: waitsForAddress ? form.Email : null,
        // A DBLP URL proves nothing: it opens a claim an administrator decides (below).
        dblpPid: null,
        passwordHash,
        isEmailConfirmed: isInvited,
        isOptedIn: form.optedIn,
      };
      // The account takes over an invited row. A DBLP person (DBLP-only, or nobody's yet) is
      // only claimed: once an administrator confirms the claim it joins the account
      // (docs/dblp.md, "Claims").
      const user = invitedPerson
        ? await claimUser(tx, invitedPerson.id, invitedPerson.kind, {
            ...account,
            dblpPid: invitedPerson.dblpPid,
          })
        : await insertUser(tx, account);
      if (!user) throw emailTaken();
      if (invitation) await markTokenUsed(tx, invitation.id);
      if (pid) await openDblpClaim(tx, user.id, pid);

      if (isInvited) {
        await enqueueMail(tx, welcomeMail(form.Email, form.FName, `${config.PUBLIC_URL}/sign-in`));
        return { id: user.id, message: messages.registrationCreatedInvited };
      }
      await mailSignUpConfirmation(context, tx, user.id, form.Email, form.FName);
      return { id: user.id, message: messages.registrationCreated };
    })
    .catch((error: unknown) => {
      // Two sign-ups with the same e-mail or DBLP person at once: the unique index refuses the
      // later one, which gets the same answer as if it had come second.
      const index = findViolatedUniqueIndex(error);
      if (index === 'users_email_unique') throw emailTaken();
      if (index === 'users_dblp_pid_unique') throw dblpTaken();
      throw error;
    });
}

/** A sign-up's confirmation link (7 days) to its address, in the caller's transaction. */
async function mailSignUpConfirmation(
  context: AppContext,
  db: Db,
  userId: number,
  address: string,
  firstName: string,
): Promise<void> {
  const secret = await issueSecret(db, {
    userId,
    kind: 'email_confirmation',
    email: address,
    expiresAt: new Date(Date.now() + emailConfirmationTtlDays * 86_400_000),
  });
  const link = confirmationLink(context.config.PUBLIC_URL, secret);
  await enqueueMail(db, emailConfirmationMail(address, firstName, link));
}

/** The job that mails a fresh confirmation link (requestConfirmationResend). */
export const confirmationResendJob = 'auth.confirmation-resend';

/**
 * 'Send the confirmation again', for a sign-up whose link was lost or has expired. Like
 * password recovery, the answer and the work behind it (one queued job) are the same whether
 * or not the address belongs to an account waiting for its confirmation (docs/security.md,
 * section 5); the job decides.
 */
export async function requestConfirmationResend(context: AppContext, email: string) {
  await enqueueJob(context.db, { kind: confirmationResendJob, payload: { email } });
}

/**
 * The job of requestConfirmationResend: a new link for a registered account whose sign-up is
 * not confirmed yet, to the address it signed up with; earlier links stop working. Confirmed
 * accounts (a pending change of address has its own link on the profile) get nothing.
 */
export async function resendConfirmation(context: AppContext, job: Job): Promise<void> {
  const { email } = job.payload as { email: string };
  await context.db.transaction(async (tx) => {
    const user = await findSignInAccount(tx, email);
    if (!user || user.kind !== 'registered' || user.isEmailConfirmed) return;
    const address = user.email ?? user.pendingEmail;
    if (!address || address.toLowerCase() !== email.toLowerCase()) return;
    await revokeUserTokens(tx, user.id, ['email_confirmation']);
    await mailSignUpConfirmation(context, tx, user.id, address, user.firstName);
  });
}

const emailTaken = () => conflict({ Email: [messages.emailTaken] });
const dblpTaken = () => conflict({ dblp_url: [messages.dblpTaken] });

/** The job that makes and mails a password-reset link (requestPasswordReset). */
export const passwordResetRequestJob = 'auth.password-reset-request';

/**
 * Password recovery. The answer is the same whether or not the e-mail has an account, so
 * the form cannot be used to find out who is registered; and so is the work behind it, one
 * queued job, so the time it takes cannot tell either. The job finds the account, makes the
 * link and mails it (sendPasswordReset).
 */
export async function requestPasswordReset(context: AppContext, email: string): Promise<void> {
  await enqueueJob(context.db, { kind: passwordResetRequestJob, payload: { email } });
}

/** The job of requestPasswordReset: a new link for a registered account; earlier ones stop. */
export async function sendPasswordReset(context: AppContext, job: Job): Promise<void> {
  const { db, config } = context;
  const { email } = job.payload as { email: string };
  await db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, email);
    if (!user || user.kind !== 'registered') return;
    await revokeUserTokens(tx, user.id, ['password_reset']);
    const secret = await issueSecret(tx, {
      userId: user.id,
      kind: 'password_reset',
      email: user.email!,
      expiresAt: new Date(Date.now() + passwordResetTtlMinutes * 60_000),
    });
    await enqueueMail(
      tx,
      passwordResetMail(user.email!, `${config.PUBLIC_URL}/reset-password/${secret}`),
    );
  });
}

async function findResetTarget(db: Db, secret: string) {
  const token = await findLiveSecret(db, 'password_reset', secret);
  if (!token?.userId || token.usedAt) return undefined;
  const user = await findUserByEmail(db, token.email ?? '');
  if (!user || user.id !== token.userId) return undefined;
  return { token, user };
}

export async function findPasswordReset(context: AppContext, secret: string) {
  const target = await findResetTarget(context.db, secret);
  if (!target) throw new HttpError(404, { message: messages.resetLinkInvalid });
  return { email: target.user.email!, isOptedIn: target.user.isOptedIn };
}

/**
 * Sets a password from an e-mailed link. The link works once, only for the e-mail it was
 * sent to; it also proves the e-mail, lifts a lockout, and signs out every session.
 */
export async function resetPassword(
  context: AppContext,
  form: { email: string; token: string; password: string; optedIn: boolean },
): Promise<{ id: number }> {
  const passwordHash = await hashPassword(form.password);
  return context.db.transaction(async (tx) => {
    const target = await findResetTarget(tx, form.token);
    if (!target || target.user.email!.toLowerCase() !== form.email) {
      throw new HttpError(404, { message: messages.resetLinkInvalid });
    }
    if (!target.user.isOptedIn && !form.optedIn)
      throw validationFailed({ optedIn: [messages.termsRequired] });
    if (!(await markTokenUsed(tx, target.token.id)))
      throw new HttpError(404, { message: messages.resetLinkInvalid });
    await updateUser(tx, target.user.id, {
      passwordHash,
      isEmailConfirmed: true,
      isOptedIn: true,
      failedLoginCount: 0,
      lockedUntil: null,
    });
    await revokeUserTokens(tx, target.user.id, ['access', 'refresh', 'password_reset']);
    return { id: target.user.id };
  });
}

/** A signed-in password change; other sessions of the account are signed out. */
export async function changePassword(
  context: AppContext,
  session: SessionUser,
  form: { email: string; password: string },
): Promise<{ id: number }> {
  if (form.email !== session.user.email?.toLowerCase()) {
    throw validationFailed({ email: [messages.emailInvalid] });
  }
  const passwordHash = await hashPassword(form.password);
  await context.db.transaction(async (tx) => {
    await updateUser(tx, session.user.id, { passwordHash });
    // Other sessions end, and so do reset links sent before the change.
    await revokeUserTokens(
      tx,
      session.user.id,
      ['access', 'refresh', 'password_reset'],
      session.familyId,
    );
  });
  return { id: session.user.id };
}

/** Where an invitation's link leads: answering a relation, or signing up (a committee's). */
const invitationPages = {
  relation: (secret: string) => `/relations/validate/new/${secret}`,
  registration: (secret: string) => `/registration/${secret}`,
} as const;

/**
 * A new invitation for an address, inside the caller's transaction, answering the link its
 * mail carries. Invitations are limited per inviter and per address a day, whatever they
 * invite to (docs/security.md, "Institutions awaiting approval, and invitation limits"): over
 * either limit this throws 429 and the caller's transaction keeps nothing. Only the secret's
 * hash is stored; each link is valid 30 days and signing up with any of them proves the
 * address. `invitedUserId` is the invited person a relation named (null for a committee
 * address: the sign-up creates the person).
 */
export async function issueInvitationLink(
  context: AppContext,
  db: Db,
  invitation: {
    inviterId: number;
    email: string;
    invitedUserId: number | null;
    page: keyof typeof invitationPages;
  },
): Promise<string> {
  const { config } = context;
  await spend(
    db,
    { name: 'invitations-by', max: config.INVITATIONS_PER_CREATOR_PER_DAY, windowMs: day },
    `user:${invitation.inviterId}`,
  );
  await spend(
    db,
    { name: 'invitations-to', max: config.INVITATIONS_PER_ADDRESS_PER_DAY, windowMs: day },
    addressKey(invitation.email),
  );
  const secret = await issueSecret(db, {
    userId: invitation.invitedUserId,
    kind: 'invitation',
    email: invitation.email,
    expiresAt: new Date(Date.now() + invitationTtlDays * 86_400_000),
  });
  return `${config.PUBLIC_URL}${invitationPages[invitation.page](secret)}`;
}

/**
 * What an invitation link tells the page: whose e-mail it was sent to and whether that
 * person already has an account (then they sign in; otherwise they create a profile).
 */
export async function validateInvitation(
  context: AppContext,
  secret: string,
): Promise<InvitationTokenReply> {
  const token = await findLiveSecret(context.db, 'invitation', secret);
  if (!token?.email) throw notFound();
  const user = await findUserByEmail(context.db, token.email);
  const hasAccount = user?.kind === 'registered';
  return {
    message: 'SUCCESS',
    account_active: hasAccount ? 1 : 0,
    additional_msg: hasAccount
      ? 'You already have an account. Please sign in to respond to the relation.'
      : 'You have been named in a relation on Recuse. Please create your profile to respond to it.',
    userData: { email: token.email },
    show_sign_in: hasAccount ? 'Y' : 'N',
  };
}
