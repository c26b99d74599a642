// Dump parser tests over every real dump fixture: byte-for-byte copies of public DBLP data in
// server/test/fixtures/dblp/, whose README gives each file's provenance. Damaged input:
// parse-dump.problems.test.ts.
import { describe, expect, it } from 'vitest';
import type { DumpRecord } from './parse-dump.ts';
import { chunksOf, fixturePath, parseAll, readFixture } from './test-support.ts';
import type { Person, Publication } from './records.ts';

/** The SOM-Research persons file has a `<list>` root; its README says to wrap it in `<dblp>`. */
async function readPersonsFixture() {
  const text = await readFixture('persons-2023-som-research.xml');
  return text.replace('<list>', '<dblp>').replace('</list>', '</dblp>');
}

function findRecord(records: DumpRecord[], key: string) {
  const record = records.find((candidate) => candidate.key === key);
  if (!record) throw new Error(`no record ${key}`);
  return record;
}

const publication = (records: DumpRecord[], key: string) => findRecord(records, key) as Publication;
const person = (records: DumpRecord[], key: string) => findRecord(records, key) as Person;

describe('parseDump over every dump fixture', () => {
  it.each([
    {
      file: 'dump-2021-persons-evelasquez.xml',
      publications: 15,
      persons: 8,
      authors: 36,
      names: 9,
      skipped: 0,
    },
    {
      file: 'all-record-types-2020-jalomo.xml',
      publications: 26,
      persons: 0,
      authors: 56,
      names: 0,
      skipped: 0,
    },
    {
      file: 'sample-2020-snehal.xml',
      publications: 60,
      persons: 0,
      authors: 111,
      names: 0,
      skipped: 1,
    },
    {
      file: 'sample-2017-florentin.xml',
      publications: 85,
      persons: 0,
      authors: 145,
      names: 0,
      skipped: 0,
    },
    {
      file: 'tiny-2019-askmrsinh.xml',
      publications: 13,
      persons: 0,
      authors: 30,
      names: 0,
      skipped: 0,
    },
  ])('reads $file: $publications publications, $persons persons, no warning', async (row) => {
    const { records, warnings, skipped } = await parseAll(fixturePath(row.file));
    const publications = records.filter((record) => record.kind !== 'person');
    const persons = records.filter((record) => record.kind === 'person');
    expect(publications).toHaveLength(row.publications);
    expect(persons).toHaveLength(row.persons);
    expect(publications.flatMap((record) => record.authors)).toHaveLength(row.authors);
    expect(persons.flatMap((record) => record.names)).toHaveLength(row.names);
    expect(skipped).toHaveLength(row.skipped);
    expect(warnings).toEqual([]);
  });

  it('reads the 21 person records of the SOM-Research file, 24 names among them', async () => {
    const { records, warnings } = await parseAll(chunksOf(await readPersonsFixture()));
    expect(records.map((record) => record.kind)).toEqual(Array(21).fill('person'));
    expect((records as Person[]).flatMap((record) => record.names)).toHaveLength(24);
    expect(warnings).toEqual([]);
  });

  it('reads every kind of publication record with its kind', async () => {
    const { records } = await parseAll(fixturePath('all-record-types-2020-jalomo.xml'));
    const kinds = new Set(records.map((record) => record.kind));
    expect([...kinds].sort()).toEqual([
      'article',
      'book',
      'incollection',
      'inproceedings',
      'mastersthesis',
      'phdthesis',
      'proceedings',
    ]);
  });
});

