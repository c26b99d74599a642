// What the profile form holds, how it comes from POST /v1/web/user/fullprofile and goes to
// POST /v1/web/user/data/save, and how validation problems (the shared profileSaveSchema in
// the browser, or the server's answer) land on the fields and affiliation rows.
import { messages, parseAliases } from '@recuse/common';
import type { FieldErrors, FullProfile } from '@recuse/common';
import type { ProfileSaveFields } from '../api/save-profile.ts';

/** What an affiliation row names: a listed institution, or a new one typed with its aliases. */
export type InstitutionChoice =
  | { kind: 'listed'; id: number; name: string; isAwaitingApproval: boolean }
  | { kind: 'new'; name: string; aliases: string[] };

export type AffiliationDraft = {
  /** Stable React key for the row while it is edited. */
  key: string;
  /** The stored affiliation's id; undefined for rows added on this page. */
  id?: number;
  institution: InstitutionChoice | null;
  positionId: string | null;
  /** 'YYYY-MM-DD' at the first of the month, as the month picker holds it. */
  startDate: string | null;
  endDate: string | null;
  isCurrent: boolean;
};

export type ProfileFormValues = {
  firstName: string;
  lastName: string;
  otherName1: string;
  otherName2: string;
  email: string;
  secondaryEmail: string;
  dblpUrl: string;
  affiliations: AffiliationDraft[];
};

const approvalNote = ` (${messages.institutionSentForApproval})`;

let lastRowKey = 0;
const nextRowKey = () => `affiliation-${++lastRowKey}`;

