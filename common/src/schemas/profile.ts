// The profile form (docs/api.md, "Profile and notifications": POST /v1/web/user/data/save), its
// rules (docs/product.md, "Validation rules and limits", profile) and the answers of the profile
// calls. The browser validates with the same schema before sending; the server validates again and
// checks what only the database knows (institution and position ids, e-mails of other accounts).
import { z } from 'zod';
import { findDblpPid } from '../dblp-url.ts';
import { parseAliases } from '../institution-name.ts';
import { messages } from '../messages.ts';
import { latestAffiliationMonth, parseMonthDate } from '../month-date.ts';
import { idField, isEmail, optionalText, requiredText, wireFlag } from './fields.ts';
import { successReplySchema } from './replies.ts';

export const maxAffiliations = 50;
export const maxInstitutionNameLength = 200;
export const maxAliasesLength = 1000;
export const maxAliases = 20;
const maxDatabaseId = 2_147_483_647;

/** An id sent by a form or in JSON: a number or its digits. Blank, null and 0 mean none. */
const malformed = { error: messages.affiliationsMalformed };
const looseId = z.union([z.number(), z.string().max(30), z.null()], malformed).optional();
const looseText = z.union([z.string().max(5000), z.null()], malformed).optional();
const looseFlag = z
  .union([z.boolean(), z.number(), z.string().max(10), z.null()], malformed)
  .optional();

type LooseId = z.infer<typeof looseId>;

/** 'none' for blank, the id for a valid one, 'invalid' for anything else. */
function readId(value: LooseId): number | 'none' | 'invalid' {
  if (value === undefined || value === null) return 'none';
  const text = String(value).trim();
  if (text === '' || text === '0') return 'none';
  if (!/^\d+$/.test(text)) return 'invalid';
  const id = Number(text);
  return id >= 1 && id <= maxDatabaseId ? id : 'invalid';
}

function readFlag(value: z.infer<typeof looseFlag>): boolean {
  if (typeof value === 'boolean') return value;
  return ['1', 'true', 'y', 'yes', 'on'].includes(
    String(value ?? '')
      .trim()
      .toLowerCase(),
  );
}

/** An existing institution by id, or a new one by its typed name and aliases. */
export type InstitutionChoice = { id: number } | { name: string; aliases: string[] };

/** One affiliation as the server stores it: dates at the first of their month. */
export interface AffiliationSave {
  /** The id of the user's own row to keep; rows not named again are removed. */
  id: number | undefined;
  institution: InstitutionChoice;
  positionId: number;
  startDate: string;
  /** null while current. */
  endDate: string | null;
  isCurrent: boolean;
}

/**
 * One affiliation row as the browser sends it in institutionDetails (an affiliation, plus
 * `aliases` for a new institution). Fields the server derives (institutionName of a listed
 * institution, positionLabel, position, instStatus, user_id, source) may be sent back and are
 * ignored.
 */
export const affiliationInputSchema = z
  .object(
    {
      id: looseId,
      institutionId: looseId,
      institutionName: looseText,
      aliases: looseText,
      positionId: looseId,
      startDate: looseText,
      endDate: looseText,
      current: looseFlag,
    },
    { error: messages.affiliationsMalformed },
  )
  .transform((row, context): AffiliationSave & { hasInstitution: boolean } => {
    const required = (path: string) =>
      context.addIssue({
        code: 'custom',
        path: [path],
        message: messages.affiliationFieldsRequired,
      });
    const problem = (path: string, message: string) =>
      context.addIssue({ code: 'custom', path: [path], message });

    const institutionId = readId(row.institutionId);
    const institutionName = (row.institutionName ?? '').trim().replace(/\s+/g, ' ');
    const aliasText = row.aliases ?? '';
    let institution: InstitutionChoice = { id: 0 };
    if (institutionId === 'invalid') problem('institutionId', messages.institutionUnknown);
    else if (institutionId !== 'none') institution = { id: institutionId };
    else if (institutionName === '') required('institutionName');
    else if (institutionName.length > maxInstitutionNameLength)
      problem('institutionName', `At most ${maxInstitutionNameLength} characters.`);
    else if (aliasText.length > maxAliasesLength)
      problem('aliases', `At most ${maxAliasesLength} characters.`);
    else {
      const aliases = parseAliases(aliasText, institutionName);
      if (aliases.length > maxAliases) problem('aliases', `At most ${maxAliases} aliases.`);
      institution = { name: institutionName, aliases };
    }

    const positionId = readId(row.positionId);
    if (positionId === 'none') required('positionId');
    if (positionId === 'invalid') problem('positionId', messages.positionUnknown);

    const isCurrent = readFlag(row.current);
    const startDate = readDate(row.startDate, 'startDate', required, problem);
    const endDate = isCurrent ? null : readDate(row.endDate, 'endDate', required, problem);
    if (startDate && endDate && endDate < startDate) problem('endDate', messages.endBeforeStart);

    const id = readId(row.id);
    return {
      id: typeof id === 'number' ? id : undefined,
      institution,
      hasInstitution: institutionId !== 'none' || institutionName !== '',
      positionId: typeof positionId === 'number' ? positionId : 0,
      startDate: startDate ?? '',
      endDate,
      isCurrent,
    };
  });

