// Reading HotCRP's CSV files: delimiters, old and new headers, quoted line breaks and the line
// numbers a chair looks for, and the problems named by line or column.
import { describe, expect, it } from 'vitest';
import { chairWorkspaceMessages } from '@recuse/common';
import {
  committeeShape,
  detectDelimiter,
  readAuthorsFile,
  readCommitteeFile,
  readCsv,
} from './hotcrp-csv.ts';

describe('detectDelimiter', () => {
  it.each([
    ['a,b,c\n1,2,3', ','],
    ['a;b;c\n1;2;3', ';'],
    ['a\tb\tc', '\t'],
    ['"x;y;z",b,c', ','],
    ['single', ','],
  ])('%j → %j', (text, delimiter) => expect(detectDelimiter(text)).toBe(delimiter));
});

describe('readCsv', () => {
  it('maps old and new headers to our columns and drops the unknown ones', () => {
    const reading = readCsv('First, Last ,E-mail,Tags\nAda,Lovelace,a@b.org,x\n', committeeShape);
    expect(reading).toEqual({
      records: [
        { line: 2, cells: { given_name: 'Ada', family_name: 'Lovelace', email: 'a@b.org' } },
      ],
    });
  });

  it('counts lines as an editor does, across quoted line breaks, blank lines and a BOM', () => {
    const text = '\uFEFFgiven_name,family_name,email\r\n"A\r\nda",L,a@b.org\r\n\r\nB,C,b@c.org\r\n';
    const reading = readCsv(text, committeeShape);
    expect(reading).toEqual({
      records: [
        { line: 2, cells: { given_name: 'A\nda', family_name: 'L', email: 'a@b.org' } },
        { line: 5, cells: { given_name: 'B', family_name: 'C', email: 'b@c.org' } },
      ],
    });
  });

  it('names every missing column', () => {
    expect(readCsv('email\n', committeeShape)).toEqual({
      problems: ['given_name', 'family_name'].map((column) =>
        chairWorkspaceMessages.missingHeader(column, committeeShape.example),
      ),
    });
  });
});

describe('readCommitteeFile', () => {
  it('keeps addresses in lower case, ORCID iDs bare and DBLP profiles as pids', () => {
    const reading = readCommitteeFile(
      'given_name,family_name,email,orcid,dblp\n' +
        'Ada,L,Ada@Example.ORG,https://orcid.org/0000-0002-1825-009x,https://dblp.org/pid/95/7448-1\n' +
        'Alan,T,alan@example.org,,t/AlanTuring\n',
    );
    expect(reading).toMatchObject({
      members: [
        { email: 'ada@example.org', orcid: '0000-0002-1825-009X', dblpPid: '95/7448-1' },
        { email: 'alan@example.org', orcid: null, dblpPid: 't/AlanTuring' },
      ],
    });
  });

  it('lists at most twenty problems and counts the rest', () => {
    const lines = Array.from({ length: 25 }, () => 'A,B,');
    const reading = readCommitteeFile(`given_name,family_name,email\n${lines.join('\n')}\n`);
    expect('problems' in reading && reading.problems).toHaveLength(21);
    expect('problems' in reading && reading.problems.at(-1)).toBe(
      chairWorkspaceMessages.moreProblems(5),
    );
  });

  it('refuses an over-long cell, naming the line and the column', () => {
    const reading = readCommitteeFile(
      `given_name,family_name,email\n${'x'.repeat(301)},B,a@b.org\n`,
    );
    expect(reading).toEqual({ problems: [chairWorkspaceMessages.tooLong(2, 'given name', 300)] });
  });
});

describe('readAuthorsFile', () => {
  it('groups authors by paper in the file order, the first title winning, contacts marked', () => {
    const reading = readAuthorsFile(
      'paper,title,given_name,family_name,email,affiliation,iscontact\n' +
        '3,Third,C,C,c@x.org,X,yes\n' +
        '1,First,A,A,a@x.org,X,\n' +
        '3,Third again,D,D,d@x.org,X,contact_only\n',
    );
    expect(reading).toMatchObject({
      submissions: [
        {
          paper: 1,
          title: 'First',
          authors: [{ givenName: 'A', isAuthor: true, isContact: false }],
        },
        {
          paper: 3,
          title: 'Third',
          authors: [
            { givenName: 'C', isAuthor: true, isContact: true },
            { givenName: 'D', isAuthor: false, isContact: true },
          ],
        },
      ],
    });
  });
});
