// Who the synthetic people are: each person id maps, without any table, to a name, aliases,
// a homonym number and a `homepages/` key, the way DBLP spells them. Names are unique
// strings, as in DBLP: people who share a name get a 4-digit suffix (`Wei Wang 0001`), and
// the unsuffixed name is then a disambiguation profile. Homonym counts follow DBLP's heavy
// tail (0001 far more often than 0005; the most common names have hundreds).
import { getBundledEntities } from '../../src/dblp/entities.ts';
import { AffinePermutation, greatestCommonDivisor, hash32, hashUnit } from './random.ts';
import { middleNamesByInitial, namePools } from './name-pools.ts';
import type { NamePool } from './name-pools.ts';

/** Share of people whose base name has at least one homonym `… 0001`. */
const homonymShare = 0.055;
const aliasShare = 0.025;
const legacyPidShare = 0.08;
/** Share of homonyms whose pid is the disambiguation pid plus `-N` (`95/7448-1`). */
const derivedPidShare = 0.8;
const orcidShare = 0.3;

const salt = { alias: 11, aliasCount: 12, secondGiven: 13, legacy: 14, derived: 15, orcid: 16 };

interface NameParts {
  pool: NamePool;
  given: string;
  surname: string;
  /** Middle initials, `H.` or `H. K.`, or '' */
  middle: string;
  /** 0 for the unsuffixed name, else the DBLP homonym number. */
  homonym: number;
  base: number;
}

export class PersonDirectory {
  private readonly names: AffinePermutation;
  private readonly pids: AffinePermutation;
  /** tierStarts[k]: the first name index of homonym number k; tier k holds bases [0, size). */
  private readonly tierStarts: number[] = [0];
  private readonly homonymBaseCount: number;

  constructor(
    readonly size: number,
    private readonly seed: number,
  ) {
    this.names = new AffinePermutation(size, hash32(seed, 101));
    this.pids = new AffinePermutation(size, hash32(seed, 102));
    this.homonymBaseCount = Math.max(1, Math.round(size * homonymShare));
    const tierSizes: number[] = [];
    for (let k = 1; Math.floor(this.homonymBaseCount / (k * k)) >= 1; k++) {
      tierSizes.push(Math.floor(this.homonymBaseCount / (k * k)));
    }
    const homonymCount = tierSizes.reduce((sum, tierSize) => sum + tierSize, 0);
    const baseCount = Math.max(1, size - homonymCount);
    let start = baseCount;
    for (const tierSize of tierSizes) {
      this.tierStarts.push(start);
      start += tierSize;
    }
  }

  /** The name papers and the person record use first, with its homonym suffix. */
  primaryName(id: number): string {
    return formatName(this.parts(id));
  }

  /** True for the unsuffixed profile of a name that has homonyms. */
  isDisambiguation(id: number): boolean {
    const parts = this.parts(id);
    return parts.homonym === 0 && parts.base < this.homonymBaseCount;
  }

  /** Other spellings DBLP redirects to the primary name; most people have none. */
  aliases(id: number): string[] {
    if (hashUnit(this.seed, id, salt.alias) >= aliasShare || this.isDisambiguation(id)) return [];
    const parts = this.parts(id);
    const forms = aliasForms(parts, hash32(this.seed, id, salt.secondGiven));
    const roll = hashUnit(this.seed, id, salt.aliasCount);
    const count = roll < 0.9 ? 1 : roll < 0.99 ? 2 : 3;
    return forms.slice(0, count);
  }

  /** The person key, `homepages/` + pid: legacy (`l/BarbaraLiskov`) or numeric (`95/7448-1`). */
  key(id: number): string {
    return `homepages/${this.pid(id)}`;
  }

  pid(id: number): string {
    const parts = this.parts(id);
    const legacy = this.legacyPid(id, parts);
    if (legacy !== undefined) return legacy;
    if (parts.homonym > 0 && hashUnit(this.seed, id, salt.derived) < derivedPidShare) {
      // The unsuffixed name is a disambiguation profile, whose pid is never a legacy one.
      const disambiguationId = this.names.invert(parts.base);
      return `${numericPid(this.pids.apply(disambiguationId))}-${parts.homonym}`;
    }
    return numericPid(this.pids.apply(id));
  }

  /** A numeric key beyond every person's, for redirect stubs. */
  spareKey(ordinal: number): string {
    return `homepages/${numericPid(this.size + ordinal)}`;
  }

  orcid(id: number): string | undefined {
    if (hashUnit(this.seed, id, salt.orcid) >= orcidShare) return undefined;
    const digits = String(id).padStart(8, '0');
    const group = 1 + (hash32(this.seed, id, salt.orcid) % 3);
    return `0000-000${group}-${digits.slice(0, 4)}-${digits.slice(4, 8)}`;
  }

  /** The surname as DBLP keys use it: ASCII letters of its last word (`Aalst`, `Muller`). */
  keyName(id: number): string {
    const surname = toAscii(this.parts(id).surname);
    return surname.slice(surname.lastIndexOf(' ') + 1).replace(/[^A-Za-z]/g, '');
  }

  poolOf(id: number): NamePool {
    return this.parts(id).pool;
  }

