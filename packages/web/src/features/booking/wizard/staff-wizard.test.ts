import { ZBookingStoreBody, type TBlockedBooking, type TStoreResponse } from '@heliline/domain';
import { describe, expect, it } from 'vitest';
import { blockedPick } from './blocked.ts';
import { costsOf } from './costs.ts';
import { emptyInvoice } from './invoice.ts';
import { bookingBody } from './payload.ts';
import { flightQuery } from './search.ts';
import { blockReasonIssues, paymentLinkIssues, staffPaymentsOf, statusPathOf, storeOutcome, toggleLock } from './staff.ts';
import { initialState, type WizardAction, type WizardState, wizardReducer } from './state.ts';
import { flight, OWN } from './test-fixtures.ts';
import { checkBlock, checkStep1, checkStep3, type CheckContext } from './validate.ts';
import { checkPaymentLink } from './validate-purchase.ts';

const run = (state: WizardState, ...actions: WizardAction[]) => actions.reduce(wizardReducer, state);
const ctx = (roles: string[]): CheckContext => ({ lang: 'it', user: { gender: 'F', roles }, today: '2031-07-01', now: new Date('2031-07-01T08:00:00Z') });

/** One way Foggia → Tremiti on 10/07/2031, the account holder and a new man, on step 3. */
function onStep3(...extra: WizardAction[]): WizardState {
  return run(
    initialState(OWN),
    { type: 'patch', patch: { originId: 1348, destinationId: 1511, departureDate: '2031-07-10' } },
    { type: 'flightType', value: 'OW' },
    { type: 'count', key: 'men', value: 1, own: OWN },
    ...extra,
    { type: 'goto', step: 2 },
    { type: 'selectFlight', leg: 'departure', flight: flight(1, '2031-07-10') },
    { type: 'goto', step: 3 },
  );
}

const row: TBlockedBooking = {
  CodPrenotazione: 'AB23CD45',
  idProvenienza: 1348,
  idDestinazione: 1511,
  Provenienza: 'Foggia',
  Destinazione: 'Isole Tremiti',
  DataAnd: '10/07/2031',
  DataRit: '12/07/2031',
  AdM: 1,
  AdF: 1,
  Ch: 1,
  Inf: 0,
  idDepFlight: 7,
  idComFlight: 8,
  Date: '10/07/2031 - 12/07/2031',
  TotPax: 3,
  OraScadenza: '09/07/2031 18:00',
  OraScadenzaIso: '2031-07-09T16:00:00.000Z',
  BloccaPostiNota: 'Gruppo scuola',
  NomeUtente: 'admin@heliline.test',
};

const answer = (over: Partial<TStoreResponse>): TStoreResponse => ({
  status: 'success',
  type: 1,
  bank_link: null,
  bookingCode: 'AB23CD45',
  message: '',
  message_it: '',
  message_en: '',
  messages: { it: '', en: '' },
  ...over,
});

describe('pet (staff, spec §2 step 1)', () => {
  it('adds one pet block with id 100, category an, owned by the first passenger, and counts it as a child in the search', () => {
    const s = onStep3({ type: 'pet', value: true, own: OWN });
    const pet = s.form.paxes.at(-1)!;
    expect(pet).toMatchObject({ id: 100, category: 'an', animal_owner_key: s.form.paxes[0]!._uuid });
    expect(s.form.paxes.filter((p) => p.category === 'an')).toHaveLength(1);
    expect(flightQuery(s.form, 0)?.children).toBe(1);
    const body = ZBookingStoreBody.parse(bookingBody(s.form, costsOf(s.form.paxes, [], 0).totals, emptyInvoice(), { staffDiscounts: false }));
    expect(body.form.children).toBe(1);
    expect(body.form.paxes.at(-1)).toMatchObject({ id: 100, category: 'an', tktCategory: 'CH', animal_owner_key: s.form.paxes[0]!._uuid });
    // No names for the pet (id ≥ 0): the server names it.
    expect(body.form.paxes.at(-1)).not.toHaveProperty('lastname');
  });

  it('keeps the chosen owner while they travel, and falls back to the first passenger when they are removed', () => {
    let s = onStep3({ type: 'pet', value: true, own: OWN });
    const man = s.form.paxes[1]!;
    s = run(s, { type: 'pax', uuid: s.form.paxes.at(-1)!._uuid, patch: { animal_owner_key: man._uuid } });
    s = run(s, { type: 'count', key: 'infants', value: 1, own: OWN });
    expect(s.form.paxes.at(-1)!.animal_owner_key).toBe(man._uuid);
    s = run(s, { type: 'count', key: 'men', value: 0, own: OWN });
    expect(s.form.paxes.at(-1)!.animal_owner_key).toBe(s.form.paxes[0]!._uuid);
  });

  it('is refused for a buyer without staff roles, and step 3 asks nothing of the pet', () => {
    const s = onStep3({ type: 'pet', value: true, own: OWN });
    expect(checkStep1(s.form, ctx([])).messages.length).toBeGreaterThan(0);
    expect(checkStep1(s.form, ctx(['Admin'])).messages).toEqual([]);
    const problems = checkStep3(s.form, ctx(['Admin']));
    expect(problems.fields.has(`${s.form.paxes.at(-1)!._uuid}.lastname`)).toBe(false);
  });

  it('removing the pet removes its block', () => {
    const s = onStep3({ type: 'pet', value: true, own: OWN }, { type: 'pet', value: false, own: OWN });
    expect(s.form.paxes.some((p) => p.category === 'an')).toBe(false);
  });
});

