// Per-person web XML tests over the only real dblpperson file we have (Di Xu 0001, served at
// https://dblp.org/pid/95/7448-1.xml), and over what the crawler may get instead of one.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DblpParseError } from './parse-error.ts';
import type { DblpWarning } from './parse-error.ts';
import { parsePerson } from './parse-person.ts';

const readFixture = (name: string) =>
  readFileSync(fileURLToPath(new URL(`../../test/fixtures/dblp/${name}`, import.meta.url)));

const diXuBytes = readFixture('person/95-7448-1.xml');

describe('parsePerson on the Di Xu 0001 file', () => {
  const file = parsePerson(diXuBytes);

  it('exposes the pid and name of the dblpperson element, so a caller can spot another pid', () => {
    expect(file.pid).toBe('95/7448-1');
    expect(file.name).toBe('Di Xu 0001');
    expect(file.publicationCount).toBe(8);
  });

  it('reads the profile: pid from the key, names, affiliation', () => {
    expect(file.person).toMatchObject({
      kind: 'person',
      key: 'homepages/95/7448-1',
      pid: '95/7448-1',
      mdate: '2019-11-26',
      names: ['Di Xu 0001'],
      affiliations: [
        {
          text: 'University of British Columbia, Department of Electrical and Computer Engineering, Canada',
        },
      ],
      awards: [],
      urls: [],
    });
  });

  it('reads the homonym: the disambiguation profile of the bare name', () => {
    expect(file.homonyms).toMatchObject([
      {
        key: 'homepages/95/7448',
        pid: '95/7448',
        publtype: 'disambiguation',
        names: ['Di Xu'],
      },
    ]);
  });

  it('reads all eight publications, in file order', () => {
    expect(file.publications.map((publication) => [publication.kind, publication.key])).toEqual([
      ['inproceedings', 'conf/3dtv/Coria-MendozaXN12'],
      ['inproceedings', 'conf/iccel/XuCN12'],
      ['inproceedings', 'conf/ictai/PourazadXN12'],
      ['article', 'journals/tvcg/XuDN11'],
      ['inproceedings', 'conf/icecsys/XuCN10'],
      ['inproceedings', 'conf/icip/XuDN10'],
      ['inproceedings', 'conf/iscas/XuDN10'],
      ['inproceedings', 'conf/icip/XuN09'],
    ]);
  });

  it.each([
    {
      key: 'conf/3dtv/Coria-MendozaXN12',
      expected: {
        title: 'Automatic stereoscopic 3D video reframing.',
        year: 2012,
        authors: [
          { name: 'Lino Coria-Mendoza', pid: '32/5783' },
          { name: 'Di Xu 0001', pid: '95/7448-1' },
          { name: 'Panos Nasiopoulos', pid: '55/3871' },
        ],
        booktitle: '3DTV-Conference',
        venue: '3DTV-Conference',
        crossref: 'conf/3dtv/2012',
        ee: ['https://doi.org/10.1109/3DTV.2012.6365428'],
      },
    },
    {
      key: 'journals/tvcg/XuDN11',
      expected: {
        title: 'Correction of Clipped Pixels in Color Images.',
        year: 2011,
        authors: [
          { name: 'Di Xu 0001', pid: '95/7448-1' },
          { name: 'Colin Doutre', pid: '58/3497' },
          { name: 'Panos Nasiopoulos', pid: '55/3871' },
        ],
        journal: 'IEEE Trans. Vis. Comput. Graph.',
        venue: 'IEEE Trans. Vis. Comput. Graph.',
        volume: '17',
        number: '3',
        ee: [
          'https://doi.org/10.1109/TVCG.2010.63',
          'http://doi.ieeecomputersociety.org/10.1109/TVCG.2010.63',
          'https://www.wikidata.org/entity/Q51701964',
        ],
      },
    },
    {
      key: 'conf/ictai/PourazadXN12',
      expected: { mdate: '2023-03-24', booktitle: 'ICTAI', crossref: 'conf/ictai/2012' },
    },
  ])('reads the publication $key with every author’s pid', ({ key, expected }) => {
    const publication = file.publications.find((candidate) => candidate.key === key);
    expect(publication).toMatchObject(expected);
  });

  it('reads the co-authors with their pids', () => {
    expect(file.coauthors).toEqual([
      { name: 'Lino E. Coria', pid: '161/3963' },
      { name: 'Lino Coria-Mendoza', pid: '32/5783' },
      { name: 'Colin Doutre', pid: '58/3497' },
      { name: 'Panos Nasiopoulos', pid: '55/3871' },
      { name: 'Mahsa T. Pourazad', pid: '55/6295' },
    ]);
  });

  it('reads the same from text as from bytes', () => {
    expect(parsePerson(diXuBytes.toString('utf8'))).toEqual(file);
  });
});

