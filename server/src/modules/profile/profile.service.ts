// The profile: what the browser keeps after sign-in (docs/product.md, "Other entities, in short")
// with the unread notifications the dashboard shows, the full profile form with its affiliations,
// saving it, and linking the DBLP person whose publications were imported before the person signed
// up.
import type {
  Affiliation,
  FullProfile,
  Profile,
  ProfileNotification,
  ProfileSave,
  ProfileSaveReply,
} from '@recuse/common';
import { dblpUrlForPid, findDblpPid, messages } from '@recuse/common';
import { recordAudit } from '../../audit/audit.repo.ts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { findViolatedUniqueIndex } from '../../db/errors.ts';
import { HttpError, conflict, notFound, validationFailed } from '../../http/errors.ts';
import { findDblpPidHolder } from '../accounts/accounts.service.ts';
import { sendAddressConfirmation, sendEmailChangeNotice } from '../accounts/addresses.service.ts';
import {
  findOpenDblpClaim,
  openDblpClaim,
  withdrawOpenDblpClaim,
} from '../dblp-claims/dblp-claims.service.ts';
import { isOrcidSignInOffered } from '../dblp-claims/orcid-proof.service.ts';
import {
  findOrProposeInstitution,
  resolveInstitutionIds,
} from '../institutions/institutions.service.ts';
import type { Notification } from './profile.repo.ts';
import {
  deleteAffiliationsExcept,
  findOtherUserWithEmail,
  findPositionIds,
  findProfileSummary,
  insertAffiliations,
  insertNotification,
  listAffiliationRows,
  listAffiliations,
  listPositions,
  lockUser,
  markAllNotificationsRead,
  markNotificationRead,
  setShowHelpNotification,
  updateAffiliation,
  updateProfileFields,
} from './profile.repo.ts';
import type { AffiliationRow } from './profile.repo.ts';
import type { User } from '../../db/schema.ts';
import type { SessionUser } from '../../http/authenticate.ts';

/** The source of an affiliation typed on the profile page (`source_type` 3 on the wire). */
const sourceEnteredBySelf = 'Entry by self';

/** The wire shape of a notification (docs/api.md, "Profile and notifications"). */
export function toWireNotification(notification: Notification): ProfileNotification {
  return {
    id: notification.id,
    formated_dt: notification.createdAt.toISOString(),
    data: {
      notify_message: notification.message,
      relation_type_name: notification.relationTypeName ?? '',
      publication_name: notification.publicationName ?? '',
      reject_reason: notification.rejectReason ?? '',
      comment: notification.comment ?? '',
      rel_type_id: notification.relationTypeId,
      relation_parent_id: notification.relationId,
    },
  };
}

export async function getProfile(context: AppContext, session: SessionUser): Promise<Profile> {
  const { user } = session;
  const read = () => findProfileSummary(context.db, user.id);
  const { unread, ...flags } = await (context.profileSummaries?.find(user.id, read) ?? read());
  return {
    FName: user.firstName,
    SName: user.lastName,
    Email: user.email ?? '',
    Notifications: unread.map(toWireNotification),
    institutionDataAdded: flags.hasAffiliations,
    ShowHelpNotification: user.showHelpNotification ? 'Y' : 'N',
    PwdSet: user.passwordHash ? 'Y' : 'N',
    Role: user.role,
    IsChair: flags.isChair,
  };
}

export async function dismissHelpNotification(context: AppContext, session: SessionUser) {
  await setShowHelpNotification(context.db, session.user.id, false);
}

/**
 * A notification about no relation (an administrator's answer to a Contact-us message),
 * written in the caller's transaction; it shows on the dashboard like any other.
 */
export async function notifyUser(
  db: Db,
  notice: { userId: number; message: string; comment: string },
): Promise<void> {
  await insertNotification(db, notice);
}

/** Only the owner may mark a notification read; anyone else is told it does not exist. */
export async function markRead(context: AppContext, session: SessionUser, notificationId: number) {
  if (!(await markNotificationRead(context.db, session.user.id, notificationId))) throw notFound();
}

/** The dashboard's 'Mark all read': every unread notification of the caller, none of anyone else's. */
export async function markAllRead(context: AppContext, session: SessionUser): Promise<number> {
  return markAllNotificationsRead(context.db, session.user.id);
}

/**
 * The user's affiliations as the profile form lists them (current first, then newest), with
 * their institution and position: one query, for pages that show them beside other data.
 */