/** The first day of a date's month in local time, as the month pickers hold it: YYYY-MM-01. */
export function firstDayOfMonth(date: Date): string {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-01`;
}

export function emptyAffiliation(): AffiliationDraft {
  return {
    key: nextRowKey(),
    institution: null,
    positionId: null,
    startDate: null,
    endDate: null,
    isCurrent: false,
  };
}

/** The form as the server has it; a person without affiliations starts with one blank row. */
export function toFormValues(profile: FullProfile): ProfileFormValues {
  const affiliations = profile.institutionData.map((row): AffiliationDraft => ({
    key: nextRowKey(),
    id: row.id,
    institution: {
      kind: 'listed',
      id: row.institutionId,
      name: row.institutionName,
      isAwaitingApproval: row.instStatus === 3,
    },
    positionId: row.positionId === null ? null : String(row.positionId),
    startDate: row.startDate || null,
    endDate: row.current === 1 ? null : row.endDate || null,
    isCurrent: row.current === 1,
  }));
  return {
    firstName: profile.FName,
    lastName: profile.SName,
    otherName1: profile.oName1,
    otherName2: profile.oName2,
    email: profile.Email,
    secondaryEmail: profile.secEmail,
    dblpUrl: profile.dblp_url,
    affiliations: affiliations.length > 0 ? affiliations : [emptyAffiliation()],
  };
}

/** What the institution field shows for a choice: its name, noted while it awaits approval. */
export function describeInstitution(choice: InstitutionChoice | null): string {
  if (!choice) return '';
  if (choice.kind === 'new') return [choice.name, ...choice.aliases].join(', ');
  return choice.isAwaitingApproval ? `${choice.name}${approvalNote}` : choice.name;
}

/** A found institution as a choice; its name carries the note when it awaits approval. */
export function toListedChoice(found: { id: number; name: string }): InstitutionChoice {
  const isAwaitingApproval = found.name.endsWith(approvalNote);
  return {
    kind: 'listed',
    id: found.id,
    name: isAwaitingApproval ? found.name.slice(0, -approvalNote.length) : found.name,
    isAwaitingApproval,
  };
}

/** Typed text for a new institution: the name, then its aliases, comma-separated. */
export function readTypedInstitution(text: string): { name: string; aliases: string[] } {
  const [name = '', ...aliases] = text.split(',');
  const trimmedName = name.trim().replace(/\s+/g, ' ');
  return { name: trimmedName, aliases: parseAliases(aliases.join(','), trimmedName) };
}

/** One row of institutionDetails, as common's affiliationInputSchema reads it. */
export function toAffiliationRow(draft: AffiliationDraft) {
  const { institution } = draft;
  return {
    ...(draft.id === undefined ? {} : { id: draft.id }),
    ...(institution?.kind === 'listed' ? { institutionId: institution.id } : {}),
    ...(institution?.kind === 'new'
      ? { institutionName: institution.name, aliases: institution.aliases.join(', ') }
      : {}),
    ...(institution === null ? { institutionId: '' } : {}),
    positionId: draft.positionId ?? '',
    startDate: draft.startDate ?? '',
    endDate: draft.isCurrent ? '' : (draft.endDate ?? ''),
    current: draft.isCurrent ? 1 : 0,
  };
}

/** The form as profileSaveSchema validates it: the affiliations as a list. */
export function toValidationInput(values: ProfileFormValues) {
  return {
    FName: values.firstName,
    SName: values.lastName,
    oName1: values.otherName1,
    oName2: values.otherName2,
    Email: values.email,
    secEmail: values.secondaryEmail,
    dblp_url: values.dblpUrl,
    source_type: '3',
    institutionDetails: values.affiliations.map(toAffiliationRow),
  };
}

export type ProfileInput = ReturnType<typeof toValidationInput>;

/** The form as the save call sends it: the affiliations as a JSON string. */
export function toSaveFields(input: ProfileInput): ProfileSaveFields {
  return {
    ...input,
    source_type: '3',
    institutionDetails: JSON.stringify(input.institutionDetails),
  };
}

export type AffiliationField = 'institution' | 'position' | 'startDate' | 'endDate';

/** Where each problem shows: a top field, the affiliation list, or one field of one row. */
export type ProfileIssues = {
  fields: Partial<Record<string, string>>;
  affiliationList: string[];
  rows: Partial<Record<number, Partial<Record<AffiliationField, string>>>>;
};

export const noIssues: ProfileIssues = { fields: {}, affiliationList: [], rows: {} };

const rowFieldOf: Record<string, AffiliationField> = {
  institutionId: 'institution',
  institutionName: 'institution',
  aliases: 'institution',
  positionId: 'position',
  startDate: 'startDate',
  endDate: 'endDate',
};

type Issue = { path: readonly PropertyKey[]; message: string };

/** Sorts validation issues by where they show; the first message of each place wins. */
export function collectProfileIssues(issues: readonly Issue[]): ProfileIssues {
  const result: ProfileIssues = { fields: {}, affiliationList: [], rows: {} };
  for (const { path, message } of issues) {
    const [field, index, rowField] = path;
    if (field !== 'institutionDetails') {
      result.fields[String(field ?? 'form')] ??= message;
      continue;
    }
    const target = typeof rowField === 'string' ? rowFieldOf[rowField] : undefined;
    if (typeof index === 'number' && target) {
      const row = (result.rows[index] ??= {});
      row[target] ??= message;
    }
    // Missing fields are marked red on their row and explained once, above the rows.
    if (target === undefined || message === messages.affiliationFieldsRequired) {
      if (!result.affiliationList.includes(message)) result.affiliationList.push(message);
    }
  }
  return result;
}

/** The server's field errors (keyed by wire field) placed the same way. */
export function readServerIssues(errors: FieldErrors): ProfileIssues {
  return collectProfileIssues(
    Object.entries(errors).flatMap(([field, list]) =>
      list.map((message) => ({ path: field.split('.').map(readPathPart), message })),
    ),
  );
}

const readPathPart = (part: string): PropertyKey => (/^\d+$/.test(part) ? Number(part) : part);

/** Every message once, in order, for the summary above the form. */
export function listIssueMessages(issues: ProfileIssues): string[] {
  const all = [
    ...Object.values(issues.fields),
    ...issues.affiliationList,
    ...Object.values(issues.rows).flatMap((row) => Object.values(row ?? {})),
  ].filter((message): message is string => typeof message === 'string');
  return [...new Set(all)];
}

export const hasIssues = (issues: ProfileIssues) => listIssueMessages(issues).length > 0;
