// Reads the CSV files HotCRP downloads (docs/review-systems.md): the PC info file, the authors
// file and the PC conflicts file. csv-parse does the reading (quotes, quoted line breaks, a
// byte order mark); this module finds the delimiter, maps HotCRP's column names (old and new)
// to ours, and checks what each file needs, naming the line of every problem. Pure: text in,
// rows or problems out.
import { parse } from 'csv-parse/sync';
import { chairWorkspaceMessages as messages, findDblpPid, isEmail } from '@recuse/common';

/** One data line: its line number in the file and its cells by our column names. */
export interface CsvRecord {
  line: number;
  cells: Readonly<Record<string, string>>;
}

export type CsvReading = { records: CsvRecord[] } | { problems: string[] };

/**
 * Our column names and the headers HotCRP has written for them over the years, compared
 * without case, spaces, dashes or underscores ('Given name', 'given_name', 'first').
 */
const columnAliases: Readonly<Record<string, readonly string[]>> = {
  given_name: ['givenname', 'first', 'firstname'],
  family_name: ['familyname', 'last', 'lastname', 'surname'],
  email: ['email', 'emailaddress'],
  affiliation: ['affiliation'],
  orcid: ['orcid'],
  dblp: ['dblp', 'dblppid', 'dblpurl'],
  paper: ['paper', 'paperid', 'pid'],
  title: ['title'],
  iscontact: ['iscontact'],
  conflicttype: ['conflicttype', 'conflict'],
  action: ['action'],
};

const headerKey = (header: string) => header.toLowerCase().replace(/[\s_-]+/g, '');

const columnOfHeader = new Map(
  Object.entries(columnAliases).flatMap(([column, aliases]) =>
    aliases.map((alias) => [alias, column] as const),
  ),
);

/**
 * The delimiter of the first line: whichever of comma, semicolon and tab occurs most outside
 * quotes (a spreadsheet saved with a European locale writes semicolons), comma on a tie.
 */
export function detectDelimiter(text: string): string {
  const counts = new Map([
    [',', 0],
    [';', 0],
    ['\t', 0],
  ]);
  let isQuoted = false;
  for (const character of text) {
    if (character === '"') isQuoted = !isQuoted;
    else if (!isQuoted && (character === '\n' || character === '\r')) break;
    else if (!isQuoted && counts.has(character)) {
      counts.set(character, counts.get(character)! + 1);
    }
  }
  let best = ',';
  for (const [delimiter, count] of counts) if (count > counts.get(best)!) best = delimiter;
  return best;
}

/** What a file must have: the columns it cannot do without and an example first line. */
export interface CsvShape {
  required: readonly string[];
  example: string;
}

export const committeeShape: CsvShape = {
  required: ['given_name', 'family_name', 'email'],
  example: 'given_name,family_name,email,affiliation',
};

export const authorsShape: CsvShape = {
  required: ['paper', 'title', 'given_name', 'family_name', 'email', 'affiliation'],
  example: 'paper,title,given_name,family_name,email,affiliation',
};

export const pcConflictsShape: CsvShape = {
  required: ['paper', 'email', 'conflicttype'],
  example: 'paper,title,given_name,family_name,email,conflicttype',
};

export const assignmentsShape: CsvShape = {
  required: ['paper', 'action', 'email'],
  example: 'paper,action,email',
};

/**
 * The file's data lines with their cells trimmed, under our column names; columns we do not
 * know are dropped. A file that cannot be read, or that lacks a required column, gives
 * problems instead, each naming the line or the column.
 */
