// The entity table comes from the bundled DTD, and references that do not resolve are kept
// as written and reported, never dropped.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  decodeEntities,
  getBundledEntities,
  parseDtdEntities,
  xmlPredefinedEntities,
} from './entities.ts';

const readDtd = (url: URL) => readFileSync(fileURLToPath(url), 'latin1');

describe('the bundled dblp.dtd entity table', () => {
  const entities = getBundledEntities();

  it('has the DTD’s 65 entities plus the 5 predefined ones', () => {
    expect(entities.size).toBe(70);
  });

  it.each([
    ['reg', '®'],
    ['micro', 'µ'],
    ['times', '×'],
    ['Agrave', 'À'],
    ['Ouml', 'Ö'],
    ['Oslash', 'Ø'],
    ['szlig', 'ß'],
    ['eacute', 'é'],
    ['oslash', 'ø'],
    ['uuml', 'ü'],
    ['yuml', 'ÿ'],
    ['amp', '&'],
    ['quot', '"'],
  ])('maps &%s; to %s', (name, character) => {
    expect(entities.get(name)).toBe(character);
  });

  it.each(['nbsp', 'divide', 'HTMLlat1', 'field', 'titlecontents'])(
    'does not define %s (not a general entity of dblp.dtd)',
    (name) => {
      expect(entities.has(name)).toBe(false);
    },
  );

  it('equals the table of the previous DTD (2019), which had the same entities', () => {
    const previous = readDtd(
      new URL('../../test/fixtures/dblp/dblp-2019-11-23.dtd', import.meta.url),
    );
    expect(parseDtdEntities(previous)).toEqual(entities);
  });
});

describe('parseDtdEntities', () => {
  it('reads general entities in either quote, ignoring comments, parameter and external ones', () => {
    const dtd = `
      <!-- <!ENTITY commented "x"> -->
      <!ENTITY % field "author|title">
      <!ENTITY logo SYSTEM "logo.gif">
      <!ENTITY hellip '&#8230;'>
      <!ENTITY copy "&#169;">
      <!ENTITY copy "second declaration loses">`;
    const table = parseDtdEntities(dtd);
    expect(table.get('hellip')).toBe('…');
    expect(table.get('copy')).toBe('©');
    expect([...table.keys()].sort()).toEqual(
      [...xmlPredefinedEntities.keys(), 'copy', 'hellip'].sort(),
    );
  });
});

describe('decodeEntities', () => {
  const entities = getBundledEntities();

  it.each([
    { text: 'no references', decoded: 'no references' },
    { text: 'Fr&eacute;d&eacute;ric', decoded: 'Frédéric' },
    { text: 'Joey &#214;hman', decoded: 'Joey Öhman' },
    { text: '&#x68EE;&#x5D8B;&#x539A;&#x884C;', decoded: '森嶋厚行' },
    { text: '&#x1F600;', decoded: '😀' },
    { text: 'IS&amp;T &lt;i&gt;', decoded: 'IS&T <i>' },
  ])('decodes "$text"', ({ text, decoded }) => {
    const unknown: string[] = [];
    expect(decodeEntities(text, entities, (reference) => unknown.push(reference))).toBe(decoded);
    expect(unknown).toEqual([]);
  });

  it.each([
    { text: 'Sch&umml;nhage', reported: '&umml;', index: 3 },
    { text: 'AT&T Labs', reported: '&T Labs', index: 2 },
    { text: 'x &#0; y', reported: '&#0;', index: 2 },
    { text: '&#xD800;', reported: '&#xD800;', index: 0 },
    { text: '&#x110000;', reported: '&#x110000;', index: 0 },
    { text: '&#X41;', reported: '&#X41;', index: 0 },
    { text: '&#12a;', reported: '&#12a;', index: 0 },
    { text: '&nbsp;', reported: '&nbsp;', index: 0 },
  ])('keeps "$text" as written and reports $reported', ({ text, reported, index }) => {
    const unknown: [string, number][] = [];
    const decoded = decodeEntities(text, entities, (reference, at) =>
      unknown.push([reference, at]),
    );
    expect(decoded).toBe(text);
    expect(unknown).toEqual([[reported, index]]);
  });

  it('decodes the known references around an unknown one', () => {
    const decoded = decodeEntities('&ouml; &bogus; &uuml;', entities, () => {});
    expect(decoded).toBe('ö &bogus; ü');
  });
});
