// Fills one DBLP record (`<article>`, `<www>`, `<person>` …) from tokenizer events, field by
// field, straight into the record object: no intermediate tree, which is what keeps the dump
// import fast. Records are at most two levels deep below the record element (`<title>` holds
// `<i>`, `<sub>` …), so text of any deeper element joins its field: that is how title markup
// is flattened to plain text, with whitespace runs collapsed (`the <i> G/G/1/N </i> Queue`
// reads 'the G/G/1/N Queue').
import { DblpParseError } from './parse-error.ts';
import { addField } from './records.ts';
import type { DblpRecord } from './records.ts';
import type { XmlAttributes } from './xml-scanner.ts';

/** Far above any real record (the longest author lists have a few thousand names). */
const maxFields = 100_000;

export class RecordAssembler {
  isCollectingText = false;
  /** Inside a record element, whether it is being filled or skipped. */
  isActive = false;
  /** The record being filled; undefined while a skipped record is passed over. */
  record: DblpRecord | undefined;
  key: string | undefined;
  /** Depth below the record element: 1 inside a field, 2+ inside title markup. */
  private depth = 0;
  private fieldCount = 0;
  private fieldAttributes: XmlAttributes | undefined;
  private fieldText = '';
  private hasMarkup = false;

  begin(record: DblpRecord | undefined, key: string | undefined) {
    this.isActive = true;
    this.record = record;
    this.key = key;
    this.depth = 0;
    this.fieldCount = 0;
  }

  open(attributes: XmlAttributes | undefined) {
    this.depth++;
    if (this.depth > 1) {
      this.hasMarkup = true;
      return;
    }
    if (this.record === undefined) return;
    this.fieldAttributes = attributes;
    this.fieldText = '';
    this.hasMarkup = false;
    this.isCollectingText = true;
  }

  text(value: string) {
    this.fieldText += value;
  }

  /** True when the record element itself closed: `record` is then complete. */
  close(name: string): boolean {
    if (this.depth === 0) {
      this.isActive = false;
      return true;
    }
    if (this.depth === 1 && this.record !== undefined) {
      if (++this.fieldCount > maxFields) {
        throw new DblpParseError(
          `more than ${maxFields} fields in one record: the file is corrupt`,
        );
      }
      const text = this.hasMarkup ? this.fieldText.replace(/\s+/g, ' ') : this.fieldText;
      addField(this.record, name, this.fieldAttributes, text);
      this.isCollectingText = false;
    }
    this.depth--;
    return false;
  }

  describeLocation() {
    return this.isActive && this.key !== undefined ? `in the record with key "${this.key}"` : '';
  }
}