describe('staff discounts and exemption (spec §2 step 3, §4, §5 Other)', () => {
  function discounted(): WizardState {
    const s = onStep3();
    return run(s, { type: 'pax', uuid: s.form.paxes[1]!._uuid, patch: { dsc: 20, exemption: true } });
  }

  it('are sent only for Prenotazioni/PrenotaFull and priced only for them', () => {
    const s = discounted();
    const journeys = [{ direction: 'd' as const, originId: 1348, destinationId: 1511, date: '2031-07-10' }];
    const staff = costsOf(s.form.paxes, journeys, 0, true);
    const buyer = costsOf(s.form.paxes, journeys, 0, false);
    expect(staff.totals.ticketsDiscounted).toBeLessThan(buyer.totals.ticketsDiscounted);
    expect(staff.costs[1]!.ticket).toBeLessThan(staff.costs[1]!.ticket_nodsc);
    expect(bookingBody(s.form, staff.totals, emptyInvoice(), { staffDiscounts: true }).form.paxes[1]).toMatchObject({ dsc: 20, exemption: true });
    expect(bookingBody(s.form, buyer.totals, emptyInvoice(), { staffDiscounts: false }).form.paxes[1]).not.toHaveProperty('dsc');
  });

  it('entering step 3 resets every discount, exemption and the coupon', () => {
    let s = run(discounted(), { type: 'goto', step: 4 }, { type: 'coupon', code: 'ESTATE', perc: 10 });
    expect(s.form.paxes[1]!.dsc).toBe(20);
    s = run(s, { type: 'goto', step: 3 });
    expect(s.form.paxes.every((p) => p.dsc === 0 && !p.exemption)).toBe(true);
    expect(s.form.coupon).toEqual({ code: '', perc: 0 });
  });
});

describe('own passenger removal (Prenotazioni, PrenotaFull, spec §5)', () => {
  it('turns the account holder into a new blank passenger of the same gender, and keeps them out as counts change', () => {
    let s = run(onStep3(), { type: 'dropOwn' });
    expect(s.form.paxes.some((p) => p.own)).toBe(false);
    expect(s.form.paxes[0]).toMatchObject({ category: 'a', gender: 'F', lastname: '' });
    expect(s.form.paxes[0]!.id).toBeLessThan(0);
    s = run(s, { type: 'count', key: 'women', value: 2, own: OWN });
    expect(s.form.paxes.some((p) => p.own)).toBe(false);
  });
});

describe('blocked seats (step 0, spec §2, §4)', () => {
  it('a pick pre-fills route, dates, counts, flights and prenBloccataSel, and lands on step 3', () => {
    const s = run(initialState(OWN, 0), { type: 'pickBlocked', blocked: blockedPick(row, { departure: flight(7, '2031-07-10') }), own: OWN });
    expect(s.step).toBe(3);
    expect(s.reached).toBe(3);
    expect(s.form).toMatchObject({
      flightType: 'DW',
      originId: 1348,
      destinationId: 1511,
      departureDate: '2031-07-10',
      comebackDate: '2031-07-12',
      counts: { men: 1, women: 1, children: 1, infants: 0 },
      departureFlightId: 7,
      comebackFlightId: 8,
      prenBloccataSel: 'AB23CD45',
    });
    expect(s.chosen.departure?.flightCode).toBe('LID107');
    // The return flight the search did not list: from the row (id, date, places).
    expect(s.chosen.comeback).toMatchObject({ flightId: 8, takeOffDate: '12/07/2031', origin: 'Isole Tremiti' });
    expect(s.form.paxes).toHaveLength(3);
    const body = ZBookingStoreBody.parse(bookingBody(s.form, costsOf(s.form.paxes, [], 0).totals, emptyInvoice(), { staffDiscounts: false }));
    expect(body.form.prenBloccataSel).toBe('AB23CD45');
  });

  it('going back to step 1 or to the list forgets the blocked booking', () => {
    const picked = run(initialState(OWN, 0), { type: 'pickBlocked', blocked: blockedPick(row), own: OWN });
    expect(run(picked, { type: 'goto', step: 1 }).form.prenBloccataSel).toBeNull();
    const list = run(picked, { type: 'goto', step: 0 });
    expect(list.step).toBe(0);
    expect(list.form.prenBloccataSel).toBeNull();
    expect(list.chosen).toEqual({});
  });

  it('blocking needs the flights and a reason; the type 4 body carries the reason', () => {
    const s = run(
      initialState(OWN),
      { type: 'patch', patch: { originId: 1348, destinationId: 1511, departureDate: '2031-07-10' } },
      { type: 'flightType', value: 'OW' },
      { type: 'goto', step: 2 },
    );
    expect(blockReasonIssues('  ')).toHaveLength(1);
    expect(checkBlock(s.form, ' ', ctx(['Admin'])).messages).toContain('Motivazione obbligatoria');
    const withFlight = run(s, { type: 'selectFlight', leg: 'departure', flight: flight(1, '2031-07-10') });
    const c = { ...ctx(['Admin']), departure: withFlight.chosen.departure };
    expect(checkBlock(withFlight.form, 'Gruppo', c).messages).toEqual([]);
    expect(checkBlock(withFlight.form, '', c).fieldMessages?.get('blockReason')).toBe('Motivazione obbligatoria');
    const body = ZBookingStoreBody.parse(
      bookingBody(withFlight.form, costsOf([], [], 0).totals, emptyInvoice(), { staffDiscounts: false, type: 4, blockReason: ' Gruppo ' }),
    );
    expect(body).toMatchObject({ type: 4, bloccaPostiNota: 'Gruppo' });
  });
});

