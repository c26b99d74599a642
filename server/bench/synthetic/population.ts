// Who writes with whom, so that co-authorship looks like DBLP's to a conflict checker:
// people belong to stable research communities of consecutive ids, active over a span of
// years that starts later for later communities (DBLP grows every year). A paper's authors
// mostly come from one community, some from neighbouring ones, a few from anywhere; within
// a community a Zipf law (mixed with a uniform share) makes a few members prolific and most
// occasional. Juniors join a community years after it starts. One person is prolific
// across the whole dump.
import { hash32, hashUnit } from './random.ts';
import type { Random } from './random.ts';

export const firstYear = 1970;
export const lastYear = 2026;
const communitySize = 40;
/**
 * Communities start between these years, more of them each year (5 % growth); their junior
 * members keep joining for years after, so people new to DBLP appear up to 2026.
 */
const earliestStart = 1962;
const latestStart = 2020;
const startGrowth = 0.05;
/** Member ranks: Zipf-distributed, mixed with a uniform share so few members have no paper. */
const zipfExponent = 0.8;
const uniformShare = 0.4;
const zipfResolution = 4096;
const salt = { duration: 21, juniorDelay: 22 };

export class Population {
  readonly communityCount: number;
  /** The most prolific author: on a fixed share of all papers from 1978 on. */
  readonly prolificId: number;
  private readonly rankTable = buildZipfTable(communitySize);

  constructor(
    readonly size: number,
    private readonly seed: number,
  ) {
    this.communityCount = Math.max(1, Math.ceil(size / communitySize));
    const community = Math.min(this.communityCount - 1, this.communitiesStartedBy(1978));
    this.prolificId = this.memberId(community, 0);
  }

  communityOf(id: number): number {
    return Math.floor(id / communitySize);
  }

  /** Fills `authors` with `count` distinct people writing a paper in `year`. */
  pickAuthors(year: number, count: number, random: Random, authors: number[]): void {
    authors.length = 0;
    const wanted = Math.min(count, this.size);
    if (wanted >= 100) return this.pickConsortium(wanted, random, authors);
    const community = this.pickCommunity(year, random);
    authors.push(this.pickMember(community, year, random));
    for (let attempt = 0; authors.length < wanted; attempt++) {
      const candidate =
        attempt > 8 * wanted ? random.below(this.size) : this.pickCoauthor(community, year, random);
      if (!authors.includes(candidate)) authors.push(candidate);
    }
  }

  /** Adds the prolific author (at a random position) if not already there. */
  addProlific(authors: number[], random: Random): void {
    if (authors.includes(this.prolificId)) return;
    authors.splice(random.below(authors.length + 1), 0, this.prolificId);
  }

  /** People to edit a volume: senior members of active communities. */
  pickEditors(year: number, count: number, random: Random, editors: number[]): void {
    editors.length = 0;
    for (let attempt = 0; editors.length < count && attempt < 4 * count; attempt++) {
      const community = this.pickCommunity(year, random);
      const editor = this.memberId(community, random.below(3));
      if (!editors.includes(editor)) editors.push(editor);
    }
  }

  pickCommunity(year: number, random: Random): number {
    const started = Math.max(1, this.communitiesStartedBy(year));
    let community = 0;
    for (let attempt = 0; attempt < 16; attempt++) {
      community = random.below(started);
      if (this.communityEnd(community) >= year) return community;
    }
    return community;
  }

  private pickCoauthor(community: number, year: number, random: Random): number {
    const roll = random.float();
    if (roll < 0.78) return this.pickMember(community, year, random);
    if (roll < 0.95) {
      const distance = random.between(1, 3) * (random.chance(0.5) ? 1 : -1);
      const neighbour = Math.min(this.communityCount - 1, Math.max(0, community + distance));
      return this.pickMember(neighbour, year, random);
    }
    return this.pickMember(this.pickCommunity(year, random), year, random);
  }

  /** A member by rank, preferring one whose career has started by `year`. */
  private pickMember(community: number, year: number, random: Random): number {
    let rank = 0;
    for (let attempt = 0; attempt < 4; attempt++) {
      rank = random.chance(uniformShare)
        ? random.below(communitySize)
        : (this.rankTable[random.below(zipfResolution)] ?? 0);
      if (this.careerStart(community, rank) <= year) break;
    }
    return this.memberId(community, rank);
  }

  /** `count` consecutive people from a random start: a big collaboration's author list. */
  private pickConsortium(count: number, random: Random, authors: number[]): void {
    const start = random.below(this.size);
    for (let offset = 0; offset < count; offset++) authors.push((start + offset) % this.size);
  }

  private memberId(community: number, rank: number): number {
    const id = community * communitySize + rank;
    if (id < this.size) return id;
    const lastSize = this.size - community * communitySize;
    return community * communitySize + (rank % Math.max(1, lastSize));
  }

  /** Communities are numbered by start year: those started by `year` are [0, result). */
  private communitiesStartedBy(year: number): number {
    return Math.floor(this.communityCount * startShare(year + 1));
  }

  private communityStart(community: number): number {
    return startYearAt((community + 0.5) / this.communityCount);
  }

  private communityEnd(community: number): number {
    return this.communityStart(community) + 12 + (hash32(this.seed, community, salt.duration) % 35);
  }

  /** The four most senior members are there from the start; the others join later. */
  private careerStart(community: number, rank: number): number {
    const start = this.communityStart(community);
    if (rank < 4) return start;
    const delay = hashUnit(this.seed, community * communitySize + rank, salt.juniorDelay);
    return start + Math.floor(delay * 0.6 * (this.communityEnd(community) - start));
  }
}

const growthSpan = Math.expm1(startGrowth * (latestStart - earliestStart));

/** Share of communities started before `year` (exponential growth). */
function startShare(year: number): number {
  const clamped = Math.min(latestStart, Math.max(earliestStart, year));
  return Math.expm1(startGrowth * (clamped - earliestStart)) / growthSpan;
}

/** The inverse of startShare: the start year of the community at quantile `share`. */
function startYearAt(share: number): number {
  return earliestStart + Math.floor(Math.log1p(share * growthSpan) / startGrowth);
}

/** A lookup table from a uniform integer below zipfResolution to a Zipf-distributed rank. */
function buildZipfTable(size: number): Uint8Array {
  const weights = Array.from({ length: size }, (_, rank) => 1 / (rank + 1) ** zipfExponent);
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const table = new Uint8Array(zipfResolution);
  let rank = 0;
  let cumulative = (weights[0] ?? 0) / total;
  for (let slot = 0; slot < zipfResolution; slot++) {
    while ((slot + 0.5) / zipfResolution > cumulative && rank < size - 1) {
      rank++;
      cumulative += (weights[rank] ?? 0) / total;
    }
    table[slot] = rank;
  }
  return table;
}
