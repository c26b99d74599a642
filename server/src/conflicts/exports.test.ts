import { describe, expect, it } from 'vitest';
import { conflictCsvHeader, neutralizeFormula, quoteCsvField } from './csv.ts';
import {
  formatYears,
  provisionalHeading,
  toConflictsCsv,
  toConflictsJson,
  toHotcrpAffiliation,
  toHotcrpCollaborators,
  toHotcrpName,
  toInstitutionListRows,
} from './exports.ts';
import type { ConflictFindings, ConflictReason, InstitutionReason } from './types.ts';

const paperReason: ConflictReason = {
  ruleValue: 'coauthor-4y',
  ruleTitle: 'Co-authored publication within 4 years',
  relationId: 7,
  affiliationId: null,
  relationTypeId: 3,
  relationTypeName: 'Co-authored publication',
  title: 'Quotes "here", commas, and\na second line',
  startYear: null,
  startMonth: null,
  endYear: 2022,
  endMonth: 3,
  status: 1,
  isProvisional: false,
  isIntern: false,
};

const institutionReason: InstitutionReason = {
  ruleValue: 'institutional-2y',
  ruleTitle: 'Institutional within 2 years',
  relationId: null,
  affiliationId: 4,
  relationTypeId: 0,
  relationTypeName: 'Institutional',
  positionLabel: 'Professor',
  isIntern: false,
  startYear: 2019,
  startMonth: 9,
  endYear: null,
  endMonth: null,
  status: 1,
  isProvisional: false,
};

const findings: ConflictFindings = {
  people: [
    {
      id: 2,
      name: 'Bob Builder',
      affiliation: 'University of California, Berkeley',
      isProvisional: false,
      reasons: [paperReason],
    },
    {
      id: 3,
      name: 'Carol Chen',
      affiliation: 'Max Planck Institute (MPI-SWS)',
      isProvisional: false,
      reasons: [paperReason],
    },
    {
      id: 4,
      name: 'Dave Pending',
      affiliation: null,
      isProvisional: true,
      reasons: [{ ...paperReason, status: 3, isProvisional: true }],
    },
  ],
  institutions: [
    { id: 10, name: 'Example University', isProvisional: false, reasons: [institutionReason] },
  ],
};

/** Reads collaborators text back the way HotCRP does for our lines: comments skipped. */
function parseCollaborators(text: string) {
  return text
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const match = /^(.*?) \((.*)\)$/.exec(line);
      return match ? { name: match[1], affiliation: match[2] } : { name: line, affiliation: null };
    });
}

