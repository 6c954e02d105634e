import { describe, expect, it } from 'vitest';
import { dateProblem, EMPTY_FILTERS, filtersFromParams, hasFilters, pageFromParams, paramsFor, queryFor } from './list-state.ts';

describe('management list state', () => {
  it('reads the filters and the page from the address, dropping what is not valid', () => {
    const params = new URLSearchParams('date=31/02/2026&code=%20abc%20&name=Rossi&status=nope&page=-3');
    expect(filtersFromParams(params)).toEqual({ date: '', code: 'abc', name: 'Rossi', status: '' });
    expect(pageFromParams(params)).toBe(1);
    const good = new URLSearchParams('date=24/11/2026&status=failed&page=4');
    expect(filtersFromParams(good)).toEqual({ date: '24/11/2026', code: '', name: '', status: 'failed' });
    expect(pageFromParams(good)).toBe(4);
  });

  it('writes only the filters that are set, and the page after the first', () => {
    expect(paramsFor(EMPTY_FILTERS).toString()).toBe('');
    expect(paramsFor({ date: '24/11/2026', code: 'AB', name: ' ', status: 'paid' }, 3).toString()).toBe('date=24%2F11%2F2026&code=AB&status=paid&page=3');
  });

  it('round-trips through the address', () => {
    const filters = { date: '01/12/2026', code: 'XYZ', name: 'Maria Lombardi', status: 'ticketed' as const };
    const params = paramsFor(filters, 2);
    expect(filtersFromParams(params)).toEqual(filters);
    expect(pageFromParams(params)).toBe(2);
  });

  it('asks the API with upper-case codes and without empty filters', () => {
    expect(queryFor({ date: '', code: ' ab12 ', name: '', status: '' }, 2)).toEqual({ date: undefined, code: 'AB12', name: undefined, status: undefined, page: 2 });
  });

  it('checks a typed date and tells whether any filter is set', () => {
    expect(dateProblem('')).toBeNull();
    expect(dateProblem('24/11/2026')).toBeNull();
    expect(dateProblem('2026-11-24')).toBe('dateInvalid');
    expect(hasFilters(EMPTY_FILTERS)).toBe(false);
    expect(hasFilters({ ...EMPTY_FILTERS, name: 'x' })).toBe(true);
  });
});