/** A month date, or null after reporting why it is missing, unreadable or in the future. */
function readDate(
  value: string | null | undefined,
  path: string,
  required: (path: string) => void,
  problem: (path: string, message: string) => void,
): string | null {
  const text = (value ?? '').trim();
  if (text === '') {
    required(path);
    return null;
  }
  const date = parseMonthDate(text);
  if (!date) {
    problem(path, messages.affiliationDateInvalid);
    return null;
  }
  if (date > latestAffiliationMonth()) {
    problem(path, messages.affiliationDateInFuture);
    return null;
  }
  return date;
}

/** A row that names an institution, or one too malformed to tell (it has its own error). */
const namesInstitution = (row: unknown) =>
  typeof row !== 'object' ||
  row === null ||
  !('hasInstitution' in row) ||
  row.hasInstitution === true;

/** The affiliation list: 1 to 50 rows, at least one naming an institution. */
export const affiliationListSchema = z
  .array(affiliationInputSchema, { error: messages.affiliationsMalformed })
  .max(maxAffiliations, messages.maxAffiliations)
  // Checked even when some rows have problems of their own, so a list of blank rows also
  // says that one institution is needed.
  .refine((rows: readonly unknown[]) => rows.some(namesInstitution), {
    message: messages.atLeastOneAffiliation,
    when: (payload) => Array.isArray(payload.value),
  })
  .transform((rows): AffiliationSave[] => rows.map(({ hasInstitution: _, ...row }) => row));

/** institutionDetails: the affiliation list as a JSON string (a form), or the list itself. */
const institutionDetailsField = z
  .union([z.string(), z.array(z.unknown())], { error: messages.affiliationsMalformed })
  .optional()
  .transform((value, context): unknown => {
    if (value === undefined) return [];
    if (typeof value !== 'string') return value;
    if (value.trim() === '') return [];
    try {
      return JSON.parse(value);
    } catch {
      context.addIssue({ code: 'custom', message: messages.affiliationsMalformed });
      return z.NEVER;
    }
  })
  .pipe(affiliationListSchema);

const primaryEmail = z
  .string({ error: messages.emailRequired })
  .trim()
  .min(1, { message: messages.emailRequired, abort: true })
  .toLowerCase()
  .refine(isEmail, messages.emailInvalid);

const secondaryEmail = z
  .string({ error: messages.secondaryEmailInvalid })
  .trim()
  .toLowerCase()
  .refine((email) => email === '' || isEmail(email), messages.secondaryEmailInvalid)
  .optional()
  .transform((email) => email ?? '');

/** POST /v1/web/user/data/save (form fields as the contract names them, docs/api.md). */
export const profileSaveSchema = z
  .object({
    FName: requiredText(messages.firstNameRequired, 100),
    SName: requiredText(messages.lastNameRequired, 100),
    oName1: optionalText(100),
    oName2: optionalText(100),
    Email: primaryEmail,
    secEmail: secondaryEmail,
    dblp_url: optionalText(300),
    /**
     * The contract sends 3 (entered by the person on the profile page); accepted and not needed.
     */
    source_type: z.union([z.string().max(10), z.number()]).optional(),
    institutionDetails: institutionDetailsField,
  })
  .superRefine((form, context) => {
    if (form.secEmail !== '' && form.secEmail === form.Email) {
      context.addIssue({
        code: 'custom',
        path: ['secEmail'],
        message: messages.secondaryEmailSameAsPrimary,
      });
    }
    if (form.dblp_url !== '' && findDblpPid(form.dblp_url) === undefined) {
      context.addIssue({ code: 'custom', path: ['dblp_url'], message: messages.dblpUrlInvalid });
    }
  });
export type ProfileSave = z.output<typeof profileSaveSchema>;
export type ProfileSaveForm = z.input<typeof profileSaveSchema>;

/** POST /v1/web/user/linkaccount. */
export const linkAccountSchema = z.object({
  DBLPUrl: z
    .string({ error: messages.dblpUrlInvalid })
    .trim()
    .max(300, messages.dblpUrlInvalid)
    .refine((url) => findDblpPid(url) !== undefined, messages.dblpUrlInvalid),
});
export type LinkAccount = z.infer<typeof linkAccountSchema>;

// ---- Answers ----

/** A notification as the profile carries it; text fields are '' when they do not apply. */
export const notificationSchema = z.object({
  id: z.number(),
  /** When it was written, as an ISO timestamp. */
  formated_dt: z.string(),
  data: z.object({
    notify_message: z.string(),
    relation_type_name: z.string(),
    publication_name: z.string(),
    /** A rejection's reason (of a relation or a DBLP claim). */
    reject_reason: z.string(),
    /** Beyond the contract: any other text left with the event (a change comment, a request). */
    comment: z.string(),
    /** The relation's type and id, when it is about a relation. */
    rel_type_id: z.number().nullable(),
    relation_parent_id: z.number().nullable(),
  }),
});
export type ProfileNotification = z.infer<typeof notificationSchema>;

