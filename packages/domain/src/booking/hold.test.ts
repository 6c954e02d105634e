import { describe, expect, it } from 'vitest';
import { HOLD_MINUTES, HOLD_MS } from './hold.ts';

describe('payment deadline (spec §9)', () => {
  it('holds the seats 10 minutes', () => {
    expect(HOLD_MINUTES).toBe(10);
    expect(HOLD_MS).toBe(600_000);
  });
});
