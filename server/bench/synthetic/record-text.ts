// The small pieces every synthetic record is written with, in the real dump's layout: no
// indentation, one field per line, attributes in one of the orders the dump uses, and
// records separated by a newline, sometimes by nothing (`</article><article …>`) or by an
// empty line. Text arrives already spelled in DBLP's ASCII-with-entities form.
import type { Random } from './random.ts';

/** Share of records glued to the one before, and followed by an empty line. */
const gluedShare = 0.1;
const blankLineShare = 0.02;

export function openRecord(
  element: string,
  key: string,
  mdate: string,
  random: Random,
  publtype?: string,
): string {
  const type = publtype === undefined ? '' : ` publtype="${publtype}"`;
  if (random.chance(0.15)) return `<${element} key="${key}" mdate="${mdate}"${type}>\n`;
  return `<${element} mdate="${mdate}" key="${key}"${type}>\n`;
}

export function closeRecord(element: string, random: Random): string {
  const roll = random.float();
  if (roll < gluedShare) return `</${element}>`;
  if (roll < gluedShare + blankLineShare) return `</${element}>\n\n`;
  return `</${element}>\n`;
}

export function field(name: string, text: string): string {
  return `<${name}>${text}</${name}>\n`;
}

export function fieldWith(name: string, attributes: string, text: string): string {
  return `<${name} ${attributes}>${text}</${name}>\n`;
}

/** A modification date on or after the publication year (the dump's mdates start in 2002). */
export function modificationDate(year: number, random: Random): string {
  const from = Math.max(2002, Math.min(year, 2026));
  const recentBias = Math.max(random.float(), random.float());
  const mdateYear = from + Math.floor(recentBias * (2026 - from + 1));
  const month = random.between(1, mdateYear === 2026 ? 10 : 12);
  const day = random.between(1, 28);
  return `${mdateYear}-${twoDigits(month)}-${twoDigits(day)}`;
}

export function twoDigits(value: number): string {
  return value < 10 ? `0${value}` : String(value);
}

/** Pages `start-end` within an issue or proceedings volume. */
export function pageRange(random: Random): string {
  const start = random.between(1, 900);
  return `${start}-${start + random.between(3, 24)}`;
}

/** `a`, `b` … `z`, `aa` …: the letter DBLP appends to tell apart keys that would clash. */
export function disambiguator(clash: number): string {
  let letters = '';
  for (let rest = clash; rest > 0; rest = Math.floor((rest - 1) / 26)) {
    letters = String.fromCharCode(97 + ((rest - 1) % 26)) + letters;
  }
  return letters;
}

/** Makes `stem` unique among the keys of one unit, as DBLP's `Bleumer11x` letters do. */
export function uniqueKey(stem: string, taken: Set<string>): string {
  let key = stem;
  for (let clash = 1; taken.has(key); clash++) key = stem + disambiguator(clash);
  taken.add(key);
  return key;
}

const doiPrefixes: Record<string, string> = {
  ACM: '10.1145',
  IEEE: '10.1109',
  Springer: '10.1007',
  Elsevier: '10.1016',
  'IOS Press': '10.3233',
  SIAM: '10.1137',
  'Morgan &amp; Claypool Publishers': '10.2200',
};

/** An electronic edition link as the publisher would give it. */
export function electronicEdition(publisher: string, random: Random): string {
  const prefix = doiPrefixes[publisher];
  const number = `${random.between(1_000_000, 9_999_999)}.${random.between(1000, 99_999)}`;
  if (prefix !== undefined) return `https://doi.org/${prefix}/${number}`;
  if (publisher.startsWith('Schloss')) return `https://doi.org/10.4230/LIPIcs.${number}`;
  if (publisher === 'OpenReview.net') return `https://openreview.net/forum?id=${number}`;
  return `https://www.usenix.org/conference/paper/${number}`;
}

export function isbn(random: Random): string {
  const group = random.between(0, 3);
  const publisher = random.between(100, 999);
  const title = random.between(10_000, 99_999);
  return `978-${group}-${publisher}-${title}-${random.between(0, 9)}`;
}

/** A date in `[fromYear, 2026]`, uniformly: `2019-05-27`. */
export function dateBetween(fromYear: number, random: Random): string {
  const year = random.between(fromYear, 2026);
  const month = twoDigits(random.between(1, 10));
  return `${year}-${month}-${twoDigits(random.between(1, 28))}`;
}
