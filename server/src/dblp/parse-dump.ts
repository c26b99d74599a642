// Streams the DBLP dump (dblp.xml or dblp.xml.gz) as plain records, one at a time, in
// constant memory: `for await (const record of parseDump(path)) …`. It only parses; what
// to store, and resolving names to persons (whose records come last in the dump), is the
// importer's job. Problems that lose one record or one character become warnings, so a
// 4 GB import is not lost to one bad record; a truncated or corrupt file throws a
// DblpParseError that says where.
import { getBundledEntities } from './entities.ts';
import type { EntityTable } from './entities.ts';
import { DblpParseError } from './parse-error.ts';
import type { DblpWarning, ParsePosition } from './parse-error.ts';
import { RecordAssembler } from './record-assembler.ts';
import {
  createPerson,
  createPublication,
  isPersonKey,
  isPublicationKind,
  publicationKinds,
} from './records.ts';
import type { DblpRecord } from './records.ts';
import { readXmlText } from './xml-input.ts';
import type { XmlInput } from './xml-input.ts';
import { XmlScanner } from './xml-scanner.ts';
import type { XmlAttributes, XmlHandler } from './xml-scanner.ts';

export type DumpRecord = DblpRecord;

/** Records passed over on purpose: DBLP's own notes and `www` pages that are not persons. */
export interface SkippedRecord {
  reason: 'dblpnote' | 'not-a-person';
  element: string;
  key: string;
}

export interface ParseDumpOptions {
  /** Default: the entities of the bundled dblp.dtd. See parseDtdEntities for a newer DTD. */
  entities?: EntityTable;
  /** Bytes read from the input so far (compressed bytes for .gz): compare with the file size. */
  onProgress?: (bytesRead: number) => void;
  onWarning?: (warning: DblpWarning) => void;
  onSkip?: (skipped: SkippedRecord) => void;
}

const recordElements: ReadonlySet<string> = new Set([...publicationKinds, 'www', 'person']);

/**
 * Yields every publication and person record of a dump, in file order. `input` is a path
 * or a byte stream, gzip-compressed or not. Skipped, never yielded: `dblpnote/…` records,
 * `www` records whose key is not `homepages/…`, records without a key (a warning).
 * An unknown entity is kept as written (`&umml;`) and reported as a warning.
 */
export function parseDump(
  input: XmlInput,
  options: ParseDumpOptions = {},
): AsyncGenerator<DumpRecord> {
  return new RecordStream(parseDumpBatches(input, options));
}

/**
 * The same records as parseDump, in the batches read from one chunk of input (several
 * hundred). Saves an await per record, some 5 % of the parse time, for an importer that
 * writes in batches anyway.
 */
export async function* parseDumpBatches(
  input: XmlInput,
  options: ParseDumpOptions = {},
): AsyncGenerator<DumpRecord[]> {
  const handler: DumpHandler = new DumpHandler(options, () => scanner.currentPosition());
  const scanner: XmlScanner = new XmlScanner(handler, {
    entities: options.entities ?? getBundledEntities(),
    onUnknownEntity: (reference, position) => handler.warnUnknownEntity(reference, position),
  });
  for await (const text of readXmlText(input, options.onProgress)) {
    scanner.write(text);
    const records = handler.takeRecords();
    if (records.length > 0) yield records;
  }
  scanner.end();
  const records = handler.takeRecords();
  if (records.length > 0) yield records;
}

/**
 * parseDump's records, one at a time, taken from parseDumpBatches. An async generator
 * (`for (const record of batch) yield record`) spent two promises and microtask turns on
 * every record, up to a tenth of the parse; this answers straight from the batch in hand and
 * awaits only to read the next one. It behaves as the generator did: calls to next() and
 * return() take effect in the order they were made, even without waiting for each other;
 * return() and throw() close the input; an error ends the stream.
 */
class RecordStream implements AsyncGenerator<DumpRecord, undefined> {
  private batch: DumpRecord[] = [];
  private index = 0;
  private isDone = false;
  /** The last operation under way (reading a batch, closing): later calls wait for it. */
  private pending: Promise<IteratorResult<DumpRecord, undefined>> | undefined;

  constructor(private readonly batches: AsyncGenerator<DumpRecord[]>) {}

  next(): Promise<IteratorResult<DumpRecord, undefined>> {
    if (this.pending !== undefined) return this.enqueue(() => this.nextNow());
    return this.nextNow();
  }

  return(): Promise<IteratorResult<DumpRecord, undefined>> {
    if (this.pending !== undefined) return this.enqueue(() => this.returnNow());
    return this.track(this.returnNow());
  }