  private legacyPid(id: number, parts: NameParts): string | undefined {
    const isDisambiguation = parts.homonym === 0 && parts.base < this.homonymBaseCount;
    if (parts.middle !== '' || isDisambiguation) return undefined;
    if (hashUnit(this.seed, id, salt.legacy) >= legacyPidShare) return undefined;
    const given = toAscii(parts.given);
    const surname = toAscii(parts.surname);
    if (!/^[A-Z][a-z]+$/.test(given) || !/^[A-Z][a-z]+$/.test(surname)) return undefined;
    const initial = surname.charAt(0).toLowerCase();
    return `${initial}/${given}${surname}${parts.homonym > 0 ? parts.homonym : ''}`;
  }

  private parts(id: number): NameParts {
    const nameIndex = this.names.apply(id);
    const homonym = this.homonymOf(nameIndex);
    const base = nameIndex - (this.tierStarts[homonym] ?? 0);
    const poolIndex = base % namePools.length;
    const pool = namePools[poolIndex] as NamePool;
    const slot = Math.floor(base / namePools.length);
    const combinations = pool.given.length * pool.surnames.length;
    const combination =
      ((slot % combinations) * (scatterMultipliers[poolIndex] ?? 1) + 12_345) % combinations;
    return {
      pool,
      given: pool.given[combination % pool.given.length] as string,
      surname: pool.surnames[Math.floor(combination / pool.given.length)] as string,
      middle: middleInitials(Math.floor(slot / combinations)),
      homonym,
      base,
    };
  }

  /** The homonym number of a name index: the tier it falls in. */
  private homonymOf(nameIndex: number): number {
    let low = 0;
    let high = this.tierStarts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((this.tierStarts[middle] ?? 0) <= nameIndex) low = middle;
      else high = middle - 1;
    }
    return low;
  }
}

/**
 * Multipliers coprime to each pool's number of name combinations: slot · multiplier spreads
 * consecutive slots over given names and surnames alike (a bijection), so a small dump does
 * not give everyone the first surname of the pool.
 */
const scatterMultipliers = namePools.map((pool) => {
  const combinations = pool.given.length * pool.surnames.length;
  let multiplier = 7919;
  while (greatestCommonDivisor(multiplier, combinations) !== 1) multiplier += 2;
  return multiplier;
});

/** 0 → '', 1 → 'A.', 26 → 'Z.', 27 → 'A. A.' (bijective base 26). */
function middleInitials(variant: number): string {
  let initials = '';
  for (let rest = variant; rest > 0; rest = Math.floor((rest - 1) / 26)) {
    const letter = String.fromCharCode(65 + ((rest - 1) % 26));
    initials = initials === '' ? `${letter}.` : `${letter}. ${initials}`;
  }
  return initials;
}

function suffix(homonym: number): string {
  return homonym === 0 ? '' : ` ${String(homonym).padStart(4, '0')}`;
}

function formatName(parts: NameParts): string {
  const middle = parts.middle === '' ? '' : `${parts.middle} `;
  return `${parts.given} ${middle}${parts.surname}${suffix(parts.homonym)}`;
}

/**
 * Alias spellings that no primary name can have, so names stay unique: the ASCII spelling
 * of a name with entities (`Kimmo Leppanen`), the middle initial written out (`Barbara
 * Helen Liskov`) or a hyphenated given name (`Hans-Peter`), which primary names never have.
 */
function aliasForms(parts: NameParts, roll: number): string[] {
  const forms: string[] = [];
  const primary = formatName(parts);
  if (primary.includes('&')) forms.push(toAscii(primary));
  const { secondGiven } = parts.pool;
  const second = secondGiven[roll % secondGiven.length] as string;
  const other = secondGiven[(roll + 1) % secondGiven.length] as string;
  const end = `${parts.surname}${suffix(parts.homonym)}`;
  if (parts.middle === '') {
    forms.push(`${parts.given}-${second} ${end}`, `${parts.given}-${other} ${end}`);
  } else {
    const [first = '', ...rest] = parts.middle.split(' ');
    const written = middleNamesByInitial[first.charCodeAt(0) - 65] as string;
    forms.push(
      [parts.given, written, ...rest, end].join(' '),
      `${parts.given}-${second} ${parts.middle} ${end}`,
    );
  }
  return forms;
}

const asciiFallbacks: Record<string, string> = { ß: 'ss', ø: 'o', Ø: 'O', æ: 'ae', Æ: 'AE' };

/** `Lepp&#228;nen` → `Leppanen`: entities decoded, then accents dropped. */
export function toAscii(spelled: string): string {
  if (!spelled.includes('&')) return spelled;
  const decoded = spelled.replace(/&(#?\w+);/g, (reference, name: string) => {
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
    return getBundledEntities().get(name) ?? reference;
  });
  return decoded
    .replace(/[ßøØæÆ]/g, (letter) => asciiFallbacks[letter] ?? letter)
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
}

/** `95/7448`: a prefix of 1 to 3 digits, then 4 digits with their leading zeros. */
function numericPid(slot: number): string {
  return `${1 + Math.floor(slot / 10_000)}/${String(slot % 10_000).padStart(4, '0')}`;
}
