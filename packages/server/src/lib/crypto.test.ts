import { describe, expect, it } from 'vitest';
import { poolRandom, randomBytesFromPool, randomToken } from './crypto.ts';

describe('random bytes from the pool (lib/crypto.ts)', () => {
  it('hands out each byte once: draws across several refills of the 4 KB pool never repeat', () => {
    const draws = Array.from({ length: 1_000 }, () => randomBytesFromPool(18).toString('hex'));
    expect(draws.every((d) => d.length === 36)).toBe(true);
    expect(new Set(draws).size).toBe(draws.length);
  });

  it('gives any size, larger than the pool too, and fills the domain’s byte arrays in place', () => {
    expect(randomBytesFromPool(0)).toHaveLength(0);
    expect(randomBytesFromPool(10_000)).toHaveLength(10_000);
    const bytes = new Uint8Array(64);
    expect(poolRandom(bytes)).toBe(bytes);
    expect(bytes.some((b) => b !== 0)).toBe(true);
    expect(randomToken()).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('a drawn buffer is a copy: it keeps its bytes when the pool is wiped and refilled', () => {
    const drawn = randomBytesFromPool(32);
    const kept = Buffer.from(drawn);
    for (let i = 0; i < 300; i++) randomBytesFromPool(32); // past a refill
    expect(drawn.equals(kept)).toBe(true);
  });
});
