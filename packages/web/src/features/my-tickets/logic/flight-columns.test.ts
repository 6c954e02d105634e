import { can } from '@heliline/domain';
import { describe, expect, it } from 'vitest';
import { flightColumns } from './flight-columns.ts';

describe('flights table columns', () => {
  it('show aircraft and Info only to Admin, Prenotazioni and PrenotaFull', () => {
    for (const role of ['Admin', 'Prenotazioni', 'PrenotaFull']) expect(flightColumns(can([role], 'booking.staffPaymentArea'))).toContain('aircraft');
    for (const roles of [[], ['Prenota'], ['PagamentoCash']]) {
      const cols = flightColumns(can(roles, 'booking.staffPaymentArea'));
      expect(cols).not.toContain('aircraft');
      expect(cols).not.toContain('info');
    }
    expect(flightColumns(true)).toEqual(['pick', 'flight', 'aircraft', 'route', 'origin', 'takeOff', 'destination', 'landing', 'info']);
  });
});
