// The people on a synthetic record: a paper's authors (drawn from the co-author communities
// of population.ts, now and then joined by the prolific author) or a volume's editors,
// written as `<author>` / `<editor>` lines. A name is printed as the person's primary name or,
// for people with aliases, sometimes as an alias, as on real papers; recent records carry
// some `orcid` attributes. Also counts what the summary reports.
import type { PublicationKind } from '../../src/dblp/records.ts';
import { authorCount } from './author-counts.ts';
import type { PersonDirectory } from './names.ts';
import type { Population } from './population.ts';
import type { Random } from './random.ts';
import { field, fieldWith } from './record-text.ts';

export interface PublicationCounters {
  records: number;
  byKind: Record<PublicationKind, number>;
  /** Records whose authors were drawn (editors not counted): places the big papers. */
  authoredPapers: number;
  authorships: number;
  maxAuthors: number;
  papersWith100Authors: number;
  /** Papers of the prolific author (population.ts). */
  prolificPapers: number;
}

export function createCounters(): PublicationCounters {
  return {
    records: 0,
    byKind: {
      article: 0,
      inproceedings: 0,
      proceedings: 0,
      book: 0,
      incollection: 0,
      phdthesis: 0,
      mastersthesis: 0,
      data: 0,
    },
    authoredPapers: 0,
    authorships: 0,
    maxAuthors: 0,
    papersWith100Authors: 0,
    prolificPapers: 0,
  };
}

export interface UnitContext {
  random: Random;
  directory: PersonDirectory;
  population: Population;
  /** Chance that the prolific author joins a paper written from 1978 on. */
  prolificRate: number;
  counters: PublicationCounters;
}

/** Share of an aliased person's papers printed under an alias. */
const aliasOnPaperShare = 0.3;

export class Contributors {
  /** The ids drawn last, in byline order. */
  readonly ids: number[] = [];

  constructor(private readonly context: UnitContext) {}

  /** Draws a paper's authors (`count` of them, else a typical number) and writes their lines. */
  authorLines(year: number, mdate: string, count?: number): string {
    const { population, counters, random } = this.context;
    const wanted = count ?? authorCount(year, random, counters.authoredPapers);
    population.pickAuthors(year, wanted, random, this.ids);
    if (wanted > 1 && year >= 1978 && random.chance(this.context.prolificRate)) {
      population.addProlific(this.ids, random);
    }
    this.count();
    return this.lines('author', mdate);
  }

  editorLines(year: number, count: number, mdate: string): string {
    this.context.population.pickEditors(year, count, this.context.random, this.ids);
    return this.lines('editor', mdate);
  }

  /** `ChangSRM`: the first author's surname and the next authors' initials, as DBLP keys. */
  keyStem(): string {
    const { directory } = this.context;
    let stem = directory.keyName(this.ids[0] ?? 0);
    const last = Math.min(this.ids.length, 9);
    for (let index = 1; index < last; index++) {
      stem += directory.keyName(this.ids[index] ?? 0).charAt(0);
    }
    return stem;
  }

  private lines(element: string, mdate: string): string {
    const mayHaveOrcid = mdate >= '2020';
    let lines = '';
    for (const id of this.ids) lines += this.line(element, id, mayHaveOrcid);
    return lines;
  }

  private line(element: string, id: number, mayHaveOrcid: boolean): string {
    const { directory, random } = this.context;
    const aliases = directory.aliases(id);
    const isAlias = aliases.length > 0 && random.chance(aliasOnPaperShare);
    const name = isAlias ? random.pick(aliases) : directory.primaryName(id);
    const orcid = mayHaveOrcid ? directory.orcid(id) : undefined;
    if (orcid === undefined || random.chance(0.5)) return field(element, name);
    return fieldWith(element, `orcid="${orcid}"`, name);
  }

  private count() {
    const { counters, population } = this.context;
    const count = this.ids.length;
    counters.authoredPapers++;
    counters.authorships += count;
    if (count > counters.maxAuthors) counters.maxAuthors = count;
    if (count >= 100) counters.papersWith100Authors++;
    if (this.ids.includes(population.prolificId)) counters.prolificPapers++;
  }
}
