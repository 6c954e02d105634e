import { describe, expect, it } from 'vitest';
import { EMPTY_FILTERS, filtersFromParams, pageFromParams, paramsFor, queryFor, rangeProblem } from './list-state.ts';

describe('refund list filters in the address', () => {
  it('round-trips set filters and the page, leaving empty ones out', () => {
    const filters = { ...EMPTY_FILTERS, state: 'failed' as const, source: 'cash' as const, from: '2027-01-02', code: 'ABC' };
    const params = paramsFor(filters, 3);
    expect(params.toString()).toBe('state=failed&source=cash&from=2027-01-02&code=ABC&page=3');
    expect(filtersFromParams(params)).toEqual(filters);
    expect(pageFromParams(params)).toBe(3);
    expect(queryFor(filters, 3)).toEqual({ page: 3, state: 'failed', source: 'cash', from: '2027-01-02', code: 'ABC' });
  });

  it('drops values the API would refuse', () => {
    const params = new URLSearchParams('state=lost&source=bitcoin&from=02/01/2027&to=x&page=-2');
    expect(filtersFromParams(params)).toEqual(EMPTY_FILTERS);
    expect(pageFromParams(params)).toBe(1);
  });

  it('flags a range that ends before it starts', () => {
    expect(rangeProblem({ ...EMPTY_FILTERS, from: '2027-01-05', to: '2027-01-04' })).toBe(true);
    expect(rangeProblem({ ...EMPTY_FILTERS, from: '2027-01-05', to: '2027-01-05' })).toBe(false);
  });
});