describe('staff payment (spec §2 step 4, §4, §5)', () => {
  it('entering step 4 copies the contact e-mail into the payment-link e-mail, which must be valid', () => {
    let s = onStep3();
    s = run(s, { type: 'contacts', patch: { email: 'cliente@example.test' } }, { type: 'goto', step: 4 });
    expect(s.form.contacts.email_payment_link).toBe('cliente@example.test');
    expect(checkPaymentLink(s.form, emptyInvoice(), ctx(['Prenotazioni'])).messages).toEqual([]);
    s = run(s, { type: 'contacts', patch: { email_payment_link: 'cliente@@example' } });
    const check = checkPaymentLink(s.form, emptyInvoice(), ctx(['Prenotazioni']));
    expect(check.fieldMessages?.get('contacts.email_payment_link')).toBe('Email per invio link non valida!');
    expect(paymentLinkIssues(' a@b.it ')).toEqual([]);
  });

  it('shows each role only its payments (spec §6)', () => {
    expect(staffPaymentsOf([])).toMatchObject({ shown: false });
    expect(staffPaymentsOf(['Admin'])).toEqual({ shown: true, linkEmail: true, paymentLink: false, cash: true, account: true });
    expect(staffPaymentsOf(['Prenotazioni'])).toEqual({ shown: true, linkEmail: true, paymentLink: true, cash: false, account: false });
    expect(staffPaymentsOf(['PagamentoCash'])).toEqual({ shown: true, linkEmail: false, paymentLink: false, cash: true, account: false });
    expect(staffPaymentsOf(['PagamentoContoOperatore'])).toEqual({ shown: true, linkEmail: false, paymentLink: false, cash: false, account: true });
    expect(staffPaymentsOf(['Prenota'])).toMatchObject({ shown: false });
  });

  it('unlocking one locked payment re-locks the other', () => {
    expect(toggleLock(null, 'cash')).toBe('cash');
    expect(toggleLock('cash', 'account')).toBe('account');
    expect(toggleLock('account', 'account')).toBeNull();
  });

  it('maps each store answer to the screen: bank, state 42, receipt, block confirmed, error', () => {
    expect(storeOutcome(answer({ bank_link: 'https://bank/x' }), 1, '')).toEqual({ kind: 'bank', link: 'https://bank/x' });
    expect(storeOutcome(answer({ type: -1, payment_link: 'https://pay/x', email_payment_link: 'c@x.it' }), -1, 'other@x.it')).toEqual({
      kind: 'link',
      link: 'https://pay/x',
      email: 'c@x.it',
      code: 'AB23CD45',
    });
    expect(storeOutcome(answer({ type: -1, bank_link: 'https://pay/y' }), -1, ' c@x.it ')).toEqual({
      kind: 'link',
      link: 'https://pay/y',
      email: 'c@x.it',
      code: 'AB23CD45',
    });
    expect(storeOutcome(answer({ type: 2 }), 2, '')).toEqual({ kind: 'status', code: 'AB23CD45' });
    expect(storeOutcome(answer({ type: 3 }), 3, '')).toEqual({ kind: 'status', code: 'AB23CD45' });
    expect(storeOutcome(answer({ type: 4, status: 'block-confirmed' }), 4, '')).toEqual({ kind: 'blocked', code: 'AB23CD45' });
    expect(storeOutcome(answer({ status: 'error' }), 2, '')).toEqual({ kind: 'error' });
    expect(statusPathOf('AB23CD45')).toBe(`/booking-status/${encodeURIComponent(btoa('AB23CD45'))}`);
  });
});
