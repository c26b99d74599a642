// The list page's search, filters and sort, and its downloads (docs/decisions/relations.md,
// "Searching and exporting the list"). All of it works on the list the page already holds: the
// list call answers every relation of the user at once, so narrowing it needs no second call.
import type { RelationTypeWire } from '@recuse/common';
import { relationStatus } from '@recuse/common';
import type {
  InstitutionRow,
  PersonRow,
  PublicationRow,
  PublicationYear,
  RelationList,
} from '../api/get-relation-list.ts';
import { formatListDate, formatListEndDate } from './relation-dates.ts';
import { isInstitutionType, isPublicationLike } from './group-by-name.ts';
import { paths } from '../../../app/paths.ts';

export type ListSort = 'name' | 'newest' | 'oldest' | 'status';

export type ListFilter = {
  /** Part of a person's name, a title or an institution; empty for all. */
  text: string;
  typeId: number | null;
  status: number | null;
  sort: ListSort;
};

export const noFilter: ListFilter = { text: '', typeId: null, status: null, sort: 'newest' };

export const isFiltered = (filter: ListFilter) =>
  filter.text.trim() !== '' || filter.typeId !== null || filter.status !== null;

/** The statuses a list row can have, as the badges name them. */
export const statusOptions = [
  { value: relationStatus.validated, label: 'Accepted' },
  { value: relationStatus.pending, label: 'Pending' },
  { value: relationStatus.disputed, label: 'Disputed' },
] as const;

const statusLabel = (status: number) =>
  statusOptions.find((option) => option.value === status)?.label ?? String(status);

/** Lower case, without accents, so 'jose' finds José. */
export function searchKey(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();
}

const matches = (key: string, ...texts: string[]) =>
  key === '' || texts.some((text) => searchKey(text).includes(key));

/** The year a row sorts by: its end, else its start (an ongoing relation counts as now). */
function datedYear(row: Pick<PersonRow, 'start_date' | 'end_date'>): number {
  return row.end_date ?? (row.start_date ? Number.MAX_SAFE_INTEGER : 0);
}

function publicationYear(yearKey: string, entry: PublicationYear): number {
  if (entry.date_end_year) return entry.date_end_year;
  return yearKey === 'ongoing' ? Number.MAX_SAFE_INTEGER : Number(yearKey.split('-')[0]) || 0;
}

/** Orders two rows by the sort chosen: name, year either way, or status (pending first, then disputed). */
export function compareBy<Row>(
  sort: ListSort,
  name: (row: Row) => string,
  year: (row: Row) => number,
  status: (row: Row) => number,
): (first: Row, second: Row) => number {
  const byName = (first: Row, second: Row) =>
    name(first).localeCompare(name(second), undefined, { numeric: true });
  const statusRank = (row: Row) => {
    const value = status(row);
    return value === relationStatus.pending ? 0 : value === relationStatus.disputed ? 1 : 2;
  };
  return (first, second) => {
    const order =
      sort === 'newest'
        ? year(second) - year(first)
        : sort === 'oldest'
          ? year(first) - year(second)
          : sort === 'status'
            ? statusRank(first) - statusRank(second)
            : 0;
    // Ties keep the server's order (the sort is stable), except when sorting by name.
    return sort === 'name' ? byName(first, second) : order;
  };
}

/** One flattened row of a publication-like table: a title in one year. */
export type PublicationEntry = {
  key: string;
  title: string;
  yearKey: string;
  entry: PublicationYear;
};

export function publicationEntries(rows: PublicationRow[], sort: ListSort): PublicationEntry[] {
  return rows
    .flatMap((row) =>
      Object.entries(row.publication_years).map(([yearKey, entry]) => ({
        key: `${row.publication_name}-${yearKey}`,
        title: row.publication_name,
        yearKey,
        entry,
      })),
    )
    .sort(
      compareBy<PublicationEntry>(
        sort,
        (row) => row.title,
        (row) => publicationYear(row.yearKey, row.entry),
        (row) => row.entry.status,
      ),
    );
}

/**
 * The list narrowed to what the filter asks for, rows in the order it asks for. The shape is
 * the list's own, so the tables and the view by name read it unchanged.
 */
