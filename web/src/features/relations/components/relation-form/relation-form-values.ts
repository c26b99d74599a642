// What the relation form holds, how it comes from a relation view, how it goes to the save calls
// (docs/api-relations.md, "Saving"), and where the shared save schema's messages land. The browser
// checks with the same buildRelationSaveSchema the server uses (use-relation-form.ts), so both say
// the same words.
import {
  dateFormats,
  isEmail,
  messages,
  paperTypeFor,
  relationStatus,
  relationTypeIds,
} from '@recuse/common';
import type { RelationTypeWire } from '@recuse/common';
import type { FormFields } from '../../../../lib/api-client.ts';
import type { RelationView } from '../../api/get-relation-view.ts';

/** A person in a picker: someone we know, an e-mail to invite ('Create email'), or bare text. */
export type PersonPick =
  | { kind: 'user'; id: number; label: string }
  | { kind: 'email'; email: string }
  | { kind: 'typed'; text: string };

/** Type 8's institution, as the profile's institution picker hands it over. */
export type InstitutionValue =
  | { kind: 'listed'; id: number; name: string; isAwaitingApproval: boolean }
  | { kind: 'new'; name: string; aliases: string[] };

export type CoauthorRow = {
  /** Stable React key while the row is edited. */
  key: string;
  /** The stored row's id (`relation_id` on the wire); undefined for rows added on this page. */
  partyId: number | undefined;
  person: PersonPick | null;
  status: number;
  /** Removal is allowed only when allowModify is 1 and the row has no relation id. */
  allowModify: 0 | 1;
};

export type RelationFormValues = {
  typeId: number | null;
  person: PersonPick | null;
  title: string;
  publicationId: number | null;
  paperType: number;
  isCommunityPaper: boolean;
  coauthors: CoauthorRow[];
  institution: InstitutionValue | null;
  /** 'YYYY-MM-DD' as Mantine's month and year pickers hold them. */
  startDate: string | null;
  endDate: string | null;
  isOngoing: boolean;
  source: string;
  notes: string;
  comment: string;
};

let lastRowKey = 0;
export const nextRowKey = () => `coauthor-${++lastRowKey}`;

export function newCoauthorRow(): CoauthorRow {
  return {
    key: nextRowKey(),
    partyId: undefined,
    person: null,
    status: relationStatus.pending,
    allowModify: 1,
  };
}

/** A blank form; publication-like types start with one empty co-author row. */
export function emptyFormValues(defaultSource: string): RelationFormValues {
  return {
    typeId: null,
    person: null,
    title: '',
    publicationId: null,
    paperType: 1,
    isCommunityPaper: false,
    coauthors: [newCoauthorRow()],
    institution: null,
    startDate: null,
    endDate: null,
    isOngoing: false,
    source: defaultSource,
    notes: '',
    comment: '',
  };
}

/** A year (and month) as the pickers hold it: the first of the month, or of January. */
export function toPickerDate(year: number | null, month: number | null): string | null {
  if (!year) return null;
  return `${year}-${String(month ?? 1).padStart(2, '0')}-01`;
}

/** The fields of a relation as the view answers them, plus those RelationView leaves out. */
export type EditableRelation = RelationView & { publicationId?: number | null };

/** The creator's form for an existing relation; the change comment starts empty. */
export function fromRelationView(relation: EditableRelation): RelationFormValues {
  const institution: InstitutionValue | null = relation.rInstitutionId
    ? {
        kind: 'listed',
        id: relation.rInstitutionId,
        name: relation.rInstitutionName,
        isAwaitingApproval: relation.institutionStatus === 3,
      }
    : null;
  return {
    typeId: relation.relationType,
    person:
      relation.rUserId && relation.rUserName
        ? { kind: 'user', id: relation.rUserId, label: relation.rUserName }
        : null,
    title: relation.publicationName,
    publicationId: relation.publicationId ?? null,
    paperType: relation.paperType === 2 ? 2 : 1,
    isCommunityPaper: relation.communityPaper === 1,
    coauthors: relation.coAuthors.map((row) => ({
      key: nextRowKey(),
      partyId: row.relation_id || undefined,
      person: { kind: 'user', id: row.coauthor_id, label: row.coauthor_name },
      status: row.status,
      allowModify: row.allowModify === 1 ? 1 : 0,
    })),
    institution,
    startDate: toPickerDate(relation.dateStartYear, relation.dateStartMonth),
    endDate: toPickerDate(relation.dateEndYear, relation.dateEndMonth),
    isOngoing: relation.isOngoing === 1,
    source: relation.source,
    notes: relation.notes,
    comment: '',
  };
}

