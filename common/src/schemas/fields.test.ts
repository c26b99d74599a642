// Whole numbers and ids as forms and JSON bodies send them: a number or its digits, nothing
// that only looks like one once coerced.
import { describe, expect, it } from 'vitest';
import { idField, readWholeNumber } from './fields.ts';

describe('readWholeNumber', () => {
  it('reads a JSON number or a form’s digits', () => {
    expect(readWholeNumber(7)).toBe(7);
    expect(readWholeNumber('7')).toBe(7);
    expect(readWholeNumber(' 42 ')).toBe(42);
    expect(readWholeNumber('007')).toBe(7);
    expect(readWholeNumber(0)).toBe(0);
  });

  it('reads nothing else as a number', () => {
    for (const value of [
      true,
      false,
      null,
      undefined,
      [],
      [3],
      ['3'],
      {},
      '',
      '  ',
      '0x10',
      '1e1',
      '1.5',
      '-1',
      '+1',
      'NaN',
      'Infinity',
      1.5,
      Number.NaN,
      1e308,
      '9'.repeat(16),
    ]) {
      expect(readWholeNumber(value), JSON.stringify(value)).toBeUndefined();
    }
  });
});

describe('idField', () => {
  const schema = idField('Please select the claim.');

  it('takes an id as a number or digits', () => {
    expect(schema.parse(12)).toBe(12);
    expect(schema.parse('12')).toBe(12);
    expect(schema.parse(2_147_483_647)).toBe(2_147_483_647);
  });

  it('refuses true, null, arrays, blank, 0 and ids beyond PostgreSQL integers with its message', () => {
    for (const value of [true, null, [1], [], '', ' ', 0, '0', '0x1', '1e0', 2_147_483_648, -1]) {
      const result = schema.safeParse(value);
      expect(result.success, JSON.stringify(value)).toBe(false);
      expect(result.error!.issues.map((issue) => issue.message)).toEqual([
        'Please select the claim.',
      ]);
    }
  });
});
