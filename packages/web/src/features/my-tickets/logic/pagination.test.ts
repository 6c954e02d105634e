import { describe, expect, it } from 'vitest';
import { pageRange, shownCounts } from './pagination.ts';

describe('pagination', () => {
  it('shows a window of pages around the current one, clamped to the ends', () => {
    expect(pageRange(1, 1)).toEqual([1]);
    expect(pageRange(1, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(pageRange(6, 10)).toEqual([4, 5, 6, 7, 8]);
    expect(pageRange(10, 10)).toEqual([6, 7, 8, 9, 10]);
    expect(pageRange(2, 3)).toEqual([1, 2, 3]);
    expect(pageRange(1, 0)).toEqual([]);
  });

  it('counts shown rows from the server or from the page', () => {
    expect(shownCounts({ current_page: 2, last_page: 3, from: 26, to: 50, total: 60, per_page: 25 })).toEqual({ from: 26, to: 50, total: 60 });
    expect(shownCounts({ current_page: 3, last_page: 3, from: null, to: null, total: 60, per_page: 25 })).toEqual({ from: 51, to: 60, total: 60 });
    expect(shownCounts({ current_page: 1, last_page: 1, from: null, to: null, total: 0, per_page: 25 })).toEqual({ from: 0, to: 0, total: 0 });
  });
});
