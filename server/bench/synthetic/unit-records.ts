// Writes the records of one unit (see venues.ts) in the dump's format: a conference's
// `<proceedings>` and its `<inproceedings>` (which name it in `<crossref>`), a journal
// issue's `<article>`s, CoRR preprints (`publtype="informal"`), an encyclopedia `<book>`
// with its `<incollection>` entries (often without authors), edited series volumes,
// monographs and theses. Field orders vary the way they do in the real dump.
import type { PublicationKind } from '../../src/dblp/records.ts';
import { Contributors } from './contributors.ts';
import type { UnitContext } from './contributors.ts';
import type { Random } from './random.ts';
import {
  closeRecord,
  electronicEdition,
  field,
  fieldWith,
  isbn,
  modificationDate,
  openRecord,
  pageRange,
  twoDigits,
  uniqueKey,
} from './record-text.ts';
import { createFrontMatterTitle, createTitle } from './titles.ts';
import { unitSize } from './venues.ts';
import type { Unit } from './venues.ts';
import { institutions, titleWords, venueWords } from './vocabulary.ts';

/** Receives the text of each record in turn. */
export type RecordSink = (text: string) => void;

/** One unit's records; at most `budget` of them, its parent record always included. */
export function writeUnit(
  context: UnitContext,
  unit: Unit,
  unitIndex: number,
  budget: number,
  sink: RecordSink,
): void {
  const writer = new UnitWriter(context, unit, unitIndex, sink);
  const size = Math.min(budget, unitSize(unit, context.random.float()));
  switch (unit.venue.kind) {
    case 'conference':
      return writer.writeConference(size);
    case 'journal':
      return writer.writeJournalIssue(size);
    case 'corr':
      return writer.writePreprints(size);
    case 'encyclopedia':
    case 'book-series':
      return writer.writeCollection(size);
    case 'monographs':
      return writer.writeMonographs(size);
    case 'phd':
    case 'masters':
      return writer.writeTheses(size);
  }
}

class UnitWriter {
  private readonly taken = new Set<string>();
  private readonly contributors: Contributors;
  private readonly random: Random;
  private readonly yy: string;
  /** Keeps keys of a venue's several units in one year apart: `ChangSRM23`, `ChangSRM231`. */
  private readonly partMarker: string;

  constructor(
    private readonly context: UnitContext,
    private readonly unit: Unit,
    private readonly unitIndex: number,
    private readonly sink: RecordSink,
  ) {
    this.random = context.random;
    this.contributors = new Contributors(context);
    this.yy = twoDigits(unit.year % 100);
    this.partMarker = unit.part === 0 ? '' : String(unit.part);
  }

  writeConference(size: number): void {
    const { venue, year, part } = this.unit;
    const parentKey = `conf/${venue.abbr}/${year}${part === 0 ? '' : `-${part}`}`;
    const isParentFirst = this.random.chance(0.5) || size <= 1;
    if (isParentFirst) this.writeProceedings(parentKey);
    const papers = size - 1;
    for (let index = 0; index < papers; index++) this.writeInproceedings(parentKey);
    if (!isParentFirst) this.writeProceedings(parentKey);
  }

  writeJournalIssue(size: number): void {
    for (let index = 0; index < size; index++) this.writeArticle();
  }

  writePreprints(size: number): void {
    const month = (this.unit.part % 12) + 1;
    const cycle = Math.floor(this.unit.part / 12);
    const yymm = `${this.yy}${twoDigits(month)}`;
    for (let index = 0; index < Math.min(size, 5000); index++) {
      const number = String(cycle * 5000 + index).padStart(5, '0');
      this.writePreprint(yymm, number);
    }
  }

  writeCollection(size: number): void {
    const { venue, year, part } = this.unit;
    const isEncyclopedia = venue.kind === 'encyclopedia';
    const parentKey = isEncyclopedia
      ? `reference/${venue.abbr}/${year}${part === 0 ? '' : `-${part}`}`
      : `series/${venue.abbr}/${year}-${part + 1}`;
    this.writeCollectionBook(parentKey);
    for (let index = 1; index < size; index++) this.writeIncollection(parentKey, isEncyclopedia);
  }

  writeMonographs(size: number): void {
    for (let index = 0; index < Math.min(size, 64); index++) this.writeMonograph(index);
  }

  writeTheses(size: number): void {
    for (let index = 0; index < size; index++) this.writeThesis();
  }

