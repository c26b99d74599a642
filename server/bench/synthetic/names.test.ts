import { describe, expect, it } from 'vitest';
import { PersonDirectory, toAscii } from './names.ts';
import { middleNamesByInitial, namePools } from './name-pools.ts';

describe('the name pools', () => {
  it('never give two pools the same surname, even spelled in ASCII', () => {
    const surnames = namePools.flatMap((pool) => pool.surnames.map(toAscii));
    expect(new Set(surnames).size).toBe(surnames.length);
  });

  it('never repeat a given name within a pool, even spelled in ASCII', () => {
    for (const pool of namePools) {
      const given = pool.given.map(toAscii);
      expect(new Set(given).size).toBe(given.length);
    }
  });

  it('keep given names to one word, so aliases with hyphens cannot be primary names', () => {
    for (const pool of namePools) {
      for (const given of pool.given) expect(given).toMatch(/^[A-Z&#0-9;a-z]+$/);
    }
  });

  it('write out every middle initial', () => {
    const initials = middleNamesByInitial.map((name) => name.charAt(0)).join('');
    expect(initials).toBe('ABCDEFGHIJKLMNOPQRSTUVWXYZ');
  });
});

describe('toAscii', () => {
  it.each([
    ['Lepp&#228;nen', 'Leppanen'],
    ['Vo&szlig;', 'Voss'],
    ['S&oslash;ren', 'Soren'],
    ['Fr&eacute;d&eacute;ric', 'Frederic'],
    ['&Ouml;zsu', 'Ozsu'],
    ['Smith', 'Smith'],
  ])('spells %s as %s', (spelled, ascii) => {
    expect(toAscii(spelled)).toBe(ascii);
  });
});

describe('PersonDirectory', () => {
  const directory = new PersonDirectory(30_000, 5);
  const ids = Array.from({ length: directory.size }, (_, id) => id);

  it('gives every person names and a key no one else has, as DBLP does', () => {
    const names = ids.flatMap((id) => [directory.primaryName(id), ...directory.aliases(id)]);
    expect(new Set(names).size).toBe(names.length);
    const keys = ids.map((id) => directory.key(id));
    keys.push(...Array.from({ length: 300 }, (_, ordinal) => directory.spareKey(ordinal)));
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('suffixes homonyms 0001 far more often than 0005, each with a disambiguation profile', () => {
    const suffixCounts = new Map<string, number>();
    const disambiguations = new Set(
      ids.filter((id) => directory.isDisambiguation(id)).map((id) => directory.primaryName(id)),
    );
    for (const id of ids) {
      const match = / (\d{4})$/.exec(directory.primaryName(id));
      if (!match?.[1]) continue;
      suffixCounts.set(match[1], (suffixCounts.get(match[1]) ?? 0) + 1);
      expect(disambiguations.has(directory.primaryName(id).slice(0, -5))).toBe(true);
    }
    const count = (suffix: string) => suffixCounts.get(suffix) ?? 0;
    expect(count('0001')).toBeGreaterThan(3 * count('0002'));
    expect(count('0002')).toBeGreaterThan(count('0005'));
    expect(count('0005')).toBeGreaterThan(0);
  });

  it('uses the three pid forms: legacy names, numbers, and numbers with a homonym number', () => {
    const pids = ids.map((id) => directory.pid(id));
    expect(pids.some((pid) => /^[a-z]\/[A-Z][a-z]+[A-Z][a-z]+\d*$/.test(pid))).toBe(true);
    expect(pids.some((pid) => /^\d+\/\d{4}$/.test(pid))).toBe(true);
    expect(pids.some((pid) => /^\d+\/\d{4}-\d+$/.test(pid))).toBe(true);
  });

  it('gives a few people aliases, the ASCII spelling among them', () => {
    const aliased = ids.filter((id) => directory.aliases(id).length > 0);
    expect(aliased.length / ids.length).toBeGreaterThan(0.01);
    expect(aliased.length / ids.length).toBeLessThan(0.05);
    const asciiAlias = aliased.find((id) => directory.primaryName(id).includes('&'));
    expect(asciiAlias).toBeDefined();
    const id = asciiAlias ?? 0;
    expect(directory.aliases(id)[0]).toBe(toAscii(directory.primaryName(id)));
  });
});
