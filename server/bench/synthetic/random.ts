// Seeded randomness for the synthetic dump. Two kinds: a fast stream (sfc32) for the order
// of publications, and a stateless hash for everything that belongs to one person, so the
// person records at the end of the file agree with the papers written long before, without
// keeping a table of millions of people in memory.

/** A 32-bit hash of a few integers (murmur3's finaliser over a simple combination). */
export function hash32(a: number, b = 0, c = 0): number {
  let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13) ^ b, 0xc2b2ae35);
  h = Math.imul(h ^ (h >>> 16) ^ c, 0x27d4eb2f);
  h ^= h >>> 15;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  return h >>> 0;
}

/** hash32 scaled to [0, 1). */
export function hashUnit(a: number, b = 0, c = 0): number {
  return hash32(a, b, c) / 4294967296;
}

export class Random {
  private a: number;
  private b: number;
  private c: number;
  private d = 1;

  constructor(seed: number) {
    this.a = hash32(seed, 1);
    this.b = hash32(seed, 2);
    this.c = hash32(seed, 3);
    for (let warmUp = 0; warmUp < 12; warmUp++) this.next();
  }

  /** sfc32: a uniform unsigned 32-bit integer. */
  next(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** Uniform in [0, 1). */
  float(): number {
    return this.next() / 4294967296;
  }

  /** Uniform integer in [0, bound). */
  below(bound: number): number {
    return Math.floor(this.float() * bound);
  }

  /** Uniform integer in [low, high], both included. */
  between(low: number, high: number): number {
    return low + this.below(high - low + 1);
  }

  chance(probability: number): boolean {
    return this.float() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return items[this.below(items.length)] as T;
  }
}

export function greatestCommonDivisor(a: number, b: number): number {
  while (b !== 0) [a, b] = [b, a % b];
  return a;
}

/**
 * A bijection of [0, size) onto itself, x → (multiplier·x + offset) mod size, with its
 * inverse. It scatters consecutive ids (a community's members) over names and pids. Exact
 * while size stays below 2^26, as the products then fit a double.
 */
export class AffinePermutation {
  private readonly multiplier: number;
  private readonly inverseMultiplier: number;
  private readonly offset: number;

  constructor(
    readonly size: number,
    seed: number,
  ) {
    if (size < 1 || size >= 2 ** 26) throw new RangeError(`permutation size ${size} out of range`);
    let multiplier = size === 1 ? 1 : 2 + (hash32(seed, size) % Math.max(1, size - 2));
    while (greatestCommonDivisor(multiplier, size) !== 1) multiplier = (multiplier + 1) % size;
    this.multiplier = multiplier;
    this.inverseMultiplier = modularInverse(multiplier, size);
    this.offset = hash32(seed, size, 7) % size;
  }

  apply(x: number): number {
    return (this.multiplier * x + this.offset) % this.size;
  }

  invert(y: number): number {
    return (this.inverseMultiplier * ((y - this.offset + this.size) % this.size)) % this.size;
  }
}

function modularInverse(value: number, modulus: number): number {
  if (modulus === 1) return 0;
  let [oldR, r] = [value, modulus];
  let [oldS, s] = [1, 0];
  while (r !== 0) {
    const quotient = Math.floor(oldR / r);
    [oldR, r] = [r, oldR - quotient * r];
    [oldS, s] = [s, oldS - quotient * s];
  }
  return ((oldS % modulus) + modulus) % modulus;
}
