// A streaming XML tokenizer specialised for DBLP's simple, shallow XML (no namespaces, no
// DTD processing beyond entity tables, elements at most five deep). It exists because the
// generic JS tokenizers are too slow for a 5 GB dump: the import needs >= 100 MB/s of XML in
// constant memory on 2 cores. Measured 2026-11-21 on a 99 MB file of concatenated real
// fixture records, Node 20, on the shared 2-core dev machine under a load of 5 to 10, so as
// CPU time of the process (wall time was up to 3x worse), best of several runs:
//   sax 1.6.1: 14.5 MB/s · sax-wasm 3.1.4: 13.7 (wall) · saxes 6.0.0: 40–59 · htmlparser2 12.0.0
//   (xmlMode): 43–49 · Python lxml 4.9.2 iterparse(load_dtd): 18–21 — each with a minimal
//   handler (key, authors, title) — against this scanner with a trivial handler: 170–200,
//   and the whole of parseDump (full records, strings copied, an await per record): 80–87
//   warm, 55–64 cold from disk. Peak RSS 130–142 MB for a 99 MB and a 992 MB file alike.
//   Since then (docs/decisions/dblp.md, "DBLP dump parse speed"): a field read in one step,
//   text in pieces under V8's large-object size, no async generator per record: parseDump at
//   about 100 MB/s of CPU time on the synthetic dump, against 61–82 before.
// It still checks well-formedness (matching tags, one root, nothing cut off) so a truncated
// or corrupt file fails loudly with a position instead of yielding half a record.
import { decodeEntities, parseDtdEntities } from './entities.ts';
import type { EntityTable } from './entities.ts';
import { DblpParseError } from './parse-error.ts';
import type { ParsePosition } from './parse-error.ts';
import { hashStep, hasNameAt, readName } from './xml-names.ts';

export type XmlAttributes = Record<string, string>;

export interface XmlHandler {
  /** Read before each run of text: text is sliced and decoded only while this is true. */
  readonly isCollectingText: boolean;
  openElement(name: string, attributes: XmlAttributes | undefined): void;
  closeElement(name: string): void;
  text(value: string): void;
  /** Words appended to error messages, e.g. the key of the record being read. */
  describeLocation(): string;
}

export interface XmlScannerOptions {
  entities: EntityTable;
  onUnknownEntity: (reference: string, position: ParsePosition) => void;
}

/** No tag or text run in DBLP comes near this; one that does means the file is corrupt. */
const maxTokenLength = 4 * 1024 * 1024;
const maxDepth = 64;

/** V8's SlicedString::kMinLength: shorter slices are copies already. */
const minSliceLength = 13;

const SLASH = 47;
const SPACE = 32;
const BANG = 33;
const QUESTION = 63;
const GREATER = 62;
const EQUALS = 61;
const DOUBLE_QUOTE = 34;
const SINGLE_QUOTE = 39;

function isWhitespace(code: number) {
  return code === 32 || code === 10 || code === 9 || code === 13;
}

function isNameStart(code: number) {
  return (
    (code >= 97 && code <= 122) ||
    (code >= 65 && code <= 90) ||
    code === 95 ||
    code === 58 ||
    code > 127
  );
}

/**
 * A copy of `text` that does not keep the chunk it was sliced from alive. V8 makes a slice of
 * 13 characters or more a view into its parent, so without this an importer keeping the
 * 435 000 author names of a 100 MB file held 124 MB of chunks instead of 26 MB. Prefixing
 * and slicing again makes V8 copy the text into a string of its own.
 */
function detach(text: string) {
  return text.length < minSliceLength ? text : (' ' + text).slice(1);
}

export class XmlScanner {
  private buffer = '';
  /** Start of the token being scanned in `buffer`: where an error is reported. */
  private tokenStart = 0;
  /** Characters consumed before `buffer`. Lines are not counted: that alone cost 5 %. */
  private offset = 0;
  private decodeStart = 0;
  private readonly openElements: string[] = [];
  private hasRoot = false;
  private entities: EntityTable;