export function filterRelationList(list: RelationList, filter: ListFilter): RelationList {
  const key = searchKey(filter.text);
  const relations: RelationList['relations'] = {};
  for (const type of list.relation_types) {
    const id = String(type.id);
    const rows = list.relations[id] ?? [];
    if (filter.typeId !== null && filter.typeId !== type.id) continue;
    const hasStatus = (status: number) => filter.status === null || status === filter.status;
    if (isPublicationLike(type)) {
      const kept: PublicationRow[] = [];
      for (const row of rows as PublicationRow[]) {
        const years = Object.entries(row.publication_years).filter(
          ([, entry]) =>
            hasStatus(entry.status) &&
            matches(key, row.publication_name, ...entry.co_authors.map((c) => c.coauthor_name)),
        );
        if (years.length > 0) kept.push({ ...row, publication_years: Object.fromEntries(years) });
      }
      relations[id] = kept;
    } else if (isInstitutionType(type)) {
      relations[id] = (rows as InstitutionRow[])
        .filter((row) => hasStatus(row.status) && matches(key, row.institution_name))
        .sort(
          compareBy<InstitutionRow>(
            filter.sort,
            (row) => row.institution_name,
            datedYear,
            (row) => row.status,
          ),
        );
    } else {
      relations[id] = (rows as PersonRow[])
        .filter((row) => hasStatus(row.status) && matches(key, row.display_coauthor_name))
        .sort(
          compareBy<PersonRow>(
            filter.sort,
            (row) => row.display_coauthor_name,
            datedYear,
            (row) => row.status,
          ),
        );
    }
  }
  const showsAffiliations = filter.typeId === null && filter.status === null;
  return {
    ...list,
    relations,
    institution_list: showsAffiliations
      ? list.institution_list.filter((affiliation) => matches(key, affiliation.institution_name))
      : [],
  };
}

/** One relation as the downloads hold it. */
export type ExportedRelation = {
  type: string;
  title: string;
  people: string;
  institution: string;
  start: string;
  end: string;
  status: string;
  link: string;
};

/** Every row of the list (already filtered as the page shows it), one line per relation. */
export function exportRows(list: RelationList, origin: string): ExportedRelation[] {
  const rows: ExportedRelation[] = [];
  const blank = { title: '', people: '', institution: '', start: '', end: '' };
  for (const type of list.relation_types) {
    const typeRows = list.relations[String(type.id)] ?? [];
    if (isPublicationLike(type)) {
      for (const entry of publicationEntries(typeRows as PublicationRow[], 'name')) {
        rows.push({
          ...blank,
          type: type.name,
          title: entry.title,
          people: entry.entry.co_author_names,
          end: entry.yearKey === 'ongoing' ? 'Ongoing' : String(entry.entry.date_end_year ?? ''),
          status: statusLabel(entry.entry.status),
          link: `${origin}/relations/view/${entry.entry.parent_id}`,
        });
      }
      continue;
    }
    for (const row of typeRows as (PersonRow | InstitutionRow)[]) {
      const isInstitution = 'institution_name' in row;
      rows.push({
        ...blank,
        type: type.name,
        people: isInstitution ? '' : row.display_coauthor_name,
        institution: isInstitution ? row.institution_name : '',
        ...datesOf(type, row),
        status: statusLabel(row.status),
        link: `${origin}${paths.relation.href(row.modify_id, type.id)}`,
      });
    }
  }
  return rows;
}

function datesOf(type: RelationTypeWire, row: PersonRow | InstitutionRow) {
  return {
    start:
      type.show_start_date === 1
        ? formatListDate(row.start_date, row.start_date_month, type.start_date_format)
        : '',
    end:
      type.show_end_date !== 1
        ? ''
        : type.end_date_mandatory === 1
          ? formatListDate(row.end_date, row.end_date_month, type.end_date_format)
          : formatListEndDate(row.end_date, row.end_date_month, type.end_date_format),
  };
}

const csvColumns: (keyof ExportedRelation)[] = [
  'type',
  'title',
  'people',
  'institution',
  'start',
  'end',
  'status',
  'link',
];

/**
 * RFC 4180 CSV with a header line. A cell a spreadsheet would run as a formula (it starts with
 * =, +, -, @, a tab or a carriage return) is prefixed with an apostrophe.
 */
export function toCsv(rows: ExportedRelation[]): string {
  const cell = (value: string) => {
    const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
    return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
  };
  return [csvColumns, ...rows.map((row) => csvColumns.map((column) => row[column]))]
    .map((line) => line.map(cell).join(','))
    .join('\r\n')
    .concat('\r\n');
}