  private writeProceedings(key: string) {
    const { venue, year, part } = this.unit;
    const random = this.random;
    const mdate = modificationDate(year, random);
    const month = random.pick(venueWords.months);
    const day = random.between(1, 24);
    const volumePart = part === 0 ? '' : `, Part ${toRoman(part + 1)}`;
    const title =
      `${venue.longName}, ${venue.name} ${year}, ${random.pick(venueWords.cities)}, ` +
      `${month} ${day}-${day + random.between(1, 4)}, ${year}, Proceedings${volumePart}`;
    let body = this.contributors.editorLines(year, random.between(1, 5), mdate);
    body += field('title', `${title}.`);
    body += field('booktitle', venue.name);
    if (random.chance(0.35)) {
      body += fieldWith(
        'series',
        'href="db/series/lncs/index.html"',
        'Lecture Notes in Computer Science',
      );
      body += field('volume', String(random.between(1000, 15_999)));
    }
    body += field('publisher', venue.publisher);
    body += field('year', String(year));
    body += field('isbn', isbn(random));
    body += this.linkLines(venue.publisher, `db/conf/${venue.abbr}/${venue.abbr}${year}.html`);
    this.emit('proceedings', key, mdate, body);
  }

  private writeInproceedings(parentKey: string) {
    const { venue, year } = this.unit;
    const random = this.random;
    const mdate = modificationDate(year, random);
    let body = this.contributors.authorLines(year, mdate);
    const key = this.paperKey(`conf/${venue.abbr}`);
    body += field('title', createTitle(random));
    if (random.chance(0.9)) body += field('pages', pageRange(random));
    body += field('year', String(year));
    const crossref = field('crossref', parentKey);
    const booktitle = field('booktitle', venue.name);
    const url = `db/conf/${venue.abbr}/${venue.abbr}${year}.html#${localKey(key)}`;
    if (random.chance(0.2)) body += crossref + booktitle + this.linkLines(venue.publisher, url);
    else
      body +=
        booktitle +
        field('ee', electronicEdition(venue.publisher, random)) +
        crossref +
        field('url', url);
    this.emit('inproceedings', key, mdate, body);
  }

  private writeArticle() {
    const { venue, year, part } = this.unit;
    const random = this.random;
    const mdate = modificationDate(year, random);
    const isFrontMatter = random.chance(0.01);
    const title = isFrontMatter ? createFrontMatterTitle(random) : createTitle(random);
    let body = isFrontMatter ? '' : this.contributors.authorLines(year, mdate);
    const key = this.paperKey(`journals/${venue.abbr}`, isFrontMatter ? title : undefined);
    const volume = String(year - venue.firstYear + 1);
    body += field('title', title);
    const pages = field('pages', pageRange(random));
    const volumeLine = field('volume', volume);
    const journal = field('journal', venue.name);
    const number = field('number', String(part + 1));
    if (random.chance(0.3)) body += journal + volumeLine + field('year', String(year)) + pages;
    else body += pages + field('year', String(year)) + volumeLine + journal + number;
    const url = `db/journals/${venue.abbr}/${venue.abbr}${volume}.html#${localKey(key)}`;
    body += this.linkLines(venue.publisher, url);
    this.emit('article', key, mdate, body);
  }

  private writePreprint(yymm: string, number: string) {
    const { year } = this.unit;
    const random = this.random;
    const mdate = modificationDate(year, random);
    const key = `journals/corr/abs-${yymm}-${number}`;
    let body = this.contributors.authorLines(year, mdate) + field('title', createTitle(random));
    body += field('year', String(year)) + field('volume', `abs/${yymm}.${number}`);
    body += field('journal', 'CoRR');
    body += fieldWith('ee', 'type="oa"', `https://arxiv.org/abs/${yymm}.${number}`);
    body += field('url', `db/journals/corr/corr${yymm}.html#abs-${yymm}-${number}`);
    this.emit('article', key, mdate, body, 'informal');
  }

  private writeCollectionBook(key: string) {
    const { venue, year, part } = this.unit;
    const random = this.random;
    const mdate = modificationDate(year, random);
    const edition = part === 0 ? '' : ` (${part + 1}. Ed.)`;
    let body = this.contributors.editorLines(year, random.between(1, 8), mdate);
    body += field('title', `${venue.name}${edition}`);
    body += field('booktitle', `${venue.name}${edition}`);
    body += field('publisher', venue.publisher);
    body += field('year', String(year));
    body += field('isbn', isbn(random));
    body += this.linkLines(venue.publisher, `db/${key.slice(0, key.lastIndexOf('/'))}/index.html`);
    this.emit('book', key, mdate, body);
  }

