import { describe, expect, it } from 'vitest';
import { fieldsWithUnstorableText, isStorableText } from './text.ts';

describe('isStorableText', () => {
  it.each([
    ['plain text', 'Ada Lovelace', true],
    ['accents and CJK', 'Zoë 王', true],
    ['a surrogate pair (an emoji)', 'ok 😀', true],
    ['a NUL', 'a\u0000', false],
    ['a lone high surrogate', 'a\uD800', false],
    ['a lone low surrogate', '\uDC00b', false],
    ['two high surrogates', '\uD800\uD800\uDC00', false],
  ])('%s → %s', (_name, text, storable) => {
    expect(isStorableText(text)).toBe(storable);
  });
});

describe('fieldsWithUnstorableText', () => {
  it('names the top-level fields that hold unstorable text anywhere inside', () => {
    expect(
      fieldsWithUnstorableText({
        FName: 'a\u0000',
        SName: 'Hopper',
        rows: [{ name: 'x\uD800' }],
        rules: JSON.stringify([{ value: 'nul\u0000' }]),
        fine: JSON.stringify([{ value: 'é' }]),
        count: 3,
      }),
    ).toEqual(['FName', 'rows', 'rules']);
  });

  it('finds unstorable keys, and values outside an object', () => {
    expect(fieldsWithUnstorableText({ 'k\u0000': 'v' })).toEqual(['form']);
    expect(fieldsWithUnstorableText('\u0000')).toEqual(['form']);
    expect(fieldsWithUnstorableText(['\uDFFF'])).toEqual(['form']);
    expect(fieldsWithUnstorableText(null)).toEqual([]);
  });
});
