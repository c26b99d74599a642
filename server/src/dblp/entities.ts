// Character entities for DBLP XML. The dump is plain ASCII and spells every other character
// as a named entity declared in dblp.dtd (`&eacute;`) or as a numeric reference (`&#233;`,
// `&#x68EE;`). No generic JS tokenizer reads an external DTD, and we never fetch one: the
// table comes from the copy of dblp.dtd bundled beside this file, whatever SYSTEM id a
// DOCTYPE names. A newer DTD can be passed in through parseDtdEntities.
import { readFileSync } from 'node:fs';

export type EntityTable = ReadonlyMap<string, string>;

/** Told of a reference that cannot be resolved (kept as written) and where it is in the text. */
export type UnknownEntityListener = (reference: string, index: number) => void;

/** The five entities every XML document has without a DTD. */
export const xmlPredefinedEntities: EntityTable = new Map([
  ['amp', '&'],
  ['lt', '<'],
  ['gt', '>'],
  ['quot', '"'],
  ['apos', "'"],
]);

const entityDeclaration = /<!ENTITY\s+([A-Za-z_:][\w.:-]*)\s+(?:"([^"]*)"|'([^']*)')\s*>/g;
const comment = /<!--[\s\S]*?-->/g;

/**
 * Reads the internal general entities of a DTD (`<!ENTITY eacute "&#233;">`), on top of the
 * predefined ones. Parameter entities (`<!ENTITY % field …>`), external entities and
 * declarations inside comments are ignored. Values may use references to earlier entries.
 */
export function parseDtdEntities(dtd: string, base: EntityTable = xmlPredefinedEntities) {
  const table = new Map(base);
  for (const match of dtd.replace(comment, '').matchAll(entityDeclaration)) {
    const [, name, doubleQuoted, singleQuoted] = match;
    if (name === undefined || table.has(name)) continue; // XML: the first declaration wins
    table.set(
      name,
      decodeEntities(doubleQuoted ?? singleQuoted ?? '', table, () => {}),
    );
  }
  return table;
}

let bundledEntities: EntityTable | undefined;

/** The entity table of the bundled dblp.dtd: its 65 entities plus the 5 predefined ones. */
export function getBundledEntities(): EntityTable {
  bundledEntities ??= parseDtdEntities(
    readFileSync(new URL('./dblp.dtd', import.meta.url), 'latin1'),
  );
  return bundledEntities;
}

/**
 * Replaces entity and character references in a text or attribute value. A reference that
 * does not resolve (undeclared name, malformed or out-of-range number, a bare `&`) is kept
 * verbatim and reported, so a 4 GB import is not lost to one typo in the dump.
 */
export function decodeEntities(
  text: string,
  entities: EntityTable,
  onUnknown: UnknownEntityListener,
): string {
  let ampersand = text.indexOf('&');
  if (ampersand === -1) return text;
  let decoded = '';
  let copiedUpTo = 0;
  while (ampersand !== -1) {
    const semicolon = text.indexOf(';', ampersand + 1);
    const isTerminated = semicolon !== -1 && semicolon - ampersand <= 32;
    const name = isTerminated ? text.slice(ampersand + 1, semicolon) : '';
    const value = isTerminated ? resolveReference(name, entities) : undefined;
    if (value === undefined) {
      onUnknown(isTerminated ? `&${name};` : text.slice(ampersand, ampersand + 12), ampersand);
      ampersand = text.indexOf('&', ampersand + 1);
      continue;
    }
    decoded += text.slice(copiedUpTo, ampersand) + value;
    copiedUpTo = semicolon + 1;
    ampersand = text.indexOf('&', copiedUpTo);
  }
  return decoded + text.slice(copiedUpTo);
}

function resolveReference(name: string, entities: EntityTable): string | undefined {
  if (name.charCodeAt(0) !== 35 /* # */) return entities.get(name);
  const isHex = name.charCodeAt(1) === 120; /* x: XML allows only the lower case */
  const digits = name.slice(isHex ? 2 : 1);
  if (!(isHex ? /^[0-9A-Fa-f]{1,6}$/ : /^[0-9]{1,7}$/).test(digits)) return undefined;
  const codePoint = Number.parseInt(digits, isHex ? 16 : 10);
  const isCharacter =
    codePoint > 0 && codePoint <= 0x10ffff && (codePoint < 0xd800 || codePoint > 0xdfff);
  return isCharacter ? String.fromCodePoint(codePoint) : undefined;
}
