// What the DBLP parsers report about bad input: one error for a file that cannot be read
// (truncated, corrupt, not DBLP at all), so an importer can tell "this file is broken, here
// is where" from a bug in our code, and warnings for damage that costs one record at most.

export interface ParsePosition {
  /**
   * Characters of XML text before the problem: in the dump (ASCII) the byte offset in the
   * uncompressed XML, e.g. for `zcat dblp.xml.gz | tail -c +OFFSET | head`.
   */
  offset: number;
}

/** A problem that costs one record or one character, not the whole file. */
export interface DblpWarning {
  code: 'unknown-entity' | 'missing-key' | 'unknown-record';
  message: string;
  position: ParsePosition;
  /** The record being read, when there is one. */
  key?: string;
}

export class DblpParseError extends Error {
  override readonly name = 'DblpParseError';

  constructor(
    message: string,
    readonly position?: ParsePosition,
    options?: { cause?: unknown },
  ) {
    super(position ? `${message} (at offset ${position.offset})` : message, options);
  }
}
