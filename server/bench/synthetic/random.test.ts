import { describe, expect, it } from 'vitest';
import { AffinePermutation, Random } from './random.ts';

describe('AffinePermutation', () => {
  it.each([1, 2, 7, 40, 1000, 4096])('is a bijection of [0, %i) with a working inverse', (size) => {
    const permutation = new AffinePermutation(size, 42);
    const images = new Set<number>();
    for (let x = 0; x < size; x++) {
      const y = permutation.apply(x);
      expect(y).toBeGreaterThanOrEqual(0);
      expect(y).toBeLessThan(size);
      expect(permutation.invert(y)).toBe(x);
      images.add(y);
    }
    expect(images.size).toBe(size);
  });
});

describe('Random', () => {
  it('repeats its sequence for a seed and changes it for another seed', () => {
    const draw = (seed: number) => {
      const random = new Random(seed);
      return Array.from({ length: 8 }, () => random.next());
    };
    expect(draw(7)).toEqual(draw(7));
    expect(draw(7)).not.toEqual(draw(8));
  });

  it('stays within the bounds it is given', () => {
    const random = new Random(1);
    for (let draw = 0; draw < 10_000; draw++) {
      const value = random.between(3, 5);
      expect(value === 3 || value === 4 || value === 5).toBe(true);
      expect(random.float()).toBeLessThan(1);
    }
  });
});