export function readCsv(file: string, shape: CsvShape): CsvReading {
  // One kind of line break, so that line numbers count as an editor does and a title broken
  // over two lines reads the same from Windows and from anywhere else; one Unicode
  // normalisation (NFC), so that a name or address typed on a Mac (decomposed accents) is the
  // same text as the one typed elsewhere.
  const text = file
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .normalize('NFC');
  let table: Array<{ record: string[]; info: { lines: number } }>;
  try {
    table = parse(text, {
      delimiter: detectDelimiter(text),
      relax_column_count: true,
      skip_empty_lines: true,
      info: true,
    }) as unknown as Array<{ record: string[]; info: { lines: number } }>;
  } catch (error) {
    return { problems: [unreadable(error)] };
  }
  const [header, ...data] = table;
  if (!header) return { problems: [messages.emptyFile] };
  const columns = header.record.map((name) => columnOfHeader.get(headerKey(name)));
  const missing = shape.required.filter((column) => !columns.includes(column));
  if (missing.length > 0) {
    return { problems: missing.map((column) => messages.missingHeader(column, shape.example)) };
  }
  const records: CsvRecord[] = [];
  for (const { record, info } of data) {
    if (record.every((cell) => cell.trim() === '')) continue;
    const cells: Record<string, string> = {};
    record.forEach((cell, index) => {
      const column = columns[index];
      // The first of two columns with one meaning wins ('first' and 'given_name' both sent).
      if (column && cells[column] === undefined) cells[column] = cell.trim();
    });
    records.push({ line: recordLine(info.lines, record), cells });
  }
  return { records };
}

/**
 * csv-parse counts the line a record ends on; a record whose quoted cells hold line breaks
 * began that many lines earlier, and the first line is what a person looks for.
 */
function recordLine(endLine: number, record: readonly string[]): number {
  const breaks = record.reduce((sum, cell) => sum + (cell.match(/\n/g)?.length ?? 0), 0);
  return endLine - breaks;
}

/** csv-parse's refusals a person can act on, in words; anything else keeps its own. */
const readingProblems: Readonly<Record<string, string>> = {
  CSV_QUOTE_NOT_CLOSED: 'a quoted cell is never closed (a quote is missing)',
  CSV_INVALID_CLOSING_QUOTE:
    'a quoted cell goes on after its closing quote (inside quotes, write a quote as two quotes)',
  CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE:
    'a quoted cell goes on after its closing quote (inside quotes, write a quote as two quotes)',
};

function unreadable(error: unknown): string {
  const { code, lines, message } = error as { code?: string; lines?: number; message?: string };
  const detail = (code && readingProblems[code]) ?? message ?? String(error);
  return messages.unreadable(typeof lines === 'number' ? lines : 1, detail);
}

/** A person as a committee or authors file gives them. */
export interface PersonColumns {
  line: number;
  givenName: string;
  familyName: string;
  /** Lower case; '' when the file gives none (authors only). */
  email: string;
  affiliation: string;
  /** The bare iD (0000-0002-1825-0097) when recognised, else as written; null when blank. */
  orcid: string | null;
  /** A DBLP pid, from a pid or a profile URL; null when blank or not one. */
  dblpPid: string | null;
}

export interface SubmissionFile {
  paper: number;
  title: string;
  authors: Array<PersonColumns & { isAuthor: boolean; isContact: boolean }>;
}

const textLimits = { default: 300, title: 1000 } as const;
/** At most this many problems are listed; the rest are counted. */
const maxProblems = 20;

class Problems {
  readonly list: string[] = [];
  private extra = 0;
  add(problem: string) {
    if (this.list.length < maxProblems) this.list.push(problem);
    else this.extra += 1;
  }
  get any() {
    return this.list.length > 0;
  }
  all(): string[] {
    return this.extra > 0 ? [...this.list, messages.moreProblems(this.extra)] : this.list;
  }
}

const orcidPattern = /(\d{4}-\d{4}-\d{4}-\d{3}[\dX])$/i;

