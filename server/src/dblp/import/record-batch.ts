// Turns one batch of parsed dump records into the column arrays the import's set-based SQL
// takes (one array per column, fed to `unnest`), so a batch of thousands of records is a few
// statements, never one per record. Pure: no database here.
import { institutionKey } from '@recuse/common';
import { paperTypeOf, splitDblpName } from '../dblp-people.ts';
import type { DumpRecord } from '../parse-dump.ts';
import type { Person, PersonNote, Publication } from '../records.ts';

export interface PublicationColumns {
  keys: string[];
  titles: string[];
  titleKeys: string[];
  years: (number | null)[];
  venues: (string | null)[];
  kinds: string[];
  paperTypes: number[];
  /** Authors per publication, to drop positions a newer dump no longer has. */
  authorCounts: number[];
}

/** One row per author: the index of its publication in `PublicationColumns`, 1-based position. */
export interface AuthorshipColumns {
  publicationIndexes: number[];
  positions: number[];
  names: string[];
}

export interface PersonColumns {
  pids: string[];
  dblpNames: string[];
  firstNames: string[];
  lastNames: string[];
  affiliationNotes: string[][];
}

/** Every name of the batch's people (primary first), one row per name. */
export interface NameColumns {
  names: string[];
  personIndexes: number[];
  isPrimary: boolean[];
}

export interface RecordBatch {
  publications: PublicationColumns;
  authorships: AuthorshipColumns;
  people: PersonColumns;
  names: NameColumns;
  /** Person records that only point to another profile (merged or renamed): not people. */
  redirects: number;
}

export interface CrossrefLink {
  key: string;
  parentKey: string;
}

/**
 * A publication without a venue but with a crossref takes its parent's venue once every
 * publication is in (the parent may come later in the file).
 */
export function findCrossrefLink(record: DumpRecord): CrossrefLink | undefined {
  if (record.kind === 'person' || record.venue !== undefined) return undefined;
  return record.crossref === undefined
    ? undefined
    : { key: record.key, parentKey: record.crossref };
}

/**
 * The batch's rows. A key seen twice in one batch keeps its last record (one statement cannot
 * touch a row twice); across batches the later batch wins too, so the file order decides.
 */
export function buildRecordBatch(records: readonly DumpRecord[]): RecordBatch {
  const publications = new Map<string, Publication>();
  const people = new Map<string, Person>();
  let redirects = 0;
  for (const record of records) {
    if (record.kind !== 'person') {
      publications.set(record.key, record);
    } else if (record.names.length === 0) {
      redirects += 1;
    } else {
      people.set(record.pid, record);
    }
  }
  return {
    ...publicationColumns(publications.values()),
    ...personColumns(people.values()),
    redirects,
  };
}

function publicationColumns(publications: Iterable<Publication>) {
  const columns: PublicationColumns = {
    keys: [],
    titles: [],
    titleKeys: [],
    years: [],
    venues: [],
    kinds: [],
    paperTypes: [],
    authorCounts: [],
  };
  const authorships: AuthorshipColumns = { publicationIndexes: [], positions: [], names: [] };
  for (const publication of publications) {
    const index = columns.keys.length;
    columns.keys.push(publication.key);
    columns.titles.push(publication.title);
    columns.titleKeys.push(institutionKey(publication.title));
    columns.years.push(publication.year ?? null);
    columns.venues.push(publication.venue ?? null);
    columns.kinds.push(publication.kind);
    columns.paperTypes.push(paperTypeOf(publication));
    columns.authorCounts.push(publication.authors.length);
    publication.authors.forEach((author, position) => {
      authorships.publicationIndexes.push(index);
      authorships.positions.push(position + 1);
      authorships.names.push(author.name);
    });
  }
  return { publications: columns, authorships };
}

function personColumns(people: Iterable<Person>) {
  const columns: PersonColumns = {
    pids: [],
    dblpNames: [],
    firstNames: [],
    lastNames: [],
    affiliationNotes: [],
  };
  // DBLP gives a name to one person only; if a broken file repeats one, the last person wins.
  const names = new Map<string, { personIndex: number; isPrimary: boolean }>();
  for (const person of people) {
    const index = columns.pids.length;
    const primaryName = person.names[0]!;
    const { firstName, lastName } = splitDblpName(primaryName);
    columns.pids.push(person.pid);
    columns.dblpNames.push(primaryName);
    columns.firstNames.push(firstName);
    columns.lastNames.push(lastName);
    columns.affiliationNotes.push(person.affiliations.map(affiliationNoteText));
    person.names.forEach((name, position) => {
      if (names.get(name)?.personIndex === index) return;
      names.delete(name);
      names.set(name, { personIndex: index, isPrimary: position === 0 });
    });
  }
  const nameColumns: NameColumns = { names: [], personIndexes: [], isPrimary: [] };
  for (const [name, { personIndex, isPrimary }] of names) {
    nameColumns.names.push(name);
    nameColumns.personIndexes.push(personIndex);
    nameColumns.isPrimary.push(isPrimary);
  }
  return { people: columns, names: nameColumns };
}

/** An affiliation note as one line: 'Stanford University (former)', 'MIT (PhD 2007)'. */
export function affiliationNoteText(note: PersonNote): string {
  return note.label ? `${note.text} (${note.label})` : note.text;
}
