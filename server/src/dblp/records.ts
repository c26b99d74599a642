// The plain records both DBLP parsers hand out, and how their fields fill them. Words are
// DBLP's own (key, pid, mdate, publtype, crossref, ee). Text is kept as DBLP spells it,
// homonym suffixes included ('Hua Lu 0001'), only trimmed. Absent values are undefined
// properties (see createPublication for why).
import type { XmlAttributes } from './xml-scanner.ts';

export const publicationKinds = [
  'article',
  'inproceedings',
  'proceedings',
  'book',
  'incollection',
  'phdthesis',
  'mastersthesis',
  'data',
] as const;

export type PublicationKind = (typeof publicationKinds)[number];

/** An author or editor. `pid` only in the web XML (the dump has none); `orcid` when DBLP has it. */
export interface Contributor {
  name: string;
  pid?: string;
  orcid?: string;
}

export interface Publication {
  kind: PublicationKind;
  key: string;
  mdate?: string;
  cdate?: string;
  /** e.g. 'informal', 'encyclopedia', 'withdrawn' (space-separated tokens). */
  publtype?: string;
  /** Markup flattened to text; '' for the rare record without a title. */
  title: string;
  year?: number;
  month?: string;
  authors: Contributor[];
  editors: Contributor[];
  /** The journal, else the booktitle. */
  venue?: string;
  journal?: string;
  booktitle?: string;
  volume?: string;
  number?: string;
  pages?: string;
  publisher?: string;
  series?: string;
  school?: string;
  /** Key of the parent proceedings or book, e.g. 'conf/acl/2023-1'. */
  crossref?: string;
  /** Electronic editions (DOI and other full-text links), in DBLP's order. */
  ee: string[];
  /** Site-relative table-of-contents link, e.g. 'db/conf/acl/acl2023-1.html#ChangSRM23'. */
  url?: string;
  isbn: string[];
}

export interface PersonNote {
  text: string;
  /** Free text such as 'former', 'PhD 2007' or an award year '2008'. */
  label?: string;
}

export interface OtherPersonNote extends PersonNote {
  /** e.g. 'unicode name', 'isnot'; absent on untyped notes. */
  type?: string;
}

/** A person profile: `<www key="homepages/…">` in the dump, `<person>` in the web XML. */
export interface Person {
  kind: 'person';
  key: string;
  /** The key without 'homepages/': '95/7448-1', 'l/BarbaraLiskov'. An opaque string. */
  pid: string;
  mdate?: string;
  /** 'disambiguation' on the profile that collects a shared name's unassigned papers. */
  publtype?: string;
  /** The primary name first, then the aliases DBLP redirects to it. */
  names: string[];
  urls: string[];
  affiliations: PersonNote[];
  awards: PersonNote[];
  notes: OtherPersonNote[];
  /** Set on a redirect stub: the key of the profile this one was merged into. No names then. */
  crossref?: string;
}

export type DblpRecord = Publication | Person;

const personKeyPrefix = 'homepages/';

export function isPersonKey(key: string) {
  return key.startsWith(personKeyPrefix);
}

export function pidFromPersonKey(key: string) {
  return isPersonKey(key) ? key.slice(personKeyPrefix.length) : key;
}

const publicationKindNames: ReadonlySet<string> = new Set(publicationKinds);

export function isPublicationKind(element: string): element is PublicationKind {
  return publicationKindNames.has(element);
}

// Every record of a kind is created with all its properties, absent ones undefined, so V8
// gives them one shape: that keeps the field-by-field filling fast on millions of records.

export function createPublication(kind: PublicationKind, attributes: XmlAttributes): Publication {
  return {
    kind,
    key: attributes.key ?? '',
    mdate: attributes.mdate,
    cdate: attributes.cdate,
    publtype: attributes.publtype,
    title: '',
    year: undefined,
    month: undefined,
    authors: [],
    editors: [],
    venue: undefined,
    journal: undefined,
    booktitle: undefined,
    volume: undefined,
    number: undefined,
    pages: undefined,
    publisher: undefined,
    series: undefined,
    school: undefined,
    crossref: undefined,
    ee: [],
    url: undefined,
    isbn: [],
  };
}

export function createPerson(attributes: XmlAttributes): Person {
  const key = attributes.key ?? '';
  return {
    kind: 'person',
    key,
    pid: pidFromPersonKey(key),
    mdate: attributes.mdate,
    publtype: attributes.publtype,
    names: [],
    urls: [],
    affiliations: [],
    awards: [],
    notes: [],
    crossref: undefined,
  };
}

/** Adds one field, its text as read (entities decoded, markup flattened), to a record. */
export function addField(
  record: DblpRecord,
  name: string,
  attributes: XmlAttributes | undefined,
  text: string,
) {
  if (record.kind === 'person') addPersonField(record, name, attributes, text.trim());
  else addPublicationField(record, name, attributes, text.trim());
}

/**
 * Fields DBLP repeats by mistake (a second title or year) keep their first value. One case
 * per field, most frequent first: named property writes keep this hot path monomorphic.
 */
function addPublicationField(
  publication: Publication,
  name: string,
  attributes: XmlAttributes | undefined,
  text: string,
) {
  switch (name) {
    case 'author':
      publication.authors.push(toContributor(text, attributes));
      return;
    case 'title':
      publication.title ||= text;
      return;
    case 'year':
      publication.year ??= parseYear(text);
      return;
    case 'ee':
      publication.ee.push(text);
      return;
    case 'journal':
      publication.journal ??= text;
      publication.venue = publication.journal;
      return;
    case 'booktitle':
      publication.booktitle ??= text;
      if (publication.journal === undefined) publication.venue = publication.booktitle;
      return;
    case 'editor':
      publication.editors.push(toContributor(text, attributes));
      return;
    case 'isbn':
      publication.isbn.push(text);
      return;
  }
  addPublicationDetail(publication, name, text);
}

function addPublicationDetail(publication: Publication, name: string, text: string) {
  switch (name) {
    case 'url':
      publication.url ??= text;
      return;
    case 'pages':
      publication.pages ??= text;
      return;
    case 'volume':
      publication.volume ??= text;
      return;
    case 'number':
      publication.number ??= text;
      return;
    case 'crossref':
      publication.crossref ??= text;
      return;
    case 'publisher':
      publication.publisher ??= text;
      return;
    case 'series':
      publication.series ??= text;
      return;
    case 'school':
      publication.school ??= text;
      return;
    case 'month':
      publication.month ??= text;
      return;
  }
}

function parseYear(text: string) {
  if (text.length === 0 || text.length > 4) return undefined;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code < 48 || code > 57) return undefined;
  }
  return Number(text);
}

function toContributor(name: string, attributes: XmlAttributes | undefined): Contributor {
  return { name, pid: attributes?.pid, orcid: attributes?.orcid };
}

function addPersonField(
  person: Person,
  name: string,
  attributes: XmlAttributes | undefined,
  text: string,
) {
  switch (name) {
    case 'author':
      person.names.push(text);
      return;
    case 'url':
      person.urls.push(text);
      return;
    case 'crossref':
      person.crossref ??= text;
      return;
    case 'note':
      addPersonNote(person, attributes, text);
      return;
  }
}

function addPersonNote(person: Person, attributes: XmlAttributes | undefined, text: string) {
  const type = attributes?.type;
  const label = attributes?.label;
  if (type === 'affiliation') person.affiliations.push({ text, label });
  else if (type === 'award') person.awards.push({ text, label });
  else person.notes.push({ text, label, type });
}