describe('publication records', () => {
  it.each([
    {
      case: 'an article with named entities in author and title',
      file: 'sample-2017-florentin.xml',
      key: 'journals/acta/Schonhage77',
      expected: {
        kind: 'article',
        mdate: '2013-11-28',
        authors: [{ name: 'Arnold Schönhage' }],
        title: 'Schnelle Multiplikation von Polynomen über Körpern der Charakteristik 2.',
        journal: 'Acta Inf.',
        venue: 'Acta Inf.',
        volume: '7',
        year: 1977,
        pages: '395-398',
        url: 'db/journals/acta/acta7.html#Schonhage77',
        ee: ['http://dx.doi.org/10.1007/BF00289470'],
      },
    },
    {
      case: 'title markup <i> flattened, its spaces collapsed',
      file: 'sample-2017-florentin.xml',
      key: 'journals/acta/Kouvatsos86',
      expected: { title: 'Maximum Entropy and the G/G/1/N Queue.' },
    },
    {
      case: 'title markup <i> inside a word',
      file: 'sample-2017-florentin.xml',
      key: 'journals/acta/Meyer09',
      expected: { title: 'A theory of structural stationarity in the pi -Calculus.' },
    },
    {
      case: 'title markup <sub> with a numeric reference (&#8734;) inside',
      file: 'sample-2017-florentin.xml',
      key: 'journals/acta/BulychevDLL14',
      expected: { title: 'Efficient controller synthesis for a fragment of MTL0,∞.' },
    },
    {
      case: '&Ouml; in an author name, a glued record, homonym suffixes kept',
      file: 'sample-2020-snehal.xml',
      key: 'tr/gte/TR-0146-06-91-165',
      expected: {
        publtype: 'informal',
        authors: [
          { name: 'Alejandro P. Buchmann' },
          { name: 'M. Tamer Özsu' },
          { name: 'Dimitrios Georgakopoulos' },
        ],
      },
    },
    {
      case: 'homonym suffixes spelled as DBLP spells them',
      file: 'dump-2021-persons-evelasquez.xml',
      key: 'tr/meltdown/s18',
      expected: {
        authors: [
          ...['Paul Kocher', 'Daniel Genkin', 'Daniel Gruss', 'Werner Haas', 'Mike Hamburg'],
          ...['Moritz Lipp', 'Stefan Mangard', 'Thomas Prescher 0002', 'Michael Schwarz 0001'],
          'Yuval Yarom',
        ].map((name) => ({ name })),
        ee: ['https://spectreattack.com/spectre.pdf'],
      },
    },
    {
      case: 'an author with an orcid attribute',
      file: 'sample-2020-snehal.xml',
      key: 'journals/toms/RojasSS08',
      expected: {
        authors: [
          { name: 'Marielba Rojas' },
          { name: 'Sandra A. Santos', orcid: '0000-0002-6250-0137' },
          { name: 'Danny C. Sorensen' },
        ],
      },
    },
    {
      case: 'a book without authors',
      file: 'tiny-2019-askmrsinh.xml',
      key: 'tr/acm/CS2013',
      expected: {
        kind: 'book',
        authors: [],
        editors: [],
        title: 'Computer Science Curricula 2013',
        publisher: 'ACM Press and IEEE Computer Society Press',
        isbn: ['978-1-4503-2309-3'],
        year: 2013,
      },
    },
    {
      case: 'an article without authors',
      file: 'dump-2021-persons-evelasquez.xml',
      key: 'tr/gte/TR-0263-08-94-165',
      expected: { authors: [], month: 'August', volume: 'TR-0263-08-94-165', year: 1994 },
    },
    {
      case: 'proceedings with editors and &amp; in title and publisher',
      file: 'all-record-types-2020-jalomo.xml',
      key: 'conf/dphoto/2011',
      expected: {
        kind: 'proceedings',
        authors: [],
        editors: [{ name: 'Francisco H. Imai' }, { name: 'Feng Xiao' }],
        title:
          'Digital Photography VII, part of the IS&T-SPIE Electronic Imaging Symposium, San Francisco Airport, California, USA, January 24-25, 2011, Proceedings.',
        booktitle: 'Digital Photography',
        venue: 'Digital Photography',
        publisher: 'SPIE/IS&T',
        series: 'SPIE Proceedings',
      },
    },
    {
      case: 'inproceedings with a crossref to its proceedings, glued to the next record',
      file: 'all-record-types-2020-jalomo.xml',
      key: 'conf/dphoto/HubelB06',
      expected: {
        kind: 'inproceedings',
        crossref: 'conf/dphoto/2006',
        venue: 'Digital Photography',
        pages: '60690M',
      },
    },
    {
      case: 'the record glued after it on the same line',
      file: 'all-record-types-2020-jalomo.xml',
      key: 'conf/dphoto/SaitoK07',
      expected: { authors: [{ name: 'Takahiro Saito' }, { name: 'Takashi Komatsu' }] },
    },
    {
      case: 'a phdthesis glued after the previous one, three ee',
      file: 'all-record-types-2020-jalomo.xml',
      key: 'phd/ch/Bertolami2008',
      expected: {
        kind: 'phdthesis',
        school: 'University of Bern',
        ee: [
          'http://www.zb.unibe.ch/download/eldiss/08bertolami_r.pdf',
          'https://nbn-resolving.org/urn:nbn:ch:bel-116507',
          'http://d-nb.info/997847409',
        ],
      },
    },
    {
      case: 'a mastersthesis with &auml; in its school',
      file: 'all-record-types-2020-jalomo.xml',
      key: 'ms/Vollmer2006',
      expected: {
        kind: 'mastersthesis',
        school: 'Diplomarbeit, Universität Trier, FB IV, Informatik',
      },
    },
    {
      case: 'an encyclopedia entry (publtype) in a reference work',
      file: 'all-record-types-2020-jalomo.xml',
      key: 'reference/crypt/Kaliski05h',
      expected: {
        kind: 'incollection',
        publtype: 'encyclopedia',
        authors: [{ name: 'Burton S. Kaliski Jr.' }],
        crossref: 'reference/crypt/2005',
      },
    },
  ])('reads $case ($key)', async ({ file, key, expected }) => {
    const { records } = await parseAll(fixturePath(file));
    expect(publication(records, key)).toMatchObject(expected);
  });

  it('trims text: a journal written " AJ journals " reads "AJ journals"', async () => {
    const { records } = await parseAll(fixturePath('all-record-types-2020-jalomo.xml'));
    const pwi5 = records.find((record) => record.kind !== 'person' && record.title === 'PWI 5');
    expect(pwi5).toMatchObject({ journal: 'AJ journals', year: 2014 });
  });

  it('yields records that share a key as they come: deduplicating is the importer’s job', async () => {
    const { records } = await parseAll(fixturePath('all-record-types-2020-jalomo.xml'));
    expect(records.filter((record) => record.key === 'tr/meltdown/m18')).toHaveLength(12);
  });
});