export async function listProfileAffiliations(
  context: AppContext,
  userId: number,
): Promise<Affiliation[]> {
  return (await listAffiliations(context.db, userId)).map(toAffiliationWire);
}

function toAffiliationWire(row: Awaited<ReturnType<typeof listAffiliations>>[number]): Affiliation {
  return {
    id: row.affiliation.id,
    user_id: row.affiliation.userId,
    institutionId: row.affiliation.institutionId,
    institutionName: row.institutionName,
    source: row.affiliation.source,
    startDate: row.affiliation.startDate ?? '',
    endDate: row.affiliation.isCurrent ? '' : (row.affiliation.endDate ?? ''),
    current: row.affiliation.isCurrent ? 1 : 0,
    position: row.isIntern ? 1 : 0,
    positionId: row.affiliation.positionId,
    positionLabel: row.positionName ?? '',
    instStatus: row.institutionStatus,
  };
}

/** The profile form's data: every field, the affiliations, and the positions to pick from. */
export async function getFullProfile(
  context: AppContext,
  session: SessionUser,
): Promise<FullProfile> {
  const { user } = session;
  const [rows, positions, claim] = await Promise.all([
    listAffiliations(context.db, user.id),
    listPositions(context.db),
    findOpenDblpClaim(context.db, user.id),
  ]);
  // The form shows the DBLP URL the person asked for; while that claim awaits a decision,
  // dblp_claim says so and nothing of that DBLP person is theirs yet.
  return {
    FName: user.firstName,
    SName: user.lastName,
    oName1: user.otherName1,
    oName2: user.otherName2,
    // The addresses as last saved: a new one shows until confirmed, flagged (docs/product.md).
    Email: user.pendingEmail ?? user.email ?? '',
    secEmail: user.pendingSecondaryEmail ?? user.secondaryEmail ?? '',
    EmailConfirmed: user.pendingEmail === null && user.isEmailConfirmed ? 'Y' : 'N',
    secEmailConfirmed: user.pendingSecondaryEmail === null ? 'Y' : 'N',
    confirmedEmail: user.email ?? '',
    dblp_url: claim ? dblpUrlForPid(claim.pid) : user.dblpPid ? dblpUrlForPid(user.dblpPid) : '',
    dblp_name: claim ? '' : (user.dblpName ?? ''),
    dblp_claim: claim
      ? {
          state: claim.state === 'disputed' ? 'disputed' : 'provisional',
          dblp_url: dblpUrlForPid(claim.pid),
          can_confirm_with_orcid:
            claim.state === 'provisional' && isOrcidSignInOffered(context.config),
        }
      : null,
    institutionData: rows.map(toAffiliationWire),
    positions: positions.map((position) => ({
      id: position.id,
      label: position.name,
      intern: position.isIntern ? 1 : 0,
    })),
  };
}

const emailInUse = (field: 'Email' | 'secEmail') => conflict({ [field]: [messages.emailInUse] });

/**
 * Saves the profile form, all or nothing, in plain words:
 * - The primary and secondary e-mails may not be another person's primary or secondary
 *   e-mail (409). A new address does not count until confirmed (docs/security.md, section 3):
 *   it is kept as pending and a confirmation link is mailed to it; the old primary address
 *   keeps signing in, and is told of the change with a link that undoes it. Saving the
 *   confirmed address again drops a pending change; a blank secondary e-mail removes it.
 * - Every position and every picked institution must exist (an institution approved or
 *   awaiting approval; a merged one stands for the one it was merged into), else 422. A typed
 *   name finds or proposes an institution (institutions.service).
 * - The affiliation list replaces the stored one: a row that names one of the person's own
 *   affiliation ids updates it, other rows are added, and stored rows not named are removed.
 * - DBLP URL: blank clears it (and withdraws an open claim); the account's own pid changes
 *   nothing (and withdraws a claim of another one). A DBLP URL proves nothing, so any other
 *   one only opens a claim (dblp-claims.service) that an administrator decides: the pid stays
 *   unstored until then. One that belongs to a DBLP-only person (imported before this person
 *   signed up) first gets the account-link offer (fake_user_*), and linkaccount opens the
 *   claim. One another account holds opens a claim that account is told of and may dispute.
 * - One audit row records the profile before and after.
 */
