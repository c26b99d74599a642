// Parses the web XML of one person, https://dblp.org/pid/<pid>.xml: the profile, the
// homonym profiles, every publication with its authors' pids, and the co-author list. The
// crawler compares `pid` with the one it asked for (a merged profile answers for another pid)
// and gets a clear error for anything that is not a dblpperson document, such as the HTML
// page DBLP serves with a 429.
import { getBundledEntities } from './entities.ts';
import type { EntityTable } from './entities.ts';
import { DblpParseError } from './parse-error.ts';
import type { DblpWarning, ParsePosition } from './parse-error.ts';
import { RecordAssembler } from './record-assembler.ts';
import { createPerson, createPublication, isPublicationKind } from './records.ts';
import type { DblpRecord, Person, Publication } from './records.ts';
import { decodeXmlBytes } from './xml-input.ts';
import { XmlScanner } from './xml-scanner.ts';
import type { XmlAttributes, XmlHandler } from './xml-scanner.ts';

export interface Coauthor {
  name: string;
  /** Absent for a co-author DBLP has not identified. */
  pid?: string;
}

export interface PersonFile {
  /** The pid this file is about (the `dblpperson` element's), which may differ from the one asked for. */
  pid: string;
  /** The primary name, with any homonym suffix: 'Di Xu 0001'. */
  name: string;
  /** The publication count DBLP states in the `n` attribute. */
  publicationCount?: number;
  person: Person;
  /** Other profiles sharing the name, e.g. the 'disambiguation' profile 'Di Xu'. */
  homonyms: Person[];
  publications: Publication[];
  coauthors: Coauthor[];
}

export interface ParsePersonOptions {
  entities?: EntityTable;
  onWarning?: (warning: DblpWarning) => void;
}

/** Parses a whole per-person XML document held in memory (bytes or already decoded text). */
export function parsePerson(
  xml: string | Uint8Array,
  options: ParsePersonOptions = {},
): PersonFile {
  const text = typeof xml === 'string' ? xml : decodeXmlBytes(xml);
  const handler = new PersonHandler();
  const scanner = new XmlScanner(handler, {
    entities: options.entities ?? getBundledEntities(),
    onUnknownEntity: (reference, position) => warnUnknownEntity(options, reference, position),
  });
  scanner.write(text);
  scanner.end();
  return handler.result();
}

function warnUnknownEntity(
  options: ParsePersonOptions,
  reference: string,
  position: ParsePosition,
) {
  const message = `unknown entity ${reference}, kept as written`;
  options.onWarning?.({ code: 'unknown-entity', message, position });
}

/** Where a record sits tells what it is: the profile under the root, a homonym under `<h>`,
 * a publication under `<r>`. */
class PersonHandler implements XmlHandler {
  private readonly path: string[] = [];
  private readonly assembler = new RecordAssembler();
  private root = { pid: '', name: '', count: Number.NaN };
  private person: Person | undefined;
  private readonly homonyms: Person[] = [];
  private readonly publications: Publication[] = [];
  private readonly coauthors: Coauthor[] = [];
  private coauthorPid: string | undefined;
  private coauthorName: string | undefined;

  get isCollectingText() {
    return this.assembler.isCollectingText || this.coauthorName !== undefined;
  }

  openElement(name: string, attributes: XmlAttributes | undefined) {
    const parent = this.path.at(-1);
    this.path.push(name);
    if (this.assembler.isActive) {
      this.assembler.open(attributes);
    } else if (parent === undefined) {
      this.openRoot(name, attributes);
    } else if (name === 'person' && (parent === 'dblpperson' || parent === 'h')) {
      this.assembler.begin(createPerson(attributes ?? {}), attributes?.key);
    } else if (parent === 'r' && isPublicationKind(name)) {
      this.assembler.begin(createPublication(name, attributes ?? {}), attributes?.key);
    } else if (name === 'na' && parent === 'co') {
      this.coauthorName = '';
      this.coauthorPid = attributes?.pid;
    }
  }

  closeElement(name: string) {
    this.path.pop();
    if (this.assembler.isActive) {
      if (this.assembler.close(name)) this.addRecord(this.assembler.record);
    } else if (name === 'na' && this.coauthorName !== undefined) {
      this.addCoauthor(this.coauthorName);
    }
  }

  text(value: string) {
    if (this.coauthorName === undefined) this.assembler.text(value);
    else this.coauthorName += value;
  }

  describeLocation() {
    return this.assembler.describeLocation();
  }

  result(): PersonFile {
    const { pid, name, count } = this.root;
    return {
      pid,
      name,
      publicationCount: Number.isInteger(count) ? count : undefined,
      person: this.person ?? profileFromRoot(pid, name),
      homonyms: this.homonyms,
      publications: this.publications,
      coauthors: this.coauthors,
    };
  }

  private openRoot(name: string, attributes: XmlAttributes | undefined) {
    if (name !== 'dblpperson') {
      throw new DblpParseError(
        `not a DBLP person XML: the root element is <${name}>, not <dblpperson>`,
      );
    }
    const pid = attributes?.pid;
    if (!pid) throw new DblpParseError('the <dblpperson> element has no pid');
    const count = attributes.n === undefined ? Number.NaN : Number(attributes.n);
    this.root = { pid, name: attributes.name ?? '', count };
  }

  private addRecord(record: DblpRecord | undefined) {
    if (record?.kind !== 'person') {
      if (record) this.publications.push(record);
    } else if (this.path.at(-1) === 'h') {
      this.homonyms.push(record);
    } else {
      this.person ??= record;
    }
  }

  private addCoauthor(text: string) {
    this.coauthors.push({ name: text.trim(), pid: this.coauthorPid });
    this.coauthorName = undefined;
    this.coauthorPid = undefined;
  }
}

/** A profile built from the root's attributes, for a file without a `<person>` element. */
function profileFromRoot(pid: string, name: string): Person {
  const person = createPerson({ key: `homepages/${pid}` });
  person.names.push(name);
  return person;
}