describe('person records', () => {
  it.each([
    {
      case: 'aliases after the primary name, affiliation and awards with labels',
      key: 'homepages/l/BarbaraLiskov',
      expected: {
        kind: 'person',
        pid: 'l/BarbaraLiskov',
        mdate: '2020-07-23',
        names: ['Barbara Liskov', 'Barbara H. Liskov'],
        affiliations: [{ text: 'Massachusetts Institute of Technology' }],
        awards: [
          { text: 'Turing Award', label: '2008' },
          { text: 'Computer Pioneer Award', label: '2018' },
          { text: 'Programming Languages Achievement Award', label: '2008' },
          { text: 'IEEE John von Neumann Medal', label: '2004' },
          { text: 'National Inventors Hall of Fame' },
        ],
        urls: expect.arrayContaining(['https://www.wikidata.org/entity/Q16080922']),
      },
    },
    {
      case: 'a homonym suffix and former/PhD affiliations',
      key: 'homepages/l/HuaLu',
      expected: {
        pid: 'l/HuaLu',
        names: ['Hua Lu 0001'],
        affiliations: [
          { text: 'Roskilde University, Denmark' },
          { text: 'Department of Computer Science, Aalborg University, Denmark', label: 'former' },
          {
            text: 'National University of Singapore, School of Computing, Singapore',
            label: 'PhD 2007',
          },
        ],
        urls: [
          'http://luhua.ruc.dk/',
          'https://scholar.google.com/citations?user=h1mExmcAAAAJ',
          'https://orcid.org/0000-0003-1199-6678',
        ],
      },
    },
    {
      case: 'a CJK unicode name as numeric references in an untyped note',
      key: 'homepages/m/AtsuyukiMorishima',
      expected: { names: ['Atsuyuki Morishima'], notes: [{ text: '森嶋厚行' }] },
    },
    {
      case: '&eacute; in a name, in a record glued to the next',
      key: 'homepages/l/FredericLoulergue',
      expected: { names: ['Frédéric Loulergue'] },
    },
    {
      case: '&oslash; in an affiliation',
      key: 'homepages/l/GuoqiangLi7',
      expected: {
        names: ['Guoqiang Li 0007'],
        affiliations: [{ text: 'Norwegian University of Science and Technology, Gjøvik, Norway' }],
      },
    },
    {
      case: 'a numeric pid',
      key: 'homepages/29/523',
      expected: { pid: '29/523', names: ['S. A. Abbasi'], urls: [], affiliations: [] },
    },
  ])('reads $case ($key)', async ({ key, expected }) => {
    const { records } = await parseAll(fixturePath('dump-2021-persons-evelasquez.xml'));
    expect(person(records, key)).toMatchObject(expected);
  });

  it.each([
    {
      case: 'a redirect stub: crossref only, no names',
      key: 'homepages/s/SanemSariel',
      expected: { pid: 's/SanemSariel', names: [], crossref: 'homepages/17/8399' },
    },
    {
      case: 'a homonym pid redirected to a name pid',
      key: 'homepages/315/0819-1',
      expected: { pid: '315/0819-1', names: [], crossref: 'homepages/s/MadhuSudan' },
    },
    {
      case: 'the target of a stub, with its alias',
      key: 'homepages/17/8399',
      expected: { names: ['Sanem Sariel', 'Sanem Sariel Talay'], crossref: undefined },
    },
    {
      case: 'decimal references in an alias',
      key: 'homepages/178/5243',
      expected: { names: ['Kimmo Leppanen', 'Kimmo Leppänen'] },
    },
    {
      case: 'a decimal reference in the primary name',
      key: 'homepages/308/1161',
      expected: { names: ['Joey Öhman'] },
    },
    {
      case: 'a homonym suffix, several affiliations, an award with &#246;, many urls',
      key: 'homepages/s/MadhuSudan',
      expected: {
        names: ['Madhu Sudan 0001'],
        affiliations: [
          {
            text: 'Harvard University, School of Engineering and Applied Sciences, Boston, MA, USA',
          },
          { text: 'Microsoft Research New England, Cambridge, MA, USA' },
        ],
        awards: [{ text: 'Gödel Prize', label: '2001' }],
        urls: expect.arrayContaining(['https://orcid.org/0000-0003-3718-6489']),
      },
    },
    {
      case: 'a homonym suffix and a numeric pid with a leading zero',
      key: 'homepages/308/0845',
      expected: { pid: '308/0845', names: ['Yifang Wang 0006'] },
    },
  ])('reads $case ($key)', async ({ key, expected }) => {
    const { records } = await parseAll(chunksOf(await readPersonsFixture()));
    expect(person(records, key)).toMatchObject(expected);
  });

  it('reports a www record that is not a person and skips it', async () => {
    const { records, skipped } = await parseAll(fixturePath('sample-2020-snehal.xml'));
    expect(skipped).toEqual([{ reason: 'not-a-person', element: 'www', key: 'persons/Ley2003' }]);
    expect(records.some((record) => record.key === 'persons/Ley2003')).toBe(false);
    expect(publication(records, 'persons/Lions1996')).toMatchObject({ kind: 'book' });
  });
});
