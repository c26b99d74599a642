// A synthetic DBLP dump for scale tests and benchmarks, in the real dump's format: the XML
// declaration and DOCTYPE, DBLP's own notes first, then publications, then every person
// record (DBLP puts them last), deterministic for a seed. It is a generator of text chunks,
// so memory stays constant whatever the size: people, names and keys are computed from ids
// (names.ts, population.ts), never stored. Sized by bytes (the publications stop where the
// estimated person records still fit) or by an exact number of publication records.
import { ChunkBuffer } from './chunk-buffer.ts';
import { createCounters } from './contributors.ts';
import type { PublicationCounters, UnitContext } from './contributors.ts';
import { PersonDirectory } from './names.ts';
import { createPersonCounters, writePersonRecord, writeRedirectStub } from './person-records.ts';
import type { PersonCounters } from './person-records.ts';
import { Population } from './population.ts';
import { hash32, Random } from './random.ts';
import { writeUnit } from './unit-records.ts';
import { VenueCatalog } from './venues.ts';

/** Raise whenever a change alters the bytes written for a seed: cached dumps are then redone. */
export const syntheticDumpVersion = 1;

export interface SyntheticDumpOptions {
  seed: number;
  /** The file size to aim at, in bytes (lands within about 1 %). */
  targetBytes?: number;
  /** Exactly this many publication records instead. */
  publications?: number;
}

export interface SyntheticDumpSummary {
  seed: number;
  bytes: number;
  publications: PublicationCounters;
  persons: PersonCounters;
  /** `dblpnote/…` and non-person `www` records, which a parser skips. */
  skippedRecords: number;
  prolificAuthor: { name: string; key: string };
}

/** Calibration, measured on this generator's output: average bytes of one publication record. */
const bytesPerPublication = 540;
const bytesPerPerson = 150;
/** DBLP has about one person per two publications (3.5–4 M people for 8 M publications). */
const personsPerPublication = 0.48;
const redirectStubsPerPerson = 0.01;
const header =
  '<?xml version="1.0" encoding="ISO-8859-1"?>\n<!DOCTYPE dblp SYSTEM "dblp.dtd">\n<dblp>\n';
const footer = '</dblp>\n';

/** DBLP's notes at the top of the dump, and a web page that is not a person. */
const openingRecords = [
  '<article mdate="2017-06-07" key="dblpnote/error" publtype="informal">\n' +
    '<title>(error)</title>\n</article>\n',
  '<article mdate="2017-06-07" key="dblpnote/ellipsis" publtype="informal">\n' +
    '<title>&#8230;</title>\n</article>\n',
  '<article mdate="2017-06-07" key="dblpnote/neverpublished" publtype="informal">\n' +
    '<title>(was never published)</title>\n</article>\n',
  '<www mdate="2018-10-18" key="persons/Ley2003">\n<author>Michael Ley</author>\n' +
    '<title>ACM SIGMOD Contribution Award 2003 Acceptance Speech</title>\n<year>2003</year>\n' +
    '<ee>http://www.informatik.uni-trier.de/~ley/db/about/contributionaward03.html</ee>\n' +
    '</www>\n',
];

/** Yields the dump as chunks of ASCII bytes (about 1 MB each). Fills `summary` as it goes. */
export function* generateSyntheticDump(
  options: SyntheticDumpOptions,
  summary: SyntheticDumpSummary = createSummary(options.seed),
): Generator<Buffer> {
  const plan = planDump(options);
  const { directory, population } = plan;
  summary.prolificAuthor = {
    name: directory.primaryName(population.prolificId),
    key: directory.key(population.prolificId),
  };
  const output = new ChunkBuffer();
  output.append(header + openingRecords.join(''));
  summary.skippedRecords = openingRecords.length;
  for (const _ of publicationUnits(options, plan, summary, output)) yield* output.takeFull();
  for (const text of personTexts(plan, options.seed, summary.persons)) {
    output.append(text);
    yield* output.takeFull();
  }
  output.append(footer);
  summary.bytes = output.bytes;
  yield* output.finish();
}