describe('parsePerson on what is not a person file', () => {
  it.each([
    {
      case: 'a single record, as served for /rec/<key>.xml',
      xml: readFixture('person/record-conf-acl-ChangSRM23.xml'),
      message: 'not a DBLP person XML: the root element is <inproceedings>, not <dblpperson>',
    },
    {
      case: 'the HTML page DBLP sends with a 429',
      xml: '<!DOCTYPE html>\n<html><head><title>429 Too Many Requests</title></head></html>',
      message: 'not a DBLP person XML: the root element is <html>, not <dblpperson>',
    },
    {
      case: 'the empty document of a 429',
      xml: '',
      message: 'the document is empty: it has no root element',
    },
    {
      case: 'a plain-text error',
      xml: 'Service Unavailable',
      message: 'text outside the root element: this is not an XML document (at offset 0)',
    },
    {
      case: 'a dump',
      xml: '<?xml version="1.0"?><dblp></dblp>',
      message: 'the root element is <dblp>, not <dblpperson>',
    },
    {
      case: 'a dblpperson without a pid',
      xml: '<dblpperson name="Di Xu 0001"></dblpperson>',
      message: 'the <dblpperson> element has no pid',
    },
    {
      case: 'a download cut off in a record',
      xml: diXuBytes.subarray(0, 1500),
      message:
        /the XML ends inside <dblpperson> <r> <inproceedings> .* in the record with key "conf\/iccel\/XuCN12"/,
    },
  ])('throws a DblpParseError for $case', ({ xml, message }) => {
    expect(() => parsePerson(xml)).toThrow(DblpParseError);
    expect(() => parsePerson(xml)).toThrow(message);
  });

  it('keeps an unknown entity as written and reports it', () => {
    const warnings: DblpWarning[] = [];
    const xml = diXuBytes.toString('utf8').replace('Colin Doutre</na>', 'Colin Dout&rgrave;e</na>');
    const file = parsePerson(xml, { onWarning: (warning) => warnings.push(warning) });
    expect(file.coauthors[2]).toEqual({ name: 'Colin Dout&rgrave;e', pid: '58/3497' });
    expect(warnings).toEqual([
      {
        code: 'unknown-entity',
        message: 'unknown entity &rgrave;, kept as written',
        position: { offset: xml.indexOf('&rgrave;') },
      },
    ]);
  });

  it('decodes UTF-8 names and named entities of the DTD alike', () => {
    const xml =
      '<dblpperson name="Jos&eacute; Garc&#237;a" pid="g/JoseGarcia" n="0">' +
      '<person key="homepages/g/JoseGarcia"><author pid="g/JoseGarcia">José García</author></person>' +
      '<coauthors n="1" nc="1"><co c="0"><na f="m/M=uuml=ller:Anna" pid="12/345">Anna M&uuml;ller</na></co></coauthors>' +
      '</dblpperson>';
    const file = parsePerson(new TextEncoder().encode(xml));
    expect(file).toMatchObject({
      pid: 'g/JoseGarcia',
      name: 'José García',
      publicationCount: 0,
      person: { names: ['José García'] },
      homonyms: [],
      publications: [],
      coauthors: [{ name: 'Anna Müller', pid: '12/345' }],
    });
  });
});