/** An independent RFC 4180 reader, so the CSV round trip does not trust the writer. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let isQuoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const character = text[index];
    if (isQuoted) {
      if (character === '"' && text[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (character === '"') isQuoted = false;
      else field += character;
    } else if (character === '"') isQuoted = true;
    else if (character === ',') {
      record.push(field);
      field = '';
    } else if (character === '\r' && text[index + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      index += 1;
    } else field += character;
  }
  return records;
}

describe('toHotcrpCollaborators', () => {
  it('writes one person per line as Name (Affiliation), institutions as All (Institution)', () => {
    expect(toHotcrpCollaborators(findings)).toBe(
      [
        'Bob Builder (University of California, Berkeley)',
        'Carol Chen (Max Planck Institute (MPI-SWS))',
        'All (Example University)',
        provisionalHeading,
        'Dave Pending',
        '',
      ].join('\n'),
    );
  });

  it('parses back line by line to the same names and affiliations', () => {
    expect(parseCollaborators(toHotcrpCollaborators(findings))).toEqual([
      { name: 'Bob Builder', affiliation: 'University of California, Berkeley' },
      { name: 'Carol Chen', affiliation: 'Max Planck Institute (MPI-SWS)' },
      { name: 'All', affiliation: 'Example University' },
      { name: 'Dave Pending', affiliation: null },
    ]);
  });

  it('writes None when there are no conflicts', () => {
    expect(toHotcrpCollaborators({ people: [], institutions: [] })).toBe('None\n');
  });

  it('keeps HotCRP from splitting or truncating a line', () => {
    expect(toHotcrpName('Smith, John (Jr.); #1\nfan')).toBe('Smith John Jr. 1 fan');
    expect(toHotcrpAffiliation('C# Lab (unbalanced')).toBe('C Lab [unbalanced');
    expect(toHotcrpAffiliation('Inria (Paris)')).toBe('Inria (Paris)');
  });

  it('writes a line shared by a firm and a provisional conflict once, as firm', () => {
    const twin = { ...findings.people[0]!, id: 9, isProvisional: true };
    const text = toHotcrpCollaborators({ people: [findings.people[0]!, twin], institutions: [] });
    expect(text).toBe('Bob Builder (University of California, Berkeley)\n');
  });
});

describe('toConflictsCsv', () => {
  it('round-trips quotes, commas and newlines, one row per reason', () => {
    const records = parseCsv(toConflictsCsv(findings));
    expect(records[0]).toEqual([...conflictCsvHeader]);
    expect(records).toHaveLength(5);
    expect(records[1]).toEqual([
      'person',
      '2',
      'Bob Builder',
      'University of California, Berkeley',
      'no',
      'coauthor-4y',
      'Co-authored publication within 4 years',
      'Co-authored publication',
      'Quotes "here", commas, and\na second line',
      'validated',
      '',
      '2022-03',
      '7',
      '',
      'no',
    ]);
    expect(records[3]?.slice(0, 5)).toEqual(['person', '4', 'Dave Pending', '', 'yes']);
    expect(records[3]?.[9]).toBe('pending');
    expect(records[4]).toEqual([
      'institution',
      '10',
      'Example University',
      '',
      'no',
      'institutional-2y',
      'Institutional within 2 years',
      'Institutional',
      'Professor',
      'validated',
      '2019-09',
      'ongoing',
      '',
      '4',
      'no',
    ]);
  });

  it('quotes only the fields that need it', () => {
    expect(quoteCsvField('plain')).toBe('plain');
    expect(quoteCsvField('a,b')).toBe('"a,b"');
    expect(quoteCsvField('say "hi"')).toBe('"say ""hi"""');
    expect(quoteCsvField('line\r\nbreak')).toBe('"line\r\nbreak"');
    expect(quoteCsvField(' padded')).toBe('" padded"');
  });

  it('neutralizes cells a spreadsheet would run as formulas', () => {
    expect(neutralizeFormula('=HYPERLINK("http://x")')).toBe('\'=HYPERLINK("http://x")');
    expect(neutralizeFormula('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(neutralizeFormula('Plain title')).toBe('Plain title');
  });
});

describe('toConflictsJson', () => {
  it('writes the findings with the conference and reference date', () => {
    const json = toConflictsJson(findings, {
      conference: 'DEFAULT',
      referenceDate: { year: 2024, month: 6 },
    });
    expect(JSON.parse(json)).toEqual({
      conference: 'DEFAULT',
      referenceDate: '2024-06',
      people: findings.people,
      institutions: findings.institutions,
    });
  });
});

describe('toInstitutionListRows', () => {
  it('gives the contract rows: institution name, type of position, year, years', () => {
    expect(toInstitutionListRows(findings)).toEqual([
      {
        institution_name: 'Example University',
        type_of_position: 'Professor',
        year: 2019,
        years: '2019-present',
      },
    ]);
  });

  it.each([
    { start: 2019, end: 2024, expected: '2019-2024' },
    { start: 2021, end: 2021, expected: '2021' },
    { start: null, end: 2024, expected: 'until 2024' },
    { start: null, end: null, expected: 'present' },
  ])('spells $start to $end as $expected', ({ start, end, expected }) => {
    expect(formatYears(start, end)).toBe(expected);
  });
});