function readPerson(record: CsvRecord, problems: Problems): PersonColumns {
  const { line, cells } = record;
  const text = (column: string, label = column.replace('_', ' ')) => {
    const value = cells[column] ?? '';
    const max = column === 'title' ? textLimits.title : textLimits.default;
    if (value.length > max) problems.add(messages.tooLong(line, label, max));
    return value;
  };
  const email = text('email', 'e-mail address').toLowerCase();
  if (email !== '' && !isEmail(email)) problems.add(messages.badEmail(line, email));
  const orcid = text('orcid', 'ORCID');
  const dblp = text('dblp', 'DBLP pid');
  return {
    line,
    givenName: text('given_name'),
    familyName: text('family_name'),
    email,
    affiliation: text('affiliation'),
    orcid: orcid === '' ? null : (orcidPattern.exec(orcid)?.[1]?.toUpperCase() ?? orcid),
    dblpPid:
      dblp === '' ? null : (findDblpPid(dblp) ?? findDblpPid(`dblp.org/pid/${dblp}`) ?? null),
  };
}

/**
 * HotCRP's PC info CSV: one member per line, each with an e-mail address (HotCRP's accounts
 * are addresses), none twice.
 */
export function readCommitteeFile(
  text: string,
): { members: PersonColumns[] } | { problems: string[] } {
  const reading = readCsv(text, committeeShape);
  if ('problems' in reading) return reading;
  const problems = new Problems();
  const members: PersonColumns[] = [];
  const lineOfEmail = new Map<string, number>();
  for (const record of reading.records) {
    const member = readPerson(record, problems);
    if (member.email === '') {
      problems.add(messages.noEmail(member.line));
      continue;
    }
    const firstLine = lineOfEmail.get(member.email);
    if (firstLine !== undefined) {
      problems.add(messages.duplicateEmail(member.line, member.email, firstLine));
      continue;
    }
    lineOfEmail.set(member.email, member.line);
    members.push(member);
  }
  return problems.any ? { problems: problems.all() } : { members };
}

/** A paper number as HotCRP writes it: a whole number, at most six digits. */
function readPaper(record: CsvRecord, problems: Problems): number | null {
  const value = record.cells.paper ?? '';
  if (!/^\d{1,6}$/.test(value) || Number(value) === 0) {
    problems.add(messages.badPaper(record.line, value));
    return null;
  }
  return Number(value);
}

/**
 * HotCRP's authors CSV: one line per author of a submission, in the submission's author order;
 * a submission's title is its first line's. `iscontact` reads `yes` for an author who is also a
 * contact and `nonauthor` (older files: `contact_only`) for a contact who is not an author.
 */
export function readAuthorsFile(
  text: string,
): { submissions: SubmissionFile[] } | { problems: string[] } {
  const reading = readCsv(text, authorsShape);
  if ('problems' in reading) return reading;
  const problems = new Problems();
  const byPaper = new Map<number, SubmissionFile>();
  for (const record of reading.records) {
    const paper = readPaper(record, problems);
    const title = record.cells.title ?? '';
    if (title.length > textLimits.title) {
      problems.add(messages.tooLong(record.line, 'title', textLimits.title));
    }
    const person = readPerson(record, problems);
    if (paper === null) continue;
    let submission = byPaper.get(paper);
    if (!submission) {
      submission = { paper, title, authors: [] };
      byPaper.set(paper, submission);
    }
    if (person.email !== '') {
      const firstLine = submission.authors.find((author) => author.email === person.email)?.line;
      if (firstLine !== undefined) {
        problems.add(messages.duplicateAuthor(record.line, person.email, paper, firstLine));
        continue;
      }
    }
    const contact = (record.cells.iscontact ?? '').toLowerCase();
    const isNonAuthor = contact === 'nonauthor' || contact === 'contact_only';
    submission.authors.push({
      ...person,
      isAuthor: !isNonAuthor,
      isContact: isNonAuthor || contact === 'yes',
    });
  }
  if (problems.any) return { problems: problems.all() };
  return { submissions: [...byPaper.values()].sort((a, b) => a.paper - b.paper) };
}

/** A line of HotCRP's PC conflicts CSV: a member, a paper and the type as HotCRP wrote it. */
export interface DeclaredConflict {
  line: number;
  paper: number;
  title: string;
  name: string;
  /** Lower case. */
  email: string;
  /** As written: `Recent collaborator`, `Pinned conflict`, `Y`, `collaborator`, … */
  conflictType: string;
}