/** GET /v1/web/user/profile: the profile kept in the browser after sign-in, unread notifications only. */
export const profileSchema = z.object({
  FName: z.string(),
  SName: z.string(),
  Email: z.string(),
  Notifications: z.array(notificationSchema),
  institutionDataAdded: z.boolean(),
  ShowHelpNotification: z.enum(['Y', 'N']),
  /** 'N' for an account that has no password yet. */
  PwdSet: z.enum(['Y', 'N']),
  /** 'admin' for administrators, who see the administration pages (beyond the contract). */
  Role: z.enum(['user', 'admin']),
  /**
   * Whether they chair a conference (beyond the contract): chairs reach the relation decisions
   * (docs/product.md, "Relation decisions").
   */
  IsChair: z.boolean(),
});
export type Profile = z.infer<typeof profileSchema>;

/** An affiliation, as fullprofile answers it. Dates 'YYYY-MM-DD' or '' when none. */
export const affiliationSchema = z.object({
  id: z.number(),
  user_id: z.number(),
  institutionId: z.number(),
  institutionName: z.string(),
  source: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  current: wireFlag,
  /** The intern flag of the position. */
  position: wireFlag,
  positionId: z.number().nullable(),
  positionLabel: z.string(),
  /** 1 approved, 3 awaiting an administrator's approval. */
  instStatus: z.number(),
});
export type Affiliation = z.infer<typeof affiliationSchema>;

export const positionOptionSchema = z.object({
  id: z.number(),
  label: z.string(),
  /** 1 for intern positions. */
  intern: wireFlag,
});
export type PositionOption = z.infer<typeof positionOptionSchema>;

/** POST /v1/web/user/fullprofile. */
export const fullProfileSchema = z.object({
  FName: z.string(),
  SName: z.string(),
  oName1: z.string(),
  oName2: z.string(),
  /** The primary address as last saved: a new one shows at once, flagged until confirmed. */
  Email: z.string(),
  secEmail: z.string(),
  /** 'N' while Email waits for its confirmation link (additive to the contract). */
  EmailConfirmed: z.enum(['Y', 'N']).optional(),
  /** 'N' while secEmail waits for its confirmation link. */
  secEmailConfirmed: z.enum(['Y', 'N']).optional(),
  /** The confirmed primary address, the one that signs in until a new one is confirmed. */
  confirmedEmail: z.string().optional(),
  /** https://dblp.org/pid/<pid>, or '' when none. */
  dblp_url: z.string(),
  /** The name DBLP gives the person, '' until known. */
  dblp_name: z.string(),
  /**
   * The account's DBLP claim awaiting a decision (docs/dblp.md, "Claims"): dblp_url is then
   * that claim's URL, not yet the account's. Null when none; absent from older servers.
   */
  dblp_claim: z
    .object({
      state: z.enum(['provisional', 'disputed']),
      dblp_url: z.string(),
      /** The server offers ORCID sign-in and the claim is provisional: the person may prove it. */
      can_confirm_with_orcid: z.boolean().optional(),
    })
    .nullable()
    .optional(),
  institutionData: z.array(affiliationSchema),
  positions: z.array(positionOptionSchema),
});
export type FullProfile = z.infer<typeof fullProfileSchema>;

/** POST /v1/web/user/data/save on success; the fake_user_* fields only for a DBLP-only match. */
export const profileSaveReplySchema = z.object({
  message: z.literal('UPDATED'),
  fake_user_link: z.literal('Yes').optional(),
  fake_user_name: z.string().optional(),
  fake_user_dblp: z.string().optional(),
});
export type ProfileSaveReply = z.infer<typeof profileSaveReplySchema>;

export const linkAccountReplySchema = z.object({ message: z.literal('UPDATED') });

/** POST /v1/web/mark_notification_read: one of the caller's notifications. */
export const markNotificationReadSchema = z.object({
  // Ids are PostgreSQL integers: a larger number names no notification and must not reach the query.
  NotificationId: idField('Please select a notification.'),
});
export const markNotificationReadReplySchema = successReplySchema;

/**
 * POST /v1/web/mark_all_notifications_read (no body): every unread notification of the caller
 * is read; `count` says how many were.
 */
export const markAllNotificationsReadReplySchema = z.object({
  message: z.literal('SUCCESS'),
  count: z.number().int().nonnegative(),
});
export type MarkAllNotificationsReadReply = z.infer<typeof markAllNotificationsReadReplySchema>;

/** POST /v1/web/dismiss_help_notification (no body). */
export const dismissHelpNotificationReplySchema = successReplySchema;
