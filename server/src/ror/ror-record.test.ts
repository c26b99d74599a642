// Reading one ROR record (schema v2), and choosing the JSON in ROR's zip.
import { describe, expect, it } from 'vitest';
import { pickJsonEntry, RorDumpError } from './read-dump.ts';
import { institutionDomains, parseRorId, readRorRecord, RorRecordError } from './ror-record.ts';

describe('institutionDomains', () => {
  it('keeps an institution’s own domains and drops public suffixes', () => {
    expect(
      institutionDomains(['tsinghua.edu.cn', 'edu.cn', 'ox.ac.uk', 'ac.uk', 'edu', 'MIT.EDU']),
    ).toEqual(['tsinghua.edu.cn', 'ox.ac.uk', 'mit.edu']);
  });

  it('leaves out what is not a domain, and each domain is kept once', () => {
    expect(institutionDomains(['ethz.ch', 'ethz.ch.', 'not a domain', 42, 'co.uk'])).toEqual([
      'ethz.ch',
    ]);
  });
});

describe('readRorRecord', () => {
  const eth = {
    id: 'https://ror.org/05a28rw58',
    status: 'active',
    names: [
      { value: 'ETH', types: ['acronym'], lang: null },
      { value: 'Eidgenössische Technische Hochschule Zürich', types: ['label'], lang: 'de' },
      { value: 'ETH Zurich', types: ['ror_display', 'label'], lang: 'en' },
      { value: 'ETH-Zurich', types: ['alias'], lang: null },
    ],
    domains: ['ethz.ch'],
    locations: [{ geonames_details: { country_code: 'ch', country_name: 'Switzerland' } }],
    relationships: [
      { type: 'parent', id: 'https://ror.org/05wqe2f22', label: 'ETH Domain' },
      { type: 'Parent', id: 'https://ror.org/05wqe2f22', label: 'ETH Domain' },
      { type: 'sibling', id: 'https://ror.org/02crff812', label: 'unknown type' },
    ],
  };

  it('takes ror_display as the name and every other name once as an alias', () => {
    expect(readRorRecord(eth)).toEqual({
      rorId: '05a28rw58',
      status: 'active',
      name: 'ETH Zurich',
      aliases: ['ETH', 'Eidgenössische Technische Hochschule Zürich'],
      domains: ['ethz.ch'],
      country: 'CH',
      links: [{ type: 'parent', rorId: '05wqe2f22' }],
    });
  });

  it('says a record of schema v1 is one', () => {
    const error = (() => {
      try {
        readRorRecord({ id: 'https://ror.org/05a28rw58', name: 'ETH Zurich', status: 'active' });
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(RorRecordError);
    expect(error).toMatchObject({ schemaV1: true, rorId: '05a28rw58' });
  });

  it('reads ids with or without the https://ror.org/ prefix, and nothing else', () => {
    expect(parseRorId('https://ror.org/05a28rw58')).toBe('05a28rw58');
    expect(parseRorId('05A28RW58')).toBe('05a28rw58');
    expect(parseRorId('https://example.org/05a28rw58')).toBeUndefined();
    expect(parseRorId(12)).toBeUndefined();
  });
});

describe('pickJsonEntry', () => {
  const entry = (fileName: string) => ({ fileName });

  it('takes the schema v2 JSON beside the v1 JSON and the CSV files', () => {
    expect(
      pickJsonEntry([
        entry('v1.55-2024-10-31-ror-data.csv'),
        entry('v1.55-2024-10-31-ror-data.json'),
        entry('v1.55-2024-10-31-ror-data_schema_v2.csv'),
        entry('v1.55-2024-10-31-ror-data_schema_v2.json'),
      ]).fileName,
    ).toBe('v1.55-2024-10-31-ror-data_schema_v2.json');
  });

  it('takes the only JSON file, and refuses to guess among several', () => {
    expect(pickJsonEntry([entry('v2.0-ror-data.json'), entry('x.csv')]).fileName).toBe(
      'v2.0-ror-data.json',
    );
    expect(() => pickJsonEntry([entry('a.json'), entry('b.json')])).toThrow(RorDumpError);
    expect(() => pickJsonEntry([entry('a.csv')])).toThrow(/JSON files: none/);
  });
});
