import { describe, expect, it } from 'vitest';
import { institutionKey, parseAliases } from './institution-name.ts';

describe('institutionKey', () => {
  it.each([
    ['ETH Zürich', 'eth zurich'],
    ['ETH-ZURICH', 'eth zurich'],
    ['  Université  de Montréal. ', 'universite de montreal'],
    ['M.I.T.', 'm i t'],
    ['Uniwersytet Łódzki', 'uniwersytet łodzki'],
    ['東京大学', '東京大学'],
  ])('reads %j as %j', (name, key) => {
    expect(institutionKey(name)).toBe(key);
  });
});

describe('parseAliases', () => {
  it.each([
    [
      'splits on commas and trims',
      'MIT, Mass Tech ',
      'Massachusetts Institute of Technology',
      ['MIT', 'Mass Tech'],
    ],
    ['drops blanks', ' , MIT,, ', 'X', ['MIT']],
    [
      'keeps the first of aliases equal without case or accents',
      'ETHZ, ethz, E.T.H.Z',
      'X',
      ['ETHZ', 'E.T.H.Z'],
    ],
    ['drops an alias equal to the name', 'eth zurich, ETHZ', 'ETH Zürich', ['ETHZ']],
    ['collapses inner spaces', 'Mass    Tech', 'X', ['Mass Tech']],
    ['answers nothing for an empty text', '', 'X', []],
  ])('%s', (_rule, text, name, aliases) => {
    expect(parseAliases(text, name)).toEqual(aliases);
  });
});