  constructor(
    private readonly handler: XmlHandler,
    private readonly options: XmlScannerOptions,
  ) {
    this.entities = options.entities;
  }

  write(chunk: string): void {
    this.buffer = this.buffer.length === 0 ? chunk : this.buffer + chunk;
    let consumed: number;
    try {
      consumed = this.scan(this.buffer);
    } catch (error) {
      if (error instanceof DblpParseError && !error.position) this.fail(error.message, error);
      throw error;
    }
    this.offset += consumed;
    this.buffer = this.buffer.slice(consumed);
    this.tokenStart = 0;
    if (this.buffer.length > maxTokenLength) {
      this.fail(`no tag ends within ${maxTokenLength} characters: the file is corrupt`);
    }
  }

  /** Call after the last chunk: throws when the document is cut off or empty. */
  end(): void {
    this.tokenStart = this.buffer.length;
    if (this.openElements.length > 0) {
      const inside = this.openElements.map((name) => `<${name}>`).join(' ');
      this.fail(`the XML ends inside ${inside}: the file is truncated or corrupt`);
    }
    const unfinished = this.buffer.search(/\S/);
    if (unfinished !== -1) {
      this.tokenStart = unfinished;
      this.fail('the XML ends inside a tag: the file is truncated');
    }
    if (!this.hasRoot) this.fail('the document is empty: it has no root element');
  }

  private fail(reason: string, cause?: unknown): never {
    const location = this.handler.describeLocation();
    const message = location ? `${reason} ${location}` : reason;
    throw new DblpParseError(message, this.currentPosition(), { cause });
  }

  /** Where the token being scanned starts. */
  currentPosition(): ParsePosition {
    return { offset: this.offset + this.tokenStart };
  }

  /** Tokenizes what it can; returns how much of the buffer it consumed. */
  private scan(buffer: string): number {
    const length = buffer.length;
    let position = 0;
    while (position < length) {
      this.tokenStart = position;
      const lt = buffer.indexOf('<', position);
      if (lt === -1) return this.scanTrailingText(buffer, position);
      if (lt > position) this.scanText(buffer, position, lt);
      this.tokenStart = lt;
      // Most frequent first: an opening or closing tag. Past the end, charCodeAt gives NaN,
      // which matches neither, so a '<' cut off by the chunk end reaches the length check.
      const next = buffer.charCodeAt(lt + 1);
      let end: number;
      if (next === SLASH) end = this.scanCloseTag(buffer, lt);
      else if (isNameStart(next)) end = this.scanOpenTag(buffer, lt);
      else if (lt + 1 >= length) return lt;
      else if (next === BANG) end = this.scanMarkup(buffer, lt);
      else if (next === QUESTION) end = this.scanProcessingInstruction(buffer, lt);
      else {
        throw new DblpParseError(
          '"<" not followed by an element name: this is not well-formed XML',
        );
      }
      if (end === -1) return lt;
      position = end;
    }
    return position;
  }

  private scanText(buffer: string, start: number, end: number) {
    if (this.handler.isCollectingText) {
      this.handler.text(this.decodeText(buffer, start, end));
    } else if (this.openElements.length === 0) {
      this.rejectTextOutsideRoot(buffer, start, end);
    }
  }

  /** Text the next chunk may continue: kept only when the handler wants it. */
  private scanTrailingText(buffer: string, start: number) {
    if (this.handler.isCollectingText) return start;
    if (this.openElements.length === 0) this.rejectTextOutsideRoot(buffer, start, buffer.length);
    return buffer.length;
  }

  private rejectTextOutsideRoot(buffer: string, start: number, end: number) {
    for (let index = start; index < end; index++) {
      if (isWhitespace(buffer.charCodeAt(index))) continue;
      this.tokenStart = index;
      throw new DblpParseError('text outside the root element: this is not an XML document');
    }
  }

