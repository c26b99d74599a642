// The tokenizer's events, its independence from chunk boundaries, and the position it gives
// for each kind of broken XML.
import { describe, expect, it } from 'vitest';
import { getBundledEntities } from './entities.ts';
import { DblpParseError } from './parse-error.ts';
import { XmlScanner } from './xml-scanner.ts';
import type { XmlAttributes, XmlHandler } from './xml-scanner.ts';

/** Records every event as a line; collects text everywhere inside the root. */
class RecordingHandler implements XmlHandler {
  readonly events: string[] = [];
  isCollectingText = false;

  openElement(name: string, attributes: XmlAttributes | undefined) {
    this.events.push(`<${name}${attributes ? ` ${JSON.stringify(attributes)}` : ''}>`);
    this.isCollectingText = true;
  }

  closeElement(name: string) {
    this.events.push(`</${name}>`);
  }

  text(value: string) {
    this.events.push(`text ${JSON.stringify(value)}`);
  }

  describeLocation() {
    return '';
  }
}

function scan(chunks: string[]) {
  const handler = new RecordingHandler();
  const unknown: string[] = [];
  const scanner = new XmlScanner(handler, {
    entities: getBundledEntities(),
    onUnknownEntity: (reference, position) => unknown.push(`${reference}@${position.offset}`),
  });
  for (const chunk of chunks) scanner.write(chunk);
  scanner.end();
  return { events: handler.events, unknown };
}

/** Merges adjacent text events, which chunk boundaries may split. */
function normalise(events: string[]) {
  const merged: string[] = [];
  for (const event of events) {
    const previous = merged.at(-1);
    if (previous?.startsWith('text ') && event.startsWith('text ')) {
      merged[merged.length - 1] =
        `text ${JSON.stringify(JSON.parse(previous.slice(5)) + JSON.parse(event.slice(5)))}`;
    } else {
      merged.push(event);
    }
  }
  return merged;
}

const sample =
  '<?xml version="1.0" encoding="ISO-8859-1"?>\n<!DOCTYPE dblp SYSTEM "dblp.dtd">\n' +
  '<!-- a comment --><dblp><article mdate="2020-01-01" key=\'a/b&amp;c\'>' +
  '<author orcid="0000-0001">M&uuml;ller</author><title>MTL<sub>0,&#8734;</sub>.</title>' +
  '<ee type="oa" >x</ee ><cdrom/><note><![CDATA[<raw> & text]]></note></article></dblp>\n';

describe('XmlScanner', () => {
  it('reports elements, attributes and decoded text in order', () => {
    expect(scan([sample]).events).toEqual([
      '<dblp>',
      '<article {"mdate":"2020-01-01","key":"a/b&c"}>',
      '<author {"orcid":"0000-0001"}>',
      'text "Müller"',
      '</author>',
      '<title>',
      'text "MTL"',
      '<sub>',
      'text "0,∞"',
      '</sub>',
      'text "."',
      '</title>',
      '<ee {"type":"oa"}>',
      'text "x"',
      '</ee>',
      '<cdrom>',
      '</cdrom>',
      '<note>',
      'text "<raw> & text"',
      '</note>',
      '</article>',
      '</dblp>',
    ]);
  });

  it('reports the same events wherever the input is cut into two chunks', () => {
    const whole = normalise(scan([sample]).events);
    for (let cut = 1; cut < sample.length; cut++) {
      const events = normalise(scan([sample.slice(0, cut), sample.slice(cut)]).events);
      expect(events, `cut at ${cut}`).toEqual(whole);
    }
  });

  it('reads a ">" inside an attribute value', () => {
    expect(scan(['<a label="x > y"/>']).events).toEqual(['<a {"label":"x > y"}>', '</a>']);
  });

  it('reports an unknown entity with its offset', () => {
    expect(scan(['<a>ok &bogus;</a>']).unknown).toEqual(['&bogus;@6']);
  });

  it.each([
    {
      case: 'a mismatched closing tag',
      chunks: ['<a><b></c></a>'],
      message: 'closing tag </c> where </b> was expected: the file is corrupt (at offset 6)',
    },
    {
      case: 'a closing tag with no opening',
      chunks: ['<a></a></b>'],
      message: 'closing tag </b> without an opening tag (at offset 7)',
    },
    {
      case: 'a second root element',
      chunks: ['<a/><b/>'],
      message: 'a second root element <b> (at offset 4)',
    },
    {
      case: 'text before the root',
      chunks: ['  oops <a/>'],
      message: 'text outside the root element: this is not an XML document (at offset 2)',
    },
    {
      case: '"<" before a non-name',
      chunks: ['<a>1 < 2</a>'],
      message: '"<" not followed by an element name: this is not well-formed XML (at offset 5)',
    },
    {
      case: 'an unquoted attribute',
      chunks: ['<a key=b/>'],
      message: 'the value of attribute "key" is not quoted (at offset 0)',
    },
    {
      case: 'an unknown "<!"',
      chunks: ['<a><!ELEMENT x></a>'],
      message: 'unexpected "<!": expected a comment, CDATA or DOCTYPE (at offset 3)',
    },
    {
      case: 'an end inside elements',
      chunks: ['<a><b>te', 'xt'],
      message: 'the XML ends inside <a> <b>: the file is truncated or corrupt (at offset 10)',
    },
    {
      case: 'an end inside a tag',
      chunks: ['<a></a><!-- x'],
      message: 'the XML ends inside a tag: the file is truncated (at offset 7)',
    },
    {
      case: 'an empty document',
      chunks: ['', '\n'],
      message: 'the document is empty: it has no root element (at offset 1)',
    },
    {
      case: 'nesting deeper than 64',
      chunks: ['<a>'.repeat(65)],
      message: 'elements nested more than 64 deep: the file is corrupt (at offset 192)',
    },
  ])('throws a DblpParseError with the offset for $case', ({ chunks, message }) => {
    expect(() => scan(chunks)).toThrow(DblpParseError);
    expect(() => scan(chunks)).toThrow(message);
  });

  it('gives up on a tag or text that never ends instead of buffering the whole file', () => {
    const megabyte = 'x'.repeat(1024 * 1024);
    const chunks = ['<a>', ...Array<string>(5).fill(megabyte)];
    expect(() => scan(chunks)).toThrow(
      /no tag ends within 4194304 characters: the file is corrupt/,
    );
  });
});
