import { describe, expect, it } from 'vitest';
import { rowState, toggleAdminFee } from './final-rows.ts';

describe('final step', () => {
  it('names each row state', () => {
    expect(rowState({ id: -1, cancelled: false, movedOn: 1, movedTo: null })).toBe('new');
    expect(rowState({ id: 5, cancelled: true, movedOn: 0, movedTo: null })).toBe('cancelled');
    expect(rowState({ id: 5, cancelled: false, movedOn: 2, movedTo: null })).toBe('moved');
    expect(rowState({ id: 5, cancelled: false, movedOn: 0, movedTo: '1000009' })).toBe('moved');
    expect(rowState({ id: 5, cancelled: false, movedOn: 0, movedTo: null })).toBe('unchanged');
  });

  it('stores the admin fee when unticked and restores it when ticked', () => {
    const on = { check: true, fee: 3, stored: 0 };
    const off = toggleAdminFee(on, false);
    expect(off).toEqual({ check: false, fee: 0, stored: 3 });
    expect(toggleAdminFee(off, true)).toEqual({ check: true, fee: 3, stored: 3 });
    expect(toggleAdminFee(on, true)).toBe(on);
  });
});
