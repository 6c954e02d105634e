import { describe, expect, it } from 'vitest';
import { BLOCK_HOURS, blockExpiresAt } from './block.ts';
import { computeTotals } from './totals.ts';
import { issueText } from './issues.ts';
import { step1Issues, canRemoveOwnPax } from './step1.ts';
import { petIssues, step3Issues } from './step3.ts';
import { canStoreType } from './validate.ts';

const ROLES = ['Admin', 'Prenotazioni', 'PrenotaFull', 'Prenota', 'PagamentoCash', 'PagamentoAgenzia'];

describe('payment types by role (spec §6)', () => {
  it('card for buyers and agencies, never for Admin/Prenotazioni/PrenotaFull', () => {
    expect(canStoreType(1, [])).toBe(true);
    expect(canStoreType(1, ['Prenota'])).toBe(true);
    expect(canStoreType(1, ['PagamentoCash'])).toBe(true);
    for (const r of ['Admin', 'Prenotazioni', 'PrenotaFull']) expect(canStoreType(1, [r])).toBe(false);
  });

  it('each staff type only for its roles', () => {
    const allowed = (type: -1 | 2 | 3 | 4) => ROLES.filter((r) => canStoreType(type, [r]));
    expect(allowed(-1)).toEqual(['Prenotazioni', 'PrenotaFull']);
    expect(allowed(2)).toEqual(['Admin', 'PagamentoCash']);
    expect(allowed(3)).toEqual(['Admin', 'PagamentoAgenzia']);
    expect(allowed(4)).toEqual(['Admin', 'Prenotazioni', 'PrenotaFull']);
    expect(canStoreType(2, [])).toBe(false);
  });

  it('own passenger: only Prenotazioni and PrenotaFull may book without it', () => {
    expect(ROLES.filter((r) => canRemoveOwnPax([r]))).toEqual(['Prenotazioni', 'PrenotaFull']);
  });
});

describe('unattended minor (spec §5)', () => {
  const base = { flightType: 'OW' as const, originId: 1348, destinationId: 1511, departureDate: '2026-06-01', counts: { men: 0, women: 0, children: 2, infants: 0 } };
  const staff = { user: { gender: null, roles: ['Prenotazioni'] } };
  it('children alone need the box, and the box needs the declaration', () => {
    expect(step1Issues(base, staff).map((i) => i.key)).toEqual(['childrenWithoutAdults']);
    expect(step1Issues({ ...base, unattendedMinor: true }, staff).map((i) => i.key)).toEqual(['unattendedMinorDisclaimerRequired']);
    expect(step1Issues({ ...base, unattendedMinor: true, minorDisclaimer: true }, staff)).toEqual([]);
    expect(step1Issues({ ...base, unattendedMinor: true, minorDisclaimer: true }, { user: { gender: null, roles: [] } }).map((i) => i.key)).toContain('forbidden');
  });
  it('no adults on an unattended-minor booking', () => {
    const pax = (category: 'a' | 'c', birthDate: string) => ({
      id: -1,
      category,
      gender: 'F',
      lastname: 'R',
      firstname: 'L',
      birthDate,
      document_type: 1,
      document_num: 'X',
    });
    const input = { paxes: [pax('c', '01/01/2018'), pax('a', '01/01/1980')], contacts: { email: 'a@b.it', telephone: '1' }, conditions: true, unattendedMinor: true };
    const issues = step3Issues(input, { departureDate: '2026-06-01' });
    expect(issues.map((i) => issueText(i, 'it'))).toEqual(['non sono previsti adulti per prenotazioni minori non accompagnati']);
    expect(step3Issues({ ...input, paxes: [input.paxes[0]!] }, { departureDate: '2026-06-01' })).toEqual([]);
  });
});

describe('pets', () => {
  const owner = { id: -1, category: 'a' as const, _uuid: 'u1' };
  it('id 100, category an, owner named by _uuid or id', () => {
    expect(petIssues([owner, { id: 100, category: 'an', animal_owner_key: 'u1' }])).toEqual([]);
    expect(petIssues([owner, { id: 100, category: 'an', animal_owner_key: -1 }])).toEqual([]);
    expect(petIssues([owner, { id: 100, category: 'an' }]).map((i) => i.key)).toEqual(['petOwnerRequired']);
    expect(petIssues([owner, { id: 100, category: 'an', animal_owner_key: 'nobody' }]).map((i) => i.key)).toEqual(['petOwnerRequired']);
    expect(petIssues([owner, { id: -3, category: 'an', animal_owner_key: 'u1' }]).map((i) => i.path)).toEqual(['paxes.1.id']);
  });
  it('one pet per booking, and only staff', () => {
    const base = { flightType: 'OW' as const, originId: 1348, destinationId: 1511, departureDate: '2026-06-01', counts: { men: 1, women: 0, children: 0, infants: 0 } };
    expect(step1Issues({ ...base, pets: 2 }, { user: { gender: null, roles: ['Admin'] } }).map((i) => i.key)).toEqual(['onePetPerFlight']);
    expect(step1Issues({ ...base, pets: 1 }, { user: { gender: null, roles: [] } }).map((i) => i.key)).toEqual(['forbidden']);
  });
});

describe('staff discount', () => {
  it('a percentage of the ticket only: ticket_nodsc keeps the full price, taxes untouched', () => {
    const journeys = [{ direction: 'd' as const, originId: 1348, destinationId: 1511, date: '2026-06-01' }];
    const pax = { category: 'a' as const, birthDate: '01/01/1980', residence: 'Bari' };
    const full = computeTotals({ paxes: [pax], journeys, staffDiscounts: true }).paxes[0]!;
    const half = computeTotals({ paxes: [{ ...pax, dsc: 50 }], journeys, staffDiscounts: true }).paxes[0]!;
    expect(half.ticket_nodsc).toBe(full.ticket);
    expect(half.ticket).toBe(full.ticket - Math.round(full.ticket / 2));
    expect([half.tax, half.landingTax]).toEqual([full.tax, full.landingTax]);
    // Not for other roles: ignored in the price (the server refuses the request with 403).
    expect(computeTotals({ paxes: [{ ...pax, dsc: 50 }], journeys }).paxes[0]!.ticket).toBe(full.ticket);
  });
});

describe('blocked seats expiry', () => {
  it(`${BLOCK_HOURS} hours, never past the purchase cut-off`, () => {
    const now = new Date('2026-06-01T08:00:00Z');
    const far = { originId: 1348, destinationId: 1511, departsAt: '2026-06-10T08:00:00Z' };
    expect(blockExpiresAt(now, [far]).toISOString()).toBe('2026-06-03T08:00:00.000Z');
    // Foggia–Tremiti closes 6 h before take-off; Vieste–Tremiti 12 h.
    expect(blockExpiresAt(now, [far, { originId: 1348, destinationId: 1511, departsAt: '2026-06-02T10:00:00Z' }]).toISOString()).toBe('2026-06-02T04:00:00.000Z');
    expect(blockExpiresAt(now, [{ originId: 1514, destinationId: 1511, departsAt: '2026-06-02T10:00:00Z' }]).toISOString()).toBe('2026-06-01T22:00:00.000Z');
  });
});
