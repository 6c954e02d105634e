import { describe, expect, it } from 'vitest';
import { paramsFor, rangeFromParams } from './range.ts';

describe('the report range in the address', () => {
  it('is today when the address names no day, one day when it names only the start', () => {
    expect(rangeFromParams(new URLSearchParams(), '2026-12-07')).toEqual({ from: '2026-12-07', to: '2026-12-07' });
    expect(rangeFromParams(new URLSearchParams('from=2026-11-30'), '2026-12-07')).toEqual({ from: '2026-11-30', to: '2026-11-30' });
  });

  it('ignores what is not a date and writes a one-day range as its start only', () => {
    expect(rangeFromParams(new URLSearchParams('from=30/11/2026&to=x'), '2026-12-07')).toEqual({ from: '2026-12-07', to: '2026-12-07' });
    expect(paramsFor({ from: '2026-12-07', to: '2026-12-07' }).toString()).toBe('from=2026-12-07');
    expect(paramsFor({ from: '2026-12-01', to: '2026-12-07' }).toString()).toBe('from=2026-12-01&to=2026-12-07');
  });
});
