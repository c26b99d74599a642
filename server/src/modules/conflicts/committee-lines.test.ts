import { describe, expect, it } from 'vitest';
import { personNameKey, readCommitteeLines } from './committee-lines.ts';

describe('reading a pasted committee', () => {
  it('reads addresses and names as PC pages and spreadsheets write them', () => {
    const lines = readCommitteeLines(
      [
        'Ada Lovelace (ETH Zurich)',
        '',
        '# a comment',
        'Alan Turing <ALAN@example.org>',
        'grace@example.org',
        'Lovelace, Ada',
        'Edsger Dijkstra\tUniversity of Texas\tedsger@utexas.example',
        'Barbara Liskov – MIT',
        'mailto:di@example.org.',
      ].join('\n'),
    );
    expect(lines.map(({ line, email, names }) => [line, email, names])).toEqual([
      [1, null, ['Ada Lovelace']],
      [4, 'alan@example.org', ['Alan Turing']],
      [5, 'grace@example.org', []],
      [6, null, ['Ada Lovelace', 'Lovelace']],
      [7, 'edsger@utexas.example', ['Edsger Dijkstra']],
      [8, null, ['Barbara Liskov']],
      [9, 'di@example.org', []],
    ]);
  });

  it('compares names ignoring case, accents, punctuation and DBLP numbers, never guessing initials', () => {
    expect(personNameKey('José  García-Núñez')).toBe(personNameKey('jose garcia nunez'));
    expect(personNameKey('Di Xu 0001')).toBe(personNameKey('Di Xu'));
    expect(personNameKey('Ada Lovelace')).toBe('ada lovelace');
    expect(personNameKey('A. Lovelace')).not.toBe(personNameKey('Ada Lovelace'));
  });
});
