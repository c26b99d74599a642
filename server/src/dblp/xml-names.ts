// Element and attribute names for the XML scanner. DBLP's vocabulary is small and fixed, so
// the scanner hands out known names as the same constant strings instead of fresh slices: no
// allocation per tag, and the handlers' comparisons and property writes hit V8's fast path
// for internalized strings. Unknown names still work, as ordinary slices.

/** Every element and attribute name DBLP uses, in the dump and in the web XML. */
const knownNames = [
  ...['dblp', 'article', 'inproceedings', 'proceedings', 'book', 'incollection', 'phdthesis'],
  ...['mastersthesis', 'www', 'person', 'data', 'author', 'editor', 'title', 'booktitle'],
  ...['pages', 'year', 'address', 'journal', 'volume', 'number', 'month', 'url', 'ee', 'cdrom'],
  ...['cite', 'publisher', 'note', 'crossref', 'isbn', 'series', 'school', 'chapter', 'publnr'],
  ...['stream', 'rel', 'sub', 'sup', 'i', 'tt', 'ref', 'dblpperson', 'r', 'homonyms', 'h'],
  ...['coauthors', 'co', 'na', 'key', 'mdate', 'cdate', 'publtype', 'type', 'label', 'orcid'],
  ...['pid', 'aux', 'bibtex', 'href', 'uri', 'sort', 'f', 'n', 'nc', 'c', 'name', 'reviewid'],
  'rating',
];
const nameTableSize = 2048;
const nameTable: (string | undefined)[] = new Array<string | undefined>(nameTableSize).fill(
  undefined,
);
for (const name of knownNames) {
  let hash = 0;
  for (let index = 0; index < name.length; index++) hash = hashStep(hash, name.charCodeAt(index));
  nameTable[hash & (nameTableSize - 1)] ??= name; // a rare collision just takes the slow path
}

/** The name hash, computed while the scanner looks for the end of a name anyway. */
export function hashStep(hash: number, code: number) {
  return (Math.imul(hash, 41) + code) | 0;
}

/** The name between `start` and `end`, as the constant string when it is a known one. */
export function readName(buffer: string, start: number, end: number, hash: number) {
  const known = nameTable[hash & (nameTableSize - 1)];
  if (known !== undefined && known.length === end - start && hasNameAt(buffer, start, known)) {
    return known;
  }
  return buffer.slice(start, end);
}

/** Compares characters in place: cheaper than startsWith or a slice for names this short. */
export function hasNameAt(buffer: string, start: number, name: string) {
  for (let index = 0; index < name.length; index++) {
    if (buffer.charCodeAt(start + index) !== name.charCodeAt(index)) return false;
  }
  return true;
}