  private writeIncollection(parentKey: string, isEncyclopedia: boolean) {
    const { venue, year } = this.unit;
    const random = this.random;
    const mdate = modificationDate(year, random);
    const hasAuthors = !isEncyclopedia || random.chance(0.45);
    const title = isEncyclopedia ? `${random.pick(titleWords.topics)}.` : createTitle(random);
    const prefix = parentKey.slice(0, parentKey.lastIndexOf('/'));
    let body = hasAuthors ? this.contributors.authorLines(year, mdate) : '';
    const key = this.paperKey(prefix, hasAuthors ? undefined : title);
    body += field('title', title) + field('pages', pageRange(random));
    body += field('year', String(year)) + field('booktitle', venue.name);
    body += field('ee', electronicEdition(venue.publisher, random));
    body += field('crossref', parentKey);
    body += field('url', `db/${prefix}/index.html#${localKey(key)}`);
    this.emit('incollection', key, mdate, body, isEncyclopedia ? 'encyclopedia' : undefined);
  }

  private writeMonograph(index: number) {
    const { venue, year } = this.unit;
    const random = this.random;
    const mdate = modificationDate(year, random);
    const number = String(this.unitIndex * 64 + index).padStart(7, '0');
    let body = this.contributors.authorLines(year, mdate, random.between(1, 3));
    const key =
      venue.abbr === 'daglib' ? `books/daglib/${number}` : this.paperKey(`books/${venue.abbr}`);
    body += field('title', createTitle(random));
    body += field('publisher', venue.publisher) + field('year', String(year));
    if (random.chance(0.5)) body += field('pages', `I-XVIII, 1-${random.between(90, 600)}`);
    body += field('isbn', isbn(random));
    body += field('ee', electronicEdition(venue.publisher, random));
    this.emit('book', key, mdate, body);
  }

  private writeThesis() {
    const { venue, year } = this.unit;
    const random = this.random;
    const mdate = modificationDate(year, random);
    const isPhd = venue.kind === 'phd';
    let body = this.contributors.authorLines(year, mdate, 1);
    const prefix = isPhd ? `phd/${venue.abbr}` : 'ms';
    const key = uniqueKey(
      `${prefix}/${this.contributors.keyStem()}${year}${this.partMarker}`,
      this.taken,
    );
    body += field('title', createTitle(random)) + field('year', String(year));
    body += field('school', random.pick(institutions));
    if (random.chance(0.3)) body += field('pages', `1-${random.between(90, 400)}`);
    if (random.chance(0.4)) {
      body += field('ee', `http://d-nb.info/${random.between(900_000_000, 999_999_999)}`);
    }
    this.emit(isPhd ? 'phdthesis' : 'mastersthesis', key, mdate, body);
  }

  private emit(kind: PublicationKind, key: string, mdate: string, body: string, publtype?: string) {
    this.sink(
      openRecord(kind, key, mdate, this.random, publtype) + body + closeRecord(kind, this.random),
    );
    this.context.counters.records++;
    this.context.counters.byKind[kind]++;
  }

  /** `conf/acl/ChangSRM23`: first author's surname, the others' initials, the year. */
  private paperKey(prefix: string, title?: string): string {
    const stem =
      title === undefined ? this.contributors.keyStem() : title.replace(/[^A-Za-z].*$/, '') || 'X';
    return uniqueKey(`${prefix}/${stem}${this.yy}${this.partMarker}`, this.taken);
  }

  /** `ee` and `url`, in either order, as in the real dump. */
  private linkLines(publisher: string, url: string): string {
    const ee = field('ee', electronicEdition(publisher, this.random));
    return this.random.chance(0.4) ? field('url', url) + ee : ee + field('url', url);
  }
}

/** The last segment of a key, as the table-of-contents anchors use it. */
function localKey(key: string): string {
  return key.slice(key.lastIndexOf('/') + 1);
}

function toRoman(value: number): string {
  const numerals: [number, string][] = [
    [10, 'X'],
    [9, 'IX'],
    [5, 'V'],
    [4, 'IV'],
    [1, 'I'],
  ];
  let rest = value;
  let roman = '';
  for (const [amount, numeral] of numerals) {
    for (; rest >= amount; rest -= amount) roman += numeral;
  }
  return roman;
}