export async function saveProfile(
  context: AppContext,
  session: SessionUser,
  form: ProfileSave,
): Promise<ProfileSaveReply> {
  const pid = form.dblp_url === '' ? null : (findDblpPid(form.dblp_url) ?? null);
  return context.db
    .transaction(async (tx) => {
      const user = await lockUser(tx, session.user.id);
      await checkEmails(tx, user, form);
      const institutionIds = await resolveAffiliationInstitutions(tx, user.id, form);

      const storedPid = pid === null ? null : user.dblpPid;
      let dblpPerson: User | undefined;
      if (pid === null || pid === user.dblpPid) {
        await withdrawOpenDblpClaim(tx, user.id);
      } else {
        const holder = await findDblpPidHolder(tx, pid);
        const open = await findOpenDblpClaim(tx, user.id);
        if (holder?.kind === 'dblp_only' && open?.pid !== pid) dblpPerson = holder;
        else await openDblpClaim(tx, user.id, pid);
      }

      const before = await snapshotProfile(tx, user.id, profileFieldsOf(user));
      const primary = planAddress(form.Email, user.email, user.pendingEmail);
      const secondary = planAddress(form.secEmail, user.secondaryEmail, user.pendingSecondaryEmail);
      const fields: ProfileFields = {
        firstName: form.FName,
        lastName: form.SName,
        otherName1: form.oName1,
        otherName2: form.oName2,
        email: primary.confirmed,
        secondaryEmail: secondary.confirmed,
        pendingEmail: primary.pending,
        pendingSecondaryEmail: secondary.pending,
        dblpPid: storedPid,
      };
      await updateProfileFields(tx, user.id, fields);
      await replaceAffiliations(tx, user.id, form, institutionIds);
      const after = await snapshotProfile(tx, user.id, fields);
      await recordAudit(tx, {
        actorUserId: user.id,
        action: 'profile.update',
        entity: 'user',
        entityId: user.id,
        before,
        after,
      });
      const named = { id: user.id, firstName: form.FName };
      if (primary.isRequested) {
        await sendAddressConfirmation(context, tx, named, form.Email, 'primary');
        if (user.email) await sendEmailChangeNotice(context, tx, named, user.email, form.Email);
      }
      if (secondary.isRequested) {
        await sendAddressConfirmation(context, tx, named, form.secEmail, 'secondary');
      }
      if (!dblpPerson) return { message: 'UPDATED' as const };
      return {
        message: 'UPDATED' as const,
        fake_user_link: 'Yes' as const,
        fake_user_name: dblpNameOf(dblpPerson),
        fake_user_dblp: dblpUrlForPid(pid!),
      };
    })
    .catch((error: unknown) => {
      // Someone took the e-mail or the DBLP pid between our check and our write.
      const index = findViolatedUniqueIndex(error);
      if (index === 'users_email_unique') throw emailInUse('Email');
      throw error;
    });
}

/**
 * What a typed address does to the stored confirmed and pending ones: the confirmed address
 * again drops a pending change; the pending one again changes nothing (no second mail); blank
 * removes both (only the secondary may be blank); any other is a new request, kept as pending.
 */
function planAddress(typed: string, confirmed: string | null, pending: string | null) {
  const same = (stored: string | null) => stored !== null && stored.toLowerCase() === typed;
  if (typed === '') return { confirmed: null, pending: null, isRequested: false };
  if (same(confirmed)) return { confirmed, pending: null, isRequested: false };
  if (same(pending)) return { confirmed, pending, isRequested: false };
  return { confirmed, pending: typed, isRequested: true };
}

/** Only a new e-mail is checked, so an old overlap never blocks saving other fields. */
async function checkEmails(db: Db, user: User, form: ProfileSave): Promise<void> {
  const isNew = (email: string, ...stored: Array<string | null>) =>
    email !== '' && stored.every((address) => email !== (address ?? '').toLowerCase());
  if (
    isNew(form.Email, user.email, user.pendingEmail) &&
    (await findOtherUserWithEmail(db, form.Email, user.id))
  ) {
    throw emailInUse('Email');
  }
  if (
    isNew(form.secEmail, user.secondaryEmail, user.pendingSecondaryEmail) &&
    (await findOtherUserWithEmail(db, form.secEmail, user.id))
  ) {
    throw emailInUse('secEmail');
  }
}

/**
 * The institution id of each affiliation row, in order: picked ids checked (refused with 422
 * when unknown), typed names found or proposed. Positions are checked here too, so one
 * answer lists both problems.
 */