/** What a pick sends: an id with its label, or the text (an e-mail to invite, or not one). */
function personWire(person: PersonPick | null): { id: string; name: string } {
  if (!person) return { id: '', name: '' };
  if (person.kind === 'user') return { id: String(person.id), name: person.label };
  if (person.kind === 'email') return { id: '', name: person.email };
  return { id: '', name: person.text.trim() };
}

/** A new row nobody has filled in yet: not sent, so an empty list says 'Please select co-author.'. */
export function isBlankNewRow(row: CoauthorRow): boolean {
  return (
    row.partyId === undefined &&
    (row.person === null || (row.person.kind === 'typed' && row.person.text.trim() === ''))
  );
}

function dateWire(date: string | null, format: number) {
  if (!date) return { year: '', month: '' };
  return {
    year: date.slice(0, 4),
    month: format === dateFormats.monthYear ? String(Number(date.slice(5, 7))) : '',
  };
}

/**
 * The form as the save calls take it (docs/api-relations.md, "Saving"). Only the fields the type
 * uses are filled; dates carry a month only for the month-and-year format.
 */
export function toSaveFields(
  values: RelationFormValues,
  type: RelationTypeWire | undefined,
  original?: { relationId: number; publicationName: string },
): FormFields {
  const fields: FormFields = {
    relationType: values.typeId === null ? '' : String(values.typeId),
    relationTypeName: type?.name ?? '',
    source: values.source.trim(),
    notes: values.notes.trim(),
    sourceUserUpdateComment: values.comment.trim(),
  };
  if (original) {
    fields.GID = String(original.relationId);
    fields.oldPublicationName = original.publicationName;
  }
  if (!type) return fields;
  if (type.show_start_date === 1) {
    const start = dateWire(values.startDate, type.start_date_format);
    fields.dateStartYear = start.year;
    fields.dateStartMonth = start.month;
  }
  if (type.show_end_date === 1) {
    const end = dateWire(values.isOngoing ? null : values.endDate, type.end_date_format);
    fields.dateEndYear = end.year;
    fields.dateEndMonth = end.month;
  }
  fields.paperType = String(paperTypeFor(type.id, values.paperType));
  if (type.is_multi_person === 1) {
    fields.publicationName = values.title.trim();
    fields.publicationId = values.publicationId === null ? '' : String(values.publicationId);
    fields.communityPaperId = values.isCommunityPaper ? '1' : '0';
    fields.coAuthorDetails = JSON.stringify(
      values.coauthors
        .filter((row) => !isBlankNewRow(row))
        .map((row) => {
          const person = personWire(row.person);
          return {
            relation_id: row.partyId === undefined ? '' : String(row.partyId),
            coauthor_id: person.id,
            coauthor_name: person.name,
            status: String(row.status),
          };
        }),
    );
  } else if (type.id === relationTypeIds.pendingEmployment) {
    const { institution } = values;
    fields.rInstitutionId = institution?.kind === 'listed' ? String(institution.id) : '';
    fields.rInstitutionName = institution?.name ?? '';
  } else {
    const person = personWire(values.person);
    fields.rUserId = person.id;
    fields.rUserName = person.name;
  }
  return fields;
}

/** The message shown under each field, keyed by the save call's field name. */
export type RelationFormIssues = Record<string, string>;

/** Where a wire field's problem shows on the form. */
const formFieldOf: Record<string, string> = {
  rUserName: 'rUserId',
  rInstitutionName: 'rInstitutionId',
  publicationId: 'publicationName',
  dateStartMonth: 'dateStartYear',
  dateEndMonth: 'dateEndYear',
};

export function placeIssues(
  issues: ReadonlyArray<{ path: readonly PropertyKey[]; message: string }>,
): RelationFormIssues {
  const placed: RelationFormIssues = {};
  for (const { path, message } of issues) {
    const wireField = String(path[0] ?? 'form');
    const field = formFieldOf[wireField] ?? wireField;
    placed[field] ??= message;
  }
  return placed;
}

/** The server's field errors placed the same way (first message of each field). */
export function placeServerErrors(errors: Record<string, string[]>): RelationFormIssues {
  return placeIssues(
    Object.entries(errors).flatMap(([field, list]) =>
      list.map((message) => ({ path: [field], message })),
    ),
  );
}

/**
 * 'Add co-author' first checks the last row added on this page (docs/product.md, "The relation
 * form"): nothing picked, or typed text that is not an e-mail, cannot be left behind.
 */
export function checkLastNewRow(rows: readonly CoauthorRow[]): string | undefined {
  const last = rows.at(-1);
  if (!last || last.partyId !== undefined) return undefined;
  if (isBlankNewRow(last)) return messages.coauthorNotSelected;
  if (last.person?.kind === 'typed' && !isEmail(last.person.text.trim())) {
    return messages.coauthorEmailRequired;
  }
  return undefined;
}