  private scanCloseTag(buffer: string, lt: number) {
    const expected = this.openElements[this.openElements.length - 1];
    if (expected === undefined) return this.scanUnusualCloseTag(buffer, lt);
    const gt = lt + 2 + expected.length;
    if (buffer.charCodeAt(gt) !== GREATER || !hasNameAt(buffer, lt + 2, expected)) {
      return this.scanUnusualCloseTag(buffer, lt);
    }
    this.openElements.pop();
    this.handler.closeElement(expected);
    return gt + 1;
  }

  /** A closing tag with spaces before '>', a wrong name, or cut off by the chunk end. */
  private scanUnusualCloseTag(buffer: string, lt: number) {
    const gt = buffer.indexOf('>', lt + 2);
    if (gt === -1) return -1;
    let nameEnd = gt;
    while (nameEnd > lt + 2 && isWhitespace(buffer.charCodeAt(nameEnd - 1))) nameEnd--;
    const name = buffer.slice(lt + 2, nameEnd);
    const expected = this.openElements.pop();
    if (name !== expected) {
      throw new DblpParseError(
        expected === undefined
          ? `closing tag </${name}> without an opening tag`
          : `closing tag </${name}> where </${expected}> was expected: the file is corrupt`,
      );
    }
    this.handler.closeElement(name);
    return gt + 1;
  }

  private scanMarkup(buffer: string, lt: number) {
    if (buffer.startsWith('<!--', lt)) {
      const end = buffer.indexOf('-->', lt + 4);
      return end === -1 ? -1 : end + 3;
    }
    if (buffer.startsWith('<![CDATA[', lt)) {
      const end = buffer.indexOf(']]>', lt + 9);
      if (end === -1) return -1;
      if (this.handler.isCollectingText) this.handler.text(detach(buffer.slice(lt + 9, end)));
      return end + 3;
    }
    if (buffer.startsWith('<!DOCTYPE', lt) || buffer.startsWith('<!doctype', lt)) {
      return this.scanDoctype(buffer, lt);
    }
    if (buffer.length - lt < 9) return -1;
    throw new DblpParseError('unexpected "<!": expected a comment, CDATA or DOCTYPE');
  }

