// The person records that close the dump: `<www key="homepages/…">` with
// `<title>Home Page</title>`, the primary name then its aliases, affiliation notes (some
// `label="former"`, `label="PhD 2007"`), rare awards, a CJK "unicode name" note written as
// numeric references, identity URLs; disambiguation profiles for shared names; and redirect
// stubs that hold only a `<crossref>` to the profile a person was merged into (now and then
// to another stub, so the importer must follow them transitively). A person's record
// depends only on the seed and its id, so it matches the papers written long before it.
import type { PersonDirectory } from './names.ts';
import type { Population } from './population.ts';
import { hash32, Random } from './random.ts';
import { closeRecord, dateBetween, field, fieldWith } from './record-text.ts';
import { awards, institutions } from './vocabulary.ts';

const salt = { person: 41, institution: 42, stub: 43 };
/** Share of people sharing their community's institution. */
const sameInstitutionShare = 0.75;

export interface PersonCounters {
  persons: number;
  withAliases: number;
  disambiguations: number;
  redirectStubs: number;
}

export function createPersonCounters(): PersonCounters {
  return { persons: 0, withAliases: 0, disambiguations: 0, redirectStubs: 0 };
}

export function writePersonRecord(
  directory: PersonDirectory,
  population: Population,
  seed: number,
  id: number,
  counters?: PersonCounters,
): string {
  const random = new Random(hash32(seed, id, salt.person));
  const isDisambiguation = directory.isDisambiguation(id);
  const aliases = directory.aliases(id);
  let text = openPersonRecord(directory.key(id), random, isDisambiguation);
  text += field('author', directory.primaryName(id));
  for (const alias of aliases) text += field('author', alias);
  text += field('title', 'Home Page');
  if (!isDisambiguation) text += personDetails(directory, population, seed, id, random);
  text += closeRecord('www', random);
  if (counters) {
    counters.persons++;
    if (aliases.length > 0) counters.withAliases++;
    if (isDisambiguation) counters.disambiguations++;
  }
  return text;
}

/** A merged profile's old key, pointing at a person or, rarely, at an earlier stub. */
export function writeRedirectStub(
  directory: PersonDirectory,
  seed: number,
  ordinal: number,
): string {
  const random = new Random(hash32(seed, ordinal, salt.stub));
  const target =
    ordinal > 0 && random.chance(0.05)
      ? directory.spareKey(random.below(ordinal))
      : directory.key(random.below(directory.size));
  const mdate = dateBetween(2010, random);
  const key = directory.spareKey(ordinal);
  const crossref = field('crossref', target);
  return `<www mdate="${mdate}" key="${key}">\n${crossref}${closeRecord('www', random)}`;
}

function openPersonRecord(key: string, random: Random, isDisambiguation: boolean): string {
  const mdate = dateBetween(2009, random);
  const publtype = isDisambiguation ? ' publtype="disambiguation"' : '';
  if (random.chance(0.3)) return `<www key="${key}" mdate="${mdate}"${publtype}>\n`;
  return `<www mdate="${mdate}" key="${key}"${publtype}>\n`;
}

function personDetails(
  directory: PersonDirectory,
  population: Population,
  seed: number,
  id: number,
  random: Random,
): string {
  let text = affiliationNotes(population, seed, id, random);
  if (random.chance(0.003)) {
    text += fieldWith(
      'note',
      `label="${random.between(1990, 2025)}" type="award"`,
      random.pick(awards),
    );
  }
  if (directory.poolOf(id).hasCjkNotes && random.chance(0.15)) {
    text += field('note', cjkName(random));
  }
  text += identityUrls(directory.orcid(id), id, random);
  return text;
}

function affiliationNotes(population: Population, seed: number, id: number, random: Random) {
  const roll = random.float();
  if (roll >= 0.48) return '';
  const community = population.communityOf(id);
  const shared = hash32(seed, community, salt.institution) % institutions.length;
  const current = random.chance(sameInstitutionShare) ? shared : random.below(institutions.length);
  let text = fieldWith('note', 'type="affiliation"', institutions[current] as string);
  if (roll < 0.35) return text;
  const other = institutions[random.below(institutions.length)] as string;
  const label = roll < 0.45 ? 'former' : `PhD ${random.between(1980, 2024)}`;
  text += fieldWith('note', `label="${label}" type="affiliation"`, other);
  return text;
}

/** Two or three CJK ideographs as hexadecimal references: `&#x68EE;&#x5D8B;`. */
function cjkName(random: Random): string {
  let name = '';
  const length = random.between(2, 3);
  for (let index = 0; index < length; index++) {
    name += `&#x${(0x4e00 + random.below(0x51a5)).toString(16).toUpperCase()};`;
  }
  return name;
}

function identityUrls(orcid: string | undefined, id: number, random: Random): string {
  let text = '';
  if (random.chance(0.25)) text += field('url', `https://www.example.edu/~person${id}/`);
  if (random.chance(0.1)) {
    text += field('url', `https://scholar.google.com/citations?user=${id.toString(36)}AAAAJ`);
  }
  if (orcid !== undefined) text += field('url', `https://orcid.org/${orcid}`);
  if (random.chance(0.03)) text += field('url', `https://www.wikidata.org/entity/Q${100_000 + id}`);
  return text;
}