/**
 * What a PC conflicts file's `conflicttype` means: HotCRP writes `N`/`Y` when it asks for no
 * types, else the type's description (`Recent collaborator`, `Advisor/advisee`,
 * `Institutional`, `Personal`, `Other`, `Conflict`, `Pinned …`, `Author`, `Contact`); the
 * keywords of its assignment files (`collaborator`, `pin advisor`, …) are read too.
 */
export function declaredKind(conflictType: string): 'none' | 'author' | 'conflict' {
  const words = conflictType
    .toLowerCase()
    .replace(/[^a-z]+/g, ' ')
    .trim()
    .split(' ');
  const text = words.filter((word) => word !== 'pin' && word !== 'pinned').join(' ');
  if (['', 'n', 'no', 'none', 'no conflict', 'unconflicted', 'noconflict', '0'].includes(text)) {
    return 'none';
  }
  if (text === 'author' || text === 'contact') return 'author';
  return 'conflict';
}

/**
 * HotCRP's PC conflicts CSV (`paper,title,given_name,family_name,email,conflicttype`): one line
 * per member and paper, each with an address, none twice.
 */
export function readPcConflictsFile(
  text: string,
): { declared: DeclaredConflict[] } | { problems: string[] } {
  const reading = readCsv(text, pcConflictsShape);
  if ('problems' in reading) return reading;
  const problems = new Problems();
  const declared: DeclaredConflict[] = [];
  const lineOfPair = new Map<string, number>();
  for (const record of reading.records) {
    const paper = readPaper(record, problems);
    const person = readPerson(record, problems);
    const title = record.cells.title ?? '';
    if (title.length > textLimits.title) {
      problems.add(messages.tooLong(record.line, 'title', textLimits.title));
    }
    const conflictType = record.cells.conflicttype ?? '';
    if (conflictType.length > textLimits.default) {
      problems.add(messages.tooLong(record.line, 'conflict type', textLimits.default));
    }
    if (person.email === '') problems.add(messages.noEmail(record.line));
    if (paper === null || person.email === '') continue;
    const key = `${paper} ${person.email}`;
    const firstLine = lineOfPair.get(key);
    if (firstLine !== undefined) {
      problems.add(messages.duplicatePair(record.line, person.email, paper, firstLine));
      continue;
    }
    lineOfPair.set(key, record.line);
    declared.push({
      line: record.line,
      paper,
      title,
      name: [person.givenName, person.familyName].filter(Boolean).join(' '),
      email: person.email,
      conflictType,
    });
  }
  return problems.any ? { problems: problems.all() } : { declared };
}

/** A line of HotCRP's assignments CSV. */
export interface AssignmentLine {
  line: number;
  paper: number;
  /** Lower case. */
  email: string;
  /** Lower case: `primary`, `secondary`, `pcreview`, `lead`, `conflict`, … */
  action: string;
}

/**
 * HotCRP's assignments CSV (`paper,action,email` and whatever else the action needs): every
 * line with a paper, an action and an address; the other columns are not needed here.
 */
export function readAssignmentsFile(
  text: string,
): { assignments: AssignmentLine[] } | { problems: string[] } {
  const reading = readCsv(text, assignmentsShape);
  if ('problems' in reading) return reading;
  const problems = new Problems();
  const assignments: AssignmentLine[] = [];
  for (const record of reading.records) {
    const paper = readPaper(record, problems);
    const person = readPerson(record, problems);
    const action = (record.cells.action ?? '').toLowerCase();
    if (action === '') problems.add(messages.noAction(record.line));
    else if (action.length > 100) problems.add(messages.tooLong(record.line, 'action', 100));
    if (person.email === '') problems.add(messages.noEmail(record.line));
    if (paper === null || person.email === '' || action === '') continue;
    assignments.push({ line: record.line, paper, email: person.email, action });
  }
  return problems.any ? { problems: problems.all() } : { assignments };
}
