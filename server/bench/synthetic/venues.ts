// Where the synthetic papers appear, and in which order the dump lists them. A unit is one
// batch of records that belong together: a conference's proceedings with its papers, a
// journal issue, a month of CoRR preprints, an encyclopedia edition, a year of theses.
// Units are numbered so that any prefix of the numbering is a random sample of all venues
// and years: a 2 MB dump and a 5 GB dump both span 1970 to 2026.
import { firstYear, lastYear } from './population.ts';
import { AffinePermutation, hash32 } from './random.ts';
import { venueWords } from './vocabulary.ts';

export type VenueKind =
  | 'journal'
  | 'conference'
  | 'corr'
  | 'encyclopedia'
  | 'book-series'
  | 'monographs'
  | 'phd'
  | 'masters';

export interface Venue {
  kind: VenueKind;
  /** The second key segment: `conf/<abbr>/…`, `journals/<abbr>/…`. */
  abbr: string;
  /** The journal name, or the booktitle of a conference. */
  name: string;
  /** The full name, for proceedings titles. */
  longName: string;
  publisher: string;
  firstYear: number;
  unitsPerYear: number;
  /** Records in a unit of this venue around 2010; more later, fewer earlier. */
  baseSize: number;
}

export interface Unit {
  venue: Venue;
  year: number;
  /** 0 for a venue's first unit of a year; distinguishes volumes, issues and months. */
  part: number;
}

/** New venues appear 6 % more often each year, until 2012; then the venues grow instead. */
const venueGrowth = 0.06;
const lastVenueStart = 2012;

/** How many venues of each kind, and their shape. */
const venueCounts: Record<VenueKind, number> = {
  journal: 1200,
  conference: 2600,
  corr: 1,
  encyclopedia: 40,
  'book-series': 60,
  monographs: 12,
  phd: 12,
  masters: 1,
};

export class VenueCatalog {
  readonly venues: Venue[] = [];
  /** unitStarts[v]: the first unit index of venue v within one cycle. */
  private readonly unitStarts: number[] = [];
  private readonly cycleLength: number;
  private readonly order: AffinePermutation;

  constructor(seed: number) {
    const taken = new Set<string>();
    for (const [kind, count] of Object.entries(venueCounts) as [VenueKind, number][]) {
      for (let index = 0; index < count; index++) {
        this.venues.push(createVenue(kind, index, hash32(seed, this.venues.length, 31), taken));
      }
    }
    let start = 0;
    for (const venue of this.venues) {
      this.unitStarts.push(start);
      start += (lastYear - venue.firstYear + 1) * venue.unitsPerYear;
    }
    this.cycleLength = start;
    this.order = new AffinePermutation(this.cycleLength, hash32(seed, 32));
  }

  /** The unit at position `index` of the dump. Distinct indexes give distinct units. */
  unitAt(index: number): Unit {
    const cycle = Math.floor(index / this.cycleLength);
    const slot = this.order.apply(index % this.cycleLength);
    const venueIndex = this.venueIndexOf(slot);
    const venue = this.venues[venueIndex] as Venue;
    const offset = slot - (this.unitStarts[venueIndex] ?? 0);
    const year = venue.firstYear + Math.floor(offset / venue.unitsPerYear);
    const part = (offset % venue.unitsPerYear) + cycle * venue.unitsPerYear;
    return { venue, year, part };
  }

  private venueIndexOf(slot: number): number {
    let low = 0;
    let high = this.unitStarts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((this.unitStarts[middle] ?? 0) <= slot) low = middle;
      else high = middle - 1;
    }
    return low;
  }
}

/**
 * Unit sizes grow 3 % a year (the number of venues grows too, see venueFirstYear); CoRR grew
 * 15 % a year from a handful of preprints in the 1990s.
 */
export function unitSize(unit: Unit, roll: number): number {
  const isPreprints = unit.venue.kind === 'corr';
  const [rate, pivot, least, most] = isPreprints ? [0.15, 2020, 0.02, 1.3] : [0.01, 2010, 0.5, 1.3];
  const growth = Math.min(most, Math.max(least, Math.exp(rate * (unit.year - pivot))));
  const jitter = 0.7 + 0.6 * roll;
  return Math.max(1, Math.round(unit.venue.baseSize * growth * jitter));
}