  /** Any SYSTEM id is ignored (the bundled DTD's entities apply); an internal subset adds entities. */
  private scanDoctype(buffer: string, lt: number) {
    const gt = buffer.indexOf('>', lt);
    if (gt === -1) return -1;
    const bracket = buffer.indexOf('[', lt);
    if (bracket === -1 || bracket > gt) return gt + 1;
    const subsetEnd = /\]\s*>/g;
    subsetEnd.lastIndex = bracket;
    const match = subsetEnd.exec(buffer);
    if (match === null) return -1;
    const subset = parseDtdEntities(buffer.slice(bracket + 1, match.index));
    this.entities = new Map([...this.entities, ...subset]);
    return match.index + match[0].length;
  }

  private scanProcessingInstruction(buffer: string, lt: number) {
    const end = buffer.indexOf('?>', lt + 2);
    return end === -1 ? -1 : end + 2;
  }

  private scanOpenTag(buffer: string, lt: number) {
    const length = buffer.length;
    let index = lt + 1;
    let code = buffer.charCodeAt(index);
    let hash = 0;
    do {
      hash = hashStep(hash, code);
      code = buffer.charCodeAt(++index);
    } while (
      code !== GREATER &&
      code !== SPACE &&
      code !== SLASH &&
      index < length &&
      !isWhitespace(code)
    );
    if (index >= length) return -1;
    const name = readName(buffer, lt + 1, index, hash);
    if (code === GREATER) return this.openElement(buffer, name, undefined, index + 1);
    let attributes: XmlAttributes | undefined;
    for (;;) {
      while (index < length && isWhitespace((code = buffer.charCodeAt(index)))) index++;
      if (index >= length) return -1;
      if (code === GREATER) return this.openElement(buffer, name, attributes, index + 1);
      if (code === SLASH) {
        if (index + 1 >= length) return -1;
        if (buffer.charCodeAt(index + 1) !== GREATER) break;
        return this.openEmptyElement(name, attributes, index + 2);
      }
      const end = this.scanAttribute(buffer, index, (attributes ??= {}));
      if (end === -1) return -1;
      index = end;
    }
    throw new DblpParseError(`malformed tag <${name}>`);
  }

  /** Reads `name="value"` at `start` into `attributes`; -1 when the chunk ends first. */
  private scanAttribute(buffer: string, start: number, attributes: XmlAttributes) {
    const length = buffer.length;
    let index = start;
    let code = buffer.charCodeAt(index);
    let hash = 0;
    while (index < length && code !== EQUALS && !isWhitespace(code) && code !== GREATER) {
      hash = hashStep(hash, code);
      code = buffer.charCodeAt(++index);
    }
    const name = readName(buffer, start, index, hash);
    while (index < length && isWhitespace((code = buffer.charCodeAt(index)))) index++;
    if (index + 1 >= length) return -1;
    if (code !== EQUALS || name === '') throw new DblpParseError(`malformed attribute "${name}"`);
    index++;
    while (index < length && isWhitespace((code = buffer.charCodeAt(index)))) index++;
    if (index >= length) return -1;
    if (code !== DOUBLE_QUOTE && code !== SINGLE_QUOTE) {
      throw new DblpParseError(`the value of attribute "${name}" is not quoted`);
    }
    const close = buffer.indexOf(code === DOUBLE_QUOTE ? '"' : "'", index + 1);
    if (close === -1) return -1;
    attributes[name] = this.decodeText(buffer, index + 1, close);
    return close + 1;
  }

  /**
   * Opens an element whose opening tag ends before `end`. Most DBLP elements are a field
   * holding only text (`<author>Name</author>`): when the handler wants that text and the
   * closing tag follows it in the buffer, the whole element is read here, in one step,
   * instead of one trip through `scan` for the text and another for the closing tag.
   */
  private openElement(
    buffer: string,
    name: string,
    attributes: XmlAttributes | undefined,
    end: number,
  ) {
    this.pushElement(name, attributes);
    const handler = this.handler;
    if (!handler.isCollectingText) return end;
    const textEnd = buffer.indexOf('<', end);
    if (textEnd === -1 || buffer.charCodeAt(textEnd + 1) !== SLASH) return end;
    const gt = textEnd + 2 + name.length;
    if (buffer.charCodeAt(gt) !== GREATER || !hasNameAt(buffer, textEnd + 2, name)) return end;
    if (textEnd > end) {
      this.tokenStart = end;
      handler.text(this.decodeText(buffer, end, textEnd));
    }
    this.tokenStart = textEnd;
    this.openElements.pop();
    handler.closeElement(name);
    return gt + 1;
  }

  private openEmptyElement(name: string, attributes: XmlAttributes | undefined, end: number) {
    this.pushElement(name, attributes);
    this.openElements.pop();
    this.handler.closeElement(name);
    return end;
  }

  private pushElement(name: string, attributes: XmlAttributes | undefined) {
    const depth = this.openElements.length;
    if (depth === 0) {
      if (this.hasRoot) throw new DblpParseError(`a second root element <${name}>`);
      this.hasRoot = true;
    }
    if (depth >= maxDepth) {
      throw new DblpParseError(`elements nested more than ${maxDepth} deep: the file is corrupt`);
    }
    this.openElements.push(name);
    this.handler.openElement(name, attributes);
  }

  /**
   * The text between `start` and `end`, entities decoded, as a string of its own (see
   * detach). Most text has no '&': it is sliced and copied, nothing more.
   */
  private decodeText(buffer: string, start: number, end: number) {
    const raw = buffer.slice(start, end);
    return raw.indexOf('&') === -1 ? detach(raw) : this.decode(raw, start);
  }

  /** `start`: where `raw` begins in the buffer, to report an unknown entity's own position. */
  private decode(raw: string, start: number) {
    this.decodeStart = start;
    return detach(decodeEntities(raw, this.entities, this.reportUnknownEntity));
  }

  private readonly reportUnknownEntity = (reference: string, index: number) => {
    const offset = this.offset + this.decodeStart + index;
    this.options.onUnknownEntity(reference, { offset });
  };
}