export function createSummary(seed: number): SyntheticDumpSummary {
  return {
    seed,
    bytes: 0,
    publications: createCounters(),
    persons: createPersonCounters(),
    skippedRecords: 0,
    prolificAuthor: { name: '', key: '' },
  };
}

interface DumpPlan {
  directory: PersonDirectory;
  population: Population;
  redirectStubs: number;
  expectedPublications: number;
  /** Estimated bytes of the person records and the footer, reserved at the end. */
  personBytes: number;
}

function planDump(options: SyntheticDumpOptions): DumpPlan {
  const { seed, targetBytes, publications } = options;
  if (publications === undefined && targetBytes === undefined) {
    throw new Error('give the size of the dump: targetBytes or publications');
  }
  const expectedPublications =
    publications ??
    (targetBytes ?? 0) / (bytesPerPublication + personsPerPublication * bytesPerPerson);
  const personCount = Math.max(50, Math.round(expectedPublications * personsPerPublication));
  const directory = new PersonDirectory(personCount, seed);
  const population = new Population(personCount, seed);
  const redirectStubs = Math.round(personCount * redirectStubsPerPerson);
  const personBytes = estimatePersonBytes(directory, population, seed, redirectStubs);
  return { directory, population, redirectStubs, expectedPublications, personBytes };
}

/** The person records' total size, from a sample of them (they are computed from ids). */
function estimatePersonBytes(
  directory: PersonDirectory,
  population: Population,
  seed: number,
  redirectStubs: number,
): number {
  const samples = Math.min(directory.size, 4000);
  let sampled = 0;
  for (let sample = 0; sample < samples; sample++) {
    const id = hash32(seed, sample, 51) % directory.size;
    sampled += writePersonRecord(directory, population, seed, id).length;
  }
  const stubBytes = redirectStubs * writeRedirectStub(directory, seed, 0).length;
  return Math.round((sampled / samples) * directory.size) + stubBytes + footer.length;
}

/** Writes one unit of publications into `output` per step, until the dump is big enough. */
function* publicationUnits(
  options: SyntheticDumpOptions,
  plan: DumpPlan,
  summary: SyntheticDumpSummary,
  output: ChunkBuffer,
): Generator<number> {
  const random = new Random(hash32(options.seed, 61));
  const catalog = new VenueCatalog(options.seed);
  const context: UnitContext = {
    random,
    directory: plan.directory,
    population: plan.population,
    prolificRate: Math.min(0.0015, 3000 / Math.max(1, plan.expectedPublications)),
    counters: summary.publications,
  };
  const sink = (text: string) => output.append(text);
  const { publications, targetBytes = 0 } = options;
  for (let unitIndex = 0; ; unitIndex++) {
    const records = summary.publications.records;
    if (publications !== undefined && records >= publications) return;
    if (publications === undefined && output.bytes + plan.personBytes >= targetBytes) return;
    const budget = publications === undefined ? Infinity : publications - records;
    writeUnit(context, catalog.unitAt(unitIndex), unitIndex, budget, sink);
    yield unitIndex;
  }
}

/** Every person in id order, the redirect stubs spread evenly between them. */
function* personTexts(plan: DumpPlan, seed: number, counters: PersonCounters): Generator<string> {
  const { directory, population, redirectStubs } = plan;
  let stub = 0;
  for (let id = 0; id < directory.size; id++) {
    yield writePersonRecord(directory, population, seed, id, counters);
    while (stub < redirectStubs && (stub + 1) * directory.size <= (id + 1) * (redirectStubs + 1)) {
      yield writeRedirectStub(directory, seed, stub);
      stub++;
      counters.redirectStubs++;
    }
  }
  for (; stub < redirectStubs; stub++, counters.redirectStubs++) {
    yield writeRedirectStub(directory, seed, stub);
  }
}
