import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ABILITIES, type Ability, can, exemptFromHoldLimit, FIXED_ROLES, isRole, isStaff } from './roles.ts';

/**
 * The permission table of the spec (booking §6): who may do what. One row per role, the
 * abilities it grants on its own. `PagamentoContoOperatore` stands for Pagamento{product}.
 */
const TABLE: Record<string, readonly Ability[]> = {
  Admin: [
    'agencies.authorise',
    'booking.extraFlights',
    'booking.staffPaymentArea',
    'booking.cash',
    'booking.operatorAccount',
    'booking.blockSeats',
    'bookings.failed.manage',
    'bookings.audit',
    'flights.checkIn',
    'flights.cancel',
    'refunds.view',
    'refunds.retry',
    'refunds.payout',
    'reports.view',
    'reports.all',
  ],
  Prenotazioni: [
    'booking.extraFlights',
    'booking.staffPaymentArea',
    'booking.paymentLink',
    'booking.discounts',
    'booking.blockSeats',
    'bookings.failed.manage',
    'bookings.audit',
    'flights.checkIn',
    'flights.cancel',
    'refunds.view',
  ],
  PrenotaFull: [
    'booking.extraFlights',
    'booking.staffPaymentArea',
    'booking.paymentLink',
    'booking.discounts',
    'booking.blockSeats',
    'bookings.failed.manage',
    'bookings.audit',
    'flights.checkIn',
    'flights.cancel',
    'refunds.view',
  ],
  Prenota: [],
  PagamentoCash: ['booking.cash', 'refunds.view', 'refunds.payout', 'reports.view'],
  PagamentoContoOperatore: ['booking.operatorAccount'],
};

describe('can(): the role table', () => {
  it.each(Object.entries(TABLE))('%s', (role, granted) => {
    for (const ability of ABILITIES) expect(can([role], ability), `${role} ${ability}`).toBe(granted.includes(ability));
  });

  it('gives nothing to a customer (no roles)', () => {
    for (const ability of ABILITIES) expect(can([], ability)).toBe(false);
  });

  it('only Admin authorises agencies; cash needs Admin or PagamentoCash', () => {
    for (const r of FIXED_ROLES) expect(can([r], 'agencies.authorise'), r).toBe(r === 'Admin');
    expect(can(['PagamentoContoOperatore'], 'booking.cash')).toBe(false);
    expect(can(['PagamentoCash'], 'booking.operatorAccount')).toBe(false);
  });

  it('is the union of the roles held: adding a role never takes an ability away', () => {
    const role = fc.constantFrom(...Object.keys(TABLE));
    fc.assert(
      fc.property(fc.array(role, { maxLength: 4 }), fc.constantFrom(...ABILITIES), (roles, ability) => {
        const expected = roles.some((r) => TABLE[r]!.includes(ability));
        expect(can(roles, ability)).toBe(expected);
      }),
    );
  });

  it('ignores role names it does not know', () => {
    for (const ability of ABILITIES) expect(can(['admin', 'Guest', 'prenotazioni'], ability)).toBe(false);
  });
});

describe('isRole / isStaff', () => {
  it('accepts the fixed roles and Pagamento{Product}', () => {
    for (const r of FIXED_ROLES) expect(isRole(r)).toBe(true);
    expect(isRole('PagamentoContoOperatore')).toBe(true);
    expect(isRole('PagamentoVoucher')).toBe(true);
  });

  it('refuses anything else', () => {
    for (const r of ['', 'admin', 'Pagamento', 'pagamentoCash', 'Pagamento_x', 'PagamentoX', 'Pagamento Conto', 'Guest']) {
      expect(isRole(r), r).toBe(false);
    }
  });

  it('calls staff whoever holds a role', () => {
    expect(isStaff([])).toBe(false);
    expect(isStaff(['Prenota'])).toBe(true);
  });
});

describe('exemptFromHoldLimit', () => {
  it('exempts only the roles that hold seats for their work', () => {
    for (const role of ['Admin', 'Prenotazioni', 'PrenotaFull', 'PagamentoCash', 'PagamentoContoOperatore']) expect(exemptFromHoldLimit([role]), role).toBe(true);
    for (const roles of [[], ['Prenota'], ['Guest']]) expect(exemptFromHoldLimit(roles), roles.join()).toBe(false);
    expect(exemptFromHoldLimit(['Prenota', 'PagamentoCash'])).toBe(true);
  });
});