  async throw(error: unknown): Promise<IteratorResult<DumpRecord, undefined>> {
    await this.return();
    throw error;
  }

  [Symbol.asyncIterator]() {
    return this;
  }

  private nextNow(): Promise<IteratorResult<DumpRecord, undefined>> {
    if (this.index < this.batch.length) {
      const record = this.batch[this.index++] as DumpRecord;
      return Promise.resolve({ value: record, done: false });
    }
    if (this.isDone) return Promise.resolve({ value: undefined, done: true });
    return this.track(this.readBatch());
  }

  private async returnNow(): Promise<IteratorResult<DumpRecord, undefined>> {
    this.finish();
    await this.batches.return(undefined);
    return { value: undefined, done: true };
  }

  /** Runs `operation` after the one under way, whether that succeeded or failed. */
  private enqueue(operation: () => Promise<IteratorResult<DumpRecord, undefined>>) {
    const pending = this.pending ?? Promise.resolve();
    return this.track(pending.then(operation, operation));
  }

  private track(operation: Promise<IteratorResult<DumpRecord, undefined>>) {
    this.pending = operation;
    const settle = () => {
      if (this.pending === operation) this.pending = undefined;
    };
    operation.then(settle, settle);
    return operation;
  }

  private async readBatch(): Promise<IteratorResult<DumpRecord, undefined>> {
    try {
      for (;;) {
        const next = await this.batches.next();
        if (next.done) {
          this.finish();
          return { value: undefined, done: true };
        }
        if (next.value.length > 0) {
          this.batch = next.value;
          this.index = 1;
          return { value: next.value[0] as DumpRecord, done: false };
        }
      }
    } catch (error) {
      this.finish();
      throw error;
    }
  }

  private finish() {
    this.isDone = true;
    this.batch = [];
    this.index = 0;
  }
}

/** Decides at each record's opening tag whether to fill it or pass over it. */
class DumpHandler implements XmlHandler {
  private readonly assembler = new RecordAssembler();
  private records: DumpRecord[] = [];
  private depth = 0;

  constructor(
    private readonly options: ParseDumpOptions,
    private readonly locate: () => ParsePosition,
  ) {}

  get isCollectingText() {
    return this.assembler.isCollectingText;
  }

  takeRecords() {
    const records = this.records;
    this.records = [];
    return records;
  }

  openElement(name: string, attributes: XmlAttributes | undefined) {
    const depth = this.depth++;
    if (this.assembler.isActive) {
      if (recordElements.has(name)) {
        throw new DblpParseError(`<${name}> starts inside another record: the file is corrupt`);
      }
      this.assembler.open(attributes);
    } else if (depth === 1) {
      this.assembler.begin(this.createRecord(name, attributes ?? {}), attributes?.key);
    } else if (depth === 0 && name !== 'dblp') {
      throw new DblpParseError(`not a DBLP dump: the root element is <${name}>, not <dblp>`);
    }
  }

  closeElement(name: string) {
    this.depth--;
    if (!this.assembler.isActive || !this.assembler.close(name)) return;
    const record = this.assembler.record;
    if (record !== undefined) this.records.push(record);
  }

  text(value: string) {
    this.assembler.text(value);
  }

  describeLocation() {
    return this.assembler.describeLocation();
  }

  warnUnknownEntity(reference: string, position: ParsePosition) {
    const message = `unknown entity ${reference}, kept as written`;
    this.warn('unknown-entity', message, this.assembler.key, position);
  }

  /** The record to fill, or undefined for one to skip (reported as it starts). */
  private createRecord(element: string, attributes: XmlAttributes): DumpRecord | undefined {
    const key = attributes.key;
    if (!recordElements.has(element)) {
      this.warn('unknown-record', `unknown record <${element}> skipped`, key);
    } else if (!key) {
      this.warn('missing-key', `<${element}> without a key skipped`, key);
    } else if (key.startsWith('dblpnote/')) {
      this.options.onSkip?.({ reason: 'dblpnote', element, key });
    } else if (isPublicationKind(element)) {
      return createPublication(element, attributes);
    } else if (isPersonKey(key)) {
      return createPerson(attributes);
    } else {
      this.options.onSkip?.({ reason: 'not-a-person', element, key });
    }
    return undefined;
  }

  private warn(
    code: DblpWarning['code'],
    message: string,
    key: string | undefined,
    position = this.locate(),
  ) {
    const warning: DblpWarning = { code, message, position };
    if (key !== undefined) warning.key = key;
    this.options.onWarning?.(warning);
  }
}