async function resolveAffiliationInstitutions(
  db: Db,
  userId: number,
  form: ProfileSave,
): Promise<number[]> {
  const rows = form.institutionDetails;
  const pickedIds = rows.flatMap((row) => ('id' in row.institution ? [row.institution.id] : []));
  const [resolved, knownPositions] = await Promise.all([
    resolveInstitutionIds(db, pickedIds),
    findPositionIds(
      db,
      rows.map((row) => row.positionId),
    ),
  ]);
  const problems: string[] = [];
  if (pickedIds.some((id) => !resolved.has(id))) problems.push(messages.institutionUnknown);
  if (rows.some((row) => !knownPositions.has(row.positionId))) {
    problems.push(messages.positionUnknown);
  }
  if (problems.length > 0) throw validationFailed({ institutionDetails: problems });

  const ids: number[] = [];
  for (const row of rows) {
    ids.push(
      'id' in row.institution
        ? resolved.get(row.institution.id)!
        : await findOrProposeInstitution(db, userId, row.institution),
    );
  }
  return ids;
}

async function replaceAffiliations(
  db: Db,
  userId: number,
  form: ProfileSave,
  institutionIds: readonly number[],
): Promise<void> {
  const stored = new Set((await listAffiliationRows(db, userId)).map((row) => row.id));
  const keptIds = new Set<number>();
  const added: Array<Parameters<typeof insertAffiliations>[1][number]> = [];
  for (const [index, row] of form.institutionDetails.entries()) {
    const values = {
      institutionId: institutionIds[index]!,
      positionId: row.positionId,
      startDate: row.startDate,
      endDate: row.isCurrent ? null : row.endDate,
      isCurrent: row.isCurrent,
    };
    // An id that is not one of the person's stored rows (another tab removed it, or it is
    // someone else's) is read as a new row: nobody can reach another person's affiliation.
    if (row.id !== undefined && stored.has(row.id) && !keptIds.has(row.id)) {
      keptIds.add(row.id);
      await updateAffiliation(db, userId, row.id, values);
    } else {
      added.push({ ...values, userId, source: sourceEnteredBySelf });
    }
  }
  await deleteAffiliationsExcept(db, userId, [...keptIds]);
  await insertAffiliations(db, added);
}

type ProfileFields = Parameters<typeof updateProfileFields>[2];

function profileFieldsOf(user: User): ProfileFields {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    otherName1: user.otherName1,
    otherName2: user.otherName2,
    email: user.email,
    secondaryEmail: user.secondaryEmail,
    pendingEmail: user.pendingEmail,
    pendingSecondaryEmail: user.pendingSecondaryEmail,
    dblpPid: user.dblpPid,
  };
}

/** The profile as the audit log keeps it. */
async function snapshotProfile(db: Db, userId: number, fields: ProfileFields) {
  const rows = await listAffiliationRows(db, userId);
  return { ...fields, affiliations: rows.map(auditAffiliation) };
}

function auditAffiliation(row: AffiliationRow) {
  return {
    id: row.id,
    institutionId: row.institutionId,
    positionId: row.positionId,
    startDate: row.startDate,
    endDate: row.endDate,
    isCurrent: row.isCurrent,
  };
}

function dblpNameOf(person: User): string {
  return person.dblpName || `${person.firstName} ${person.lastName}`.trim();
}

const linkRefused = (status: number, reason: string) =>
  new HttpError(status, { message: messages.linkError, errors: { DBLPUrl: [reason] } });

/**
 * Asks to link the DBLP person of a URL to the account, in plain words:
 * - The account's own pid again: refused, nothing left to link (422).
 * - Any other pid opens a claim (dblp-claims.service), or keeps the open one for that pid.
 *   Once an administrator confirms it, a DBLP-only person with that pid is merged into the
 *   account (publications, relations, affiliations and notifications move; the DBLP-only
 *   record goes), a pid nobody holds is stored, and the account is crawled. A pid another
 *   account holds: that account is told and may dispute the claim.
 */
export async function linkDblpAccount(
  context: AppContext,
  session: SessionUser,
  dblpUrl: string,
): Promise<{ message: 'UPDATED' }> {
  const pid = findDblpPid(dblpUrl)!;
  const userId = session.user.id;
  return context.db.transaction(async (tx) => {
    const user = await lockUser(tx, userId);
    if (user.dblpPid === pid) throw linkRefused(422, messages.dblpAlreadyLinked);
    await openDblpClaim(tx, userId, pid);
    return { message: 'UPDATED' as const };
  });
}