/**
 * A start year on an exponential curve (venueGrowth). With the unit sizes, this puts 0.5 % of
 * the papers in the 1970s, 2 % in the 1980s, 7 % in the 1990s, 19 % in the 2000s, 39 % in
 * the 2010s and 32 % from 2020 on, close to DBLP's own curve (0.5, 2, 7, 20, 37, 33 %).
 */
function venueFirstYear(kind: VenueKind, roll: number): number {
  const earliest: Record<VenueKind, number> = {
    journal: firstYear,
    conference: firstYear,
    corr: 1993,
    encyclopedia: 1995,
    'book-series': 1980,
    monographs: firstYear,
    phd: firstYear,
    masters: 1985,
  };
  const from = earliest[kind];
  if (kind === 'corr' || kind === 'phd' || kind === 'monographs' || kind === 'masters') return from;
  const span = Math.expm1(venueGrowth * (lastVenueStart - from));
  return from + Math.floor(Math.log1p(roll * span) / venueGrowth);
}

function createVenue(kind: VenueKind, index: number, roll: number, taken: Set<string>): Venue {
  const unit = roll / 4294967296;
  const [fieldName = '', fieldAbbr = ''] = (
    venueWords.fields[index % venueWords.fields.length] as string
  ).split('|');
  const organisation = venueWords.organisations[roll % venueWords.organisations.length] as string;
  const publisher = venueWords.publishers[(roll >>> 8) % venueWords.publishers.length] as string;
  const shape = venueShape(kind, fieldName, fieldAbbr, organisation, index);
  let abbr = shape.abbr;
  for (let copy = 2; taken.has(abbr); copy++) abbr = `${shape.abbr}${copy}`;
  taken.add(abbr);
  return {
    kind,
    abbr,
    name: shape.name,
    longName: shape.longName,
    publisher,
    firstYear: venueFirstYear(kind, unit),
    unitsPerYear: kind === 'corr' ? 12 : kind === 'journal' ? 1 + (roll % 4) : 1,
    baseSize: Math.round(shape.size * (0.5 + unit)),
  };
}

interface VenueShape {
  abbr: string;
  name: string;
  longName: string;
  size: number;
}

function venueShape(
  kind: VenueKind,
  field: string,
  fieldAbbr: string,
  organisation: string,
  index: number,
): VenueShape {
  const series = Math.floor(index / venueWords.fields.length);
  const letter = String.fromCharCode(65 + (series % 26));
  switch (kind) {
    case 'journal': {
      const name = `${series % 2 === 0 ? `${organisation} Trans.` : 'Int. J.'} ${field}`;
      const abbr = `${series % 2 === 0 ? 't' : 'ij'}${fieldAbbr}`.toLowerCase();
      return { abbr, name, longName: name, size: 24 };
    }
    case 'conference': {
      const acronym = `${letter}${fieldAbbr}`;
      const meeting = series % 3 === 0 ? 'International Conference' : 'Symposium';
      const longName = `${organisation} ${meeting} on ${field}`;
      return { abbr: acronym.toLowerCase(), name: acronym, longName, size: 45 };
    }
    case 'corr':
      return { abbr: 'corr', name: 'CoRR', longName: 'Computing Research Repository', size: 1500 };
    case 'encyclopedia':
      return {
        abbr: `${fieldAbbr}enc`.toLowerCase(),
        name: `Encyclopedia of ${field}`,
        longName: `Encyclopedia of ${field}`,
        size: 60,
      };
    case 'book-series':
      return {
        abbr: `s${fieldAbbr}`.toLowerCase(),
        name: `Studies in ${field}`,
        longName: `Studies in ${field}`,
        size: 14,
      };
    case 'monographs':
      return {
        abbr: bookAbbrs[index % bookAbbrs.length] as string,
        name: '',
        longName: '',
        size: 12,
      };
    case 'phd': {
      const country = phdCountries[index % phdCountries.length] as string;
      return { abbr: country, name: '', longName: '', size: 60 };
    }
    case 'masters':
      return { abbr: 'ms', name: '', longName: '', size: 4 };
  }
}

const phdCountries = ['us', 'de', 'fr', 'gb', 'ch', 'nl', 'it', 'es', 'cn', 'jp', 'in', 'ca'];
/** `books/<abbr>/…`: DBLP's own library (daglib) and publishers' series. */
const bookAbbrs = ['daglib', 'sp', 'acm', 'mk', 'ws', 'crc', 'cu', 'mit', 'aw', 'ph', 'el', 'ieee'];
