// A synthetic data dump of the Research Organization Registry (schema v2), as large as a real
// release (about 120,000 records), for timing `npm run institutions:import-ror` without the
// network. Records have the shape of server/test/fixtures/ror/ror-v2-sample.json and the mix
// of a real release, from ROR's published statistics rounded: 93 % active, 6 % inactive, 1 %
// withdrawn; about 40 % with aliases, 35 % with an acronym, 30 % with labels in other
// languages, 70 % with a domain (some beside a public suffix, as ROR lists `edu.cn`), a
// quarter in a parent/child hierarchy, some related, and most inactive or withdrawn records
// pointing to their successor, which points back. Names repeat across countries as real ones
// do ('Ministry of Health'). The same seed writes the same bytes.
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';

/** A fixed pseudo-random sequence (a linear congruential generator), so runs compare. */
function createRandom(seed: number) {
  let state = seed % 2_147_483_648;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const countries = [
  ['US', 'United States', 'NA', 'North America', 'Boston'],
  ['CN', 'China', 'AS', 'Asia', 'Beijing'],
  ['GB', 'United Kingdom', 'EU', 'Europe', 'Oxford'],
  ['DE', 'Germany', 'EU', 'Europe', 'Berlin'],
  ['JP', 'Japan', 'AS', 'Asia', 'Tokyo'],
  ['FR', 'France', 'EU', 'Europe', 'Paris'],
  ['IN', 'India', 'AS', 'Asia', 'Bengaluru'],
  ['CH', 'Switzerland', 'EU', 'Europe', 'Zurich'],
  ['BR', 'Brazil', 'SA', 'South America', 'São Paulo'],
  ['CA', 'Canada', 'NA', 'North America', 'Montréal'],
] as const;
const languages = ['de', 'fr', 'es', 'zh', 'ja', 'it', 'pt', 'ru'] as const;
const kinds = [
  ['education', 'University of'],
  ['company', 'Systems'],
  ['healthcare', 'Hospital of'],
  ['facility', 'Laboratory for'],
  ['nonprofit', 'Foundation for'],
  ['government', 'Ministry of'],
  ['funder', 'Research Council of'],
  ['archive', 'Archive of'],
] as const;
const subjects = [
  'Applied Computing',
  'Physics',
  'Marine Biology',
  'Health',
  'Engineering',
  'Mathematics',
  'Agriculture',
  'Earth Sciences',
  'Linguistics',
  'Informatics',
  'Materials',
  'Energy',
] as const;
/** Public suffixes ROR lists beside an institution's own domain. */
const sharedSuffixes = ['edu.cn', 'ac.uk', 'edu', 'ac.jp', 'edu.br'] as const;

/** The ROR id of record `index`: '0', six base-36 characters, two digits. */
export function syntheticRorId(index: number): string {
  return `0${index.toString(36).padStart(6, '0')}${String(index % 97).padStart(2, '0')}`;
}

const rorUrl = (index: number) => `https://ror.org/${syntheticRorId(index)}`;

interface Plan {
  status: 'active' | 'inactive' | 'withdrawn';
  name: string;
  country: (typeof countries)[number];
  links: Array<{ type: string; index: number }>;
}

/**
 * Decides every record's status, name and links first, so that each link is written from both
 * ends (a parent lists its child, a successor its predecessor), as ROR does.
 */
function planRecords(count: number, random: () => number): Plan[] {
  const plans: Plan[] = [];
  for (let index = 0; index < count; index += 1) {
    const roll = random();
    const status = roll < 0.93 ? 'active' : roll < 0.99 ? 'inactive' : 'withdrawn';
    const [, prefix] = kinds[index % kinds.length]!;
    const subject = subjects[Math.floor(random() * subjects.length)]!;
    const country = countries[Math.floor(random() * countries.length)]!;
    const [, countryName, , , city] = country;
    // One name in thirty is shared with other records (the same ministry in each country).
    const name =
      random() < 1 / 30
        ? `${prefix} ${subject}`
        : `${prefix} ${subject} ${city} ${countryName} ${index.toString(36)}`;
    plans.push({ status, name, country, links: [] });
  }
  const link = (from: number, type: string, to: number, back: string) => {
    plans[from]!.links.push({ type, index: to });
    plans[to]!.links.push({ type: back, index: from });
  };
  for (let index = 1; index < count; index += 1) {
    const plan = plans[index]!;
    const other = Math.floor(random() * index);
    if (plan.status !== 'active') {
      // Most replaced records name an active successor earlier in the file.
      if (random() < 0.7 && plans[other]!.status === 'active') {
        link(index, 'successor', other, 'predecessor');
      }
      continue;
    }
    if (plans[other]!.status !== 'active') continue;
    const roll = random();
    if (roll < 0.25) link(index, 'parent', other, 'child');
    else if (roll < 0.3) link(index, 'related', other, 'related');
  }
  return plans;
}

function buildRecord(
  index: number,
  plan: Plan,
  random: () => number,
  labelOf: (index: number) => string,
) {
  const [countryCode, countryName, continentCode, continentName, city] = plan.country;
  const [type] = kinds[index % kinds.length]!;
  const slug = `inst${index.toString(36)}`;
  const names: Array<{ lang: string | null; types: string[]; value: string }> = [
    { lang: 'en', types: ['ror_display', 'label'], value: plan.name },
  ];
  if (random() < 0.35) {
    names.push({ lang: null, types: ['acronym'], value: `I${index.toString(36).toUpperCase()}` });
  }
  if (random() < 0.4) {
    const aliases = 1 + Math.floor(random() * 3);
    for (let alias = 0; alias < aliases; alias += 1) {
      names.push({
        lang: 'en',
        types: ['alias'],
        value: `${plan.name} (former name ${alias + 1})`,
      });
    }
  }
  if (random() < 0.3) {
    const labels = 1 + Math.floor(random() * 2);
    for (let label = 0; label < labels; label += 1) {
      const lang = languages[(index + label) % languages.length]!;
      names.push({ lang, types: ['label'], value: `${plan.name} [${lang}]` });
    }
  }
  const domains: string[] = [];
  if (random() < 0.7) domains.push(`${slug}.example.${countryCode.toLowerCase()}`);
  if (random() < 0.05) domains.push(sharedSuffixes[index % sharedSuffixes.length]!);
  const externalIds = [
    {
      all: [`grid.${index}.${slug.slice(-2)}`],
      preferred: `grid.${index}.${slug.slice(-2)}`,
      type: 'grid',
    },
    {
      all: [
        `0000 0004 ${String(1000 + (index % 9000))} ${String(index % 10_000).padStart(4, '0')}`,
      ],
      preferred: null,
      type: 'isni',
    },
    { all: [`Q${100_000 + index}`], preferred: `Q${100_000 + index}`, type: 'wikidata' },
  ];
  if (type === 'funder' || random() < 0.1) {
    externalIds.push({ all: [`${501_100_000 + index}`], preferred: null, type: 'fundref' });
  }
  return {
    admin: {
      created: { date: '2018-11-14', schema_version: '1.0' },
      last_modified: { date: '2024-12-11', schema_version: '2.1' },
    },
    domains,
    established: random() < 0.6 ? 1800 + Math.floor(random() * 220) : null,
    external_ids: externalIds,
    id: rorUrl(index),
    links: [
      { type: 'website', value: `https://${slug}.example.org` },
      ...(random() < 0.5
        ? [
            {
              type: 'wikipedia',
              value: `https://en.wikipedia.org/wiki/${encodeURIComponent(plan.name)}`,
            },
          ]
        : []),
    ],
    locations: [
      {
        geonames_details: {
          continent_code: continentCode,
          continent_name: continentName,
          country_code: countryCode,
          country_name: countryName,
          country_subdivision_code: null,
          country_subdivision_name: null,
          lat: Math.round(random() * 180_000 - 90_000) / 1000,
          lng: Math.round(random() * 360_000 - 180_000) / 1000,
          name: city,
        },
        geonames_id: 2_600_000 + (index % 100_000),
      },
    ],
    names,
    relationships: plan.links.map((entry) => ({
      label: labelOf(entry.index),
      type: entry.type,
      id: rorUrl(entry.index),
    })),
    status: plan.status,
    types: [type],
  };
}

/** Writes `count` records as one JSON array to `path`; answers its size in bytes. */
export async function writeSyntheticRorDump(
  path: string,
  { count, seed }: { count: number; seed: number },
): Promise<number> {
  const random = createRandom(seed);
  const plans = planRecords(count, random);
  const out = createWriteStream(path);
  let bytes = 0;
  const write = async (text: string) => {
    bytes += Buffer.byteLength(text);
    if (!out.write(text)) await once(out, 'drain');
  };
  await write('[\n');
  for (let index = 0; index < count; index += 1) {
    // Indented, so that the file has about the size of a release's JSON (~250 MB for
    // 120,000 records, docs/institutions.md): the reader's work grows with the bytes.
    const record = JSON.stringify(
      buildRecord(index, plans[index]!, random, (other) => plans[other]!.name),
      null,
      2,
    );
    await write(index === count - 1 ? `${record}\n` : `${record},\n`);
  }
  await write(']\n');
  out.end();
  await once(out, 'finish');
  return bytes;
}
