// How many authors a synthetic paper has: mostly 1 to 6, more in recent years, with a long
// tail, and a paper with 100 to 3000 authors (a physics-style collaboration) every
// 20 000 papers, plus rare random ones, so even a small dump has one.
import type { Random } from './random.ts';

interface CountBand {
  min: number;
  max: number;
  weight: number;
}

interface Bands {
  bands: readonly CountBand[];
  total: number;
}

function bands(...list: [min: number, max: number, weight: number][]): Bands {
  const counts = list.map(([min, max, weight]) => ({ min, max, weight }));
  return { bands: counts, total: counts.reduce((sum, { weight }) => sum + weight, 0) };
}

/** Means of about 2.0, 3.2 and 4.1 authors per paper. */
const early = bands([1, 1, 40], [2, 2, 33], [3, 3, 17], [4, 4, 7], [5, 6, 3]);
const middle = bands(
  [1, 1, 16],
  [2, 2, 27],
  [3, 3, 25],
  [4, 4, 15],
  [5, 5, 8],
  [6, 6, 4],
  [7, 10, 4.4],
  [11, 30, 0.6],
);
const recent = bands(
  [1, 1, 8],
  [2, 2, 18],
  [3, 3, 23],
  [4, 4, 20],
  [5, 5, 13],
  [6, 6, 8.65],
  [7, 10, 8],
  [11, 30, 1.2],
  [31, 99, 0.15],
);

const bigPaperInterval = 20_000;

/** The author count of the `ordinal`-th paper with authors, written in `year`. */
export function authorCount(year: number, random: Random, ordinal: number): number {
  const isBig = ordinal % bigPaperInterval === 1999 || (year >= 2000 && random.chance(1 / 50_000));
  if (isBig) return Math.min(3000, Math.floor(100 / random.float() ** 0.7));
  const era = year < 1990 ? early : year < 2010 ? middle : recent;
  let roll = random.float() * era.total;
  for (const { min, max, weight } of era.bands) {
    if (roll < weight) return random.between(min, max);
    roll -= weight;
  }
  return 1;
}
