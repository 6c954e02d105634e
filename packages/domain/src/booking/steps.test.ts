import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { blockReasonIssue, isValidEmail, paymentLinkEmailIssue, receiptEmailIssue } from './email.ts';
import { issueText, localizedWith, type Issue } from './issues.ts';
import { step1Issues, type Step1Input } from './step1.ts';
import { step2Issues, type ChosenFlight } from './step2.ts';
import { step3Issues, type Step3Input, type Step3Pax } from './step3.ts';
import { invoiceIssues, type InvoiceInput } from './step4.ts';

const it_ = (issues: readonly Issue[]) => issues.map((i) => issueText(i, 'it'));
const en_ = (issues: readonly Issue[]) => issues.map((i) => issueText(i, 'en'));

const step1: Step1Input = {
  flightType: 'DW',
  originId: 1348,
  destinationId: 1511,
  departureDate: '2026-07-01',
  comebackDate: '2026-07-03',
  counts: { men: 1, women: 0, children: 0, infants: 0 },
};
const staff = { gender: 'M' as const, roles: ['Admin'] };

describe('step 1', () => {
  it('accepts a plain round trip', () => expect(step1Issues(step1)).toEqual([]));

  it('needs both places, different ones', () => {
    expect(en_(step1Issues({ ...step1, originId: null }))).toEqual(['origin or destination missing!']);
    expect(en_(step1Issues({ ...step1, destinationId: 1348 }))).toEqual(['origin and destination cannot be identical!']);
    expect(en_(step1Issues({ ...step1, originId: 1348, destinationId: 1349 }))).toEqual(['origin and destination cannot be identical!']);
    expect(it_(step1Issues({ ...step1, originId: 1348, destinationId: 1529 }))).toEqual(['Tratta non servita']);
  });

  it('needs a departure date and, for round trips, a return not earlier', () => {
    expect(step1Issues({ ...step1, departureDate: null }).map((i) => i.key)).toEqual(['departureDateRequired']);
    expect(step1Issues({ ...step1, comebackDate: null }).map((i) => i.key)).toEqual(['comebackDateRequired']);
    expect(step1Issues({ ...step1, comebackDate: '2026-06-30' }).map((i) => i.key)).toEqual(['comebackBeforeDeparture']);
    expect(step1Issues({ ...step1, comebackDate: '2026-07-01' })).toEqual([]);
    expect(step1Issues({ ...step1, flightType: 'OW', comebackDate: null })).toEqual([]);
    expect(step1Issues(step1, { today: '2026-07-02' }).map((i) => i.key)).toEqual(['departureDatePast']);
  });

  it('needs at least one passenger', () => {
    expect(en_(step1Issues({ ...step1, counts: { men: 0, women: 0, children: 0, infants: 0 } }))).toEqual(['at least one pax is mandatory!']);
    expect(it_(step1Issues({ ...step1, counts: { men: 0, women: 0, children: 0, infants: 0 } }))).toEqual(['almeno un passeggero è obbligatorio!']);
  });

  it('caps infants at half the adults rounded up, naming both numbers', () => {
    const issues = step1Issues({ ...step1, counts: { men: 2, women: 1, children: 0, infants: 3 } });
    expect(it_(issues)).toEqual(['Neonati ammessi al massimo: 2 (adulti: 3)']);
    expect(en_(issues)).toEqual(['Infants allowed at most: 2 (adults: 3)']);
    expect(step1Issues({ ...step1, counts: { men: 2, women: 1, children: 0, infants: 2 } })).toEqual([]);
  });

  it("keeps the user's own gender when the other is chosen (not for Prenotazioni/PrenotaFull)", () => {
    const women = { ...step1, counts: { men: 0, women: 2, children: 0, infants: 0 } };
    expect(step1Issues(women, { user: { gender: 'M', roles: [] } }).map((i) => i.key)).toEqual(['userGenderManRequired']);
    expect(step1Issues({ ...step1, counts: { men: 1, women: 0, children: 0, infants: 0 } }, { user: { gender: 'F', roles: [] } }).map((i) => i.key)).toEqual([
      'userGenderWomanRequired',
    ]);
    expect(step1Issues(women, { user: { gender: 'F', roles: [] } })).toEqual([]);
    expect(step1Issues(women, { user: { gender: 'M', roles: ['Prenotazioni'] } })).toEqual([]);
    expect(step1Issues(women, { user: { gender: null, roles: [] } })).toEqual([]);
  });

  it('refuses children without adults unless a staff unattended-minor booking with the declaration', () => {
    const kids = { ...step1, counts: { men: 0, women: 0, children: 2, infants: 0 } };
    expect(step1Issues(kids).map((i) => i.key)).toEqual(['childrenWithoutAdults']);
    expect(step1Issues({ ...kids, unattendedMinor: true }, { user: staff }).map((i) => i.key)).toEqual(['unattendedMinorDisclaimerRequired']);
    expect(step1Issues({ ...kids, unattendedMinor: true, minorDisclaimer: true }, { user: staff })).toEqual([]);
    expect(step1Issues({ ...kids, unattendedMinor: true, minorDisclaimer: true }, { user: { gender: 'M', roles: [] } }).map((i) => i.key)).toEqual([
      'forbidden',
      'childrenWithoutAdults',
    ]);
  });

  it('allows one pet, for staff only', () => {
    expect(step1Issues({ ...step1, pets: 1 }, { user: staff })).toEqual([]);
    expect(it_(step1Issues({ ...step1, pets: 2 }, { user: staff }))).toEqual(['È ammesso un solo animale per volo']);
    expect(step1Issues({ ...step1, pets: 1 }).map((i) => i.key)).toEqual(['forbidden']);
  });

  it('property: the infant rule fires exactly when infants > ceil(adults/2)', () => {
    fc.assert(
      fc.property(fc.nat(10), fc.nat(10), fc.nat(10), (men, women, infants) => {
        const keys = step1Issues({ ...step1, counts: { men, women, children: 0, infants } }).map((i) => i.key);
        expect(keys.includes('tooManyInfants')).toBe(men + women + infants > 0 && infants > Math.ceil((men + women) / 2));
      }),
    );
  });
});

const flight = (flightId: number, takeOffDateTime: string, extra = false): ChosenFlight => ({
  flightId,
  takeOffDateTime,
  extra,
  originId: 1348,
  destinationId: 1511,
});
const dep = flight(1, '2026-07-01T06:30:00.000Z');
const ret = { ...flight(2, '2026-07-03T12:40:00.000Z'), originId: 1511, destinationId: 1349 };

describe('step 2', () => {
  it('needs the flights of the trip', () => {
    expect(step2Issues({ flightType: 'DW', departure: dep, comeback: ret })).toEqual([]);
    expect(step2Issues({ flightType: 'OW', departure: dep })).toEqual([]);
    expect(step2Issues({ flightType: 'OW', departure: null }).map((i) => i.key)).toEqual(['departureFlightRequired']);
    expect(step2Issues({ flightType: 'DW', departure: dep }).map((i) => i.key)).toEqual(['comebackFlightRequired']);
  });

  it('refuses the same flight twice and a return before the departure', () => {
    expect(it_(step2Issues({ flightType: 'DW', departure: dep, comeback: dep }))).toEqual(['Non è possibile selezionare lo stesso volo per andata e ritorno']);
    const early = { ...ret, takeOffDateTime: '2026-07-01T06:00:00.000Z' };
    expect(step2Issues({ flightType: 'DW', departure: dep, comeback: early }).map((i) => i.key)).toEqual(['comebackFlightBeforeDeparture']);
  });

  it('applies the purchase cut-off and keeps extra flights for staff', () => {
    const now = new Date('2026-07-01T01:00:00Z'); // 5.5 h before a Foggia–Tremiti take-off
    expect(it_(step2Issues({ flightType: 'OW', departure: dep }, { now }))).toEqual(['Non è possibile acquistare biglietti nelle 6 ore precedenti il volo']);
    expect(step2Issues({ flightType: 'OW', departure: dep }, { now: new Date('2026-07-01T00:30:00Z') })).toEqual([]);
    const extra = flight(9, dep.takeOffDateTime, true);
    expect(step2Issues({ flightType: 'OW', departure: extra }).map((i) => i.key)).toEqual(['extraFlightStaffOnly']);
    expect(step2Issues({ flightType: 'OW', departure: extra }, { roles: ['PrenotaFull'] })).toEqual([]);
  });

  it('says a chosen flight was cancelled, on the leg that was', () => {
    expect(it_(step2Issues({ flightType: 'OW', departure: { ...dep, cancelled: true } }))).toEqual(['Il volo scelto è stato cancellato: sceglierne un altro']);
    const issues = step2Issues({ flightType: 'DW', departure: dep, comeback: { ...ret, cancelled: true } }, { roles: ['PrenotaFull'] });
    expect(issues).toEqual([{ key: 'chosenFlightCancelled', path: 'comebackFlightId' }]);
  });
});

const adult = (over: Partial<Step3Pax> = {}): Step3Pax => ({
  id: -1,
  category: 'a',
  gender: 'M',
  lastname: 'Rossi',
  firstname: 'Mario',
  birthDate: '01/01/1980',
  document_type: 1,
  document_num: 'CA123',
  email: '',
  ...over,
});
const step3: Step3Input = { paxes: [adult()], contacts: { email: 'mario@example.it', telephone: '+39 333 1234567' }, conditions: true };
const ctx = { departureDate: '2026-07-01' };

describe('step 3', () => {
  it('accepts a complete passenger list', () => expect(step3Issues(step3, ctx)).toEqual([]));

  it('lists incomplete passengers by position (new passengers only; pets have no names)', () => {
    const paxes = [adult(), adult({ lastname: ' ' }), { id: 100, category: 'an' } as Step3Pax, adult({ firstname: 'Luca', gender: '' })];
    const issues = step3Issues({ ...step3, paxes }, ctx);
    expect(it_(issues)).toEqual(['Inserire cognome, nome e sesso dei passeggeri: 2, 4']);
    expect(step3Issues({ ...step3, paxes: [adult({ id: 7, lastname: null, firstname: null, gender: null })] }, ctx)).toEqual([]);
  });

  it('checks birth dates against the category on the departure date', () => {
    const paxes = [
      adult(),
      adult({ category: 'c', birthDate: '02/07/2014' }),
      adult({ category: 'c', birthDate: '01/07/2014' }),
      adult({ category: 'i', birthDate: '31/02/2025' }),
    ];
    const issues = step3Issues({ ...step3, paxes }, ctx);
    expect(en_(issues)).toEqual(['the following birth dates are not valid: 3, 4']);
    expect(it_(issues)).toEqual(['le seguenti date di nascita non sono valide: 3, 4']);
  });

  it('refuses the same person twice (names without case, accents or extra spaces, and birth date), listing the repeats', () => {
    const paxes = [
      adult({ id: 7 }),
      adult({ firstname: 'Luca' }),
      adult({ lastname: ' rossi ', firstname: 'MARIO' }),
      adult({ firstname: 'Mario', birthDate: '02/01/1980' }),
      { id: 100, category: 'an' } as Step3Pax,
      adult({ firstname: 'Lúca' }),
    ];
    const issues = step3Issues({ ...step3, paxes }, ctx);
    expect(it_(issues)).toEqual(['passeggero inserito più volte sullo stesso volo']);
    expect(en_(issues)).toEqual(['passenger entered more than once on the same flight']);
    expect(issues[0]).toMatchObject({ key: 'paxTwiceOnFlight', params: { positions: '3, 6' }, path: 'paxes' });
    // A namesake born on another day is another person.
    expect(step3Issues({ ...step3, paxes: [adult(), adult({ birthDate: '01/01/1981' })] }, ctx)).toEqual([]);
  });

  it('needs a document for everyone', () => {
    for (const p of [adult({ document_type: 0 }), adult({ document_num: '' }), adult({ document_type: null })]) {
      expect(it_(step3Issues({ ...step3, paxes: [p] }, ctx))).toEqual(['per tutti i passeggeri è obbligatorio un documento']);
    }
  });

  it('checks passenger and contact e-mails and the conditions', () => {
    expect(it_(step3Issues({ ...step3, paxes: [adult({ email: 'nope' })] }, ctx))).toEqual(['email passeggeri non valide!']);
    expect(it_(step3Issues({ ...step3, contacts: { email: 'a@b.it', telephone: '' } }, ctx))).toEqual(['inserire recapiti email e telefono']);
    expect(it_(step3Issues({ ...step3, contacts: { email: 'a@b', telephone: '333' } }, ctx))).toEqual(['email di contatto non valida']);
    expect(step3Issues({ ...step3, conditions: false }, ctx).map((i) => i.key)).toEqual(['conditionsRequired']);
  });

  it('needs someone of age on the flight date, and no adult in an unaccompanied-minor booking', () => {
    const teen = adult({ birthDate: '02/07/2008' }); // 17 on the day
    expect(it_(step3Issues({ ...step3, paxes: [teen] }, ctx))).toEqual(["almeno un passeggero dev'essere maggiorenne alla data del volo"]);
    expect(step3Issues({ ...step3, paxes: [adult({ birthDate: '01/07/2008' })] }, ctx)).toEqual([]);
    const child = adult({ category: 'c', birthDate: '01/01/2018' });
    expect(step3Issues({ ...step3, paxes: [child], unattendedMinor: true }, ctx)).toEqual([]);
    expect(it_(step3Issues({ ...step3, paxes: [child, teen], unattendedMinor: true }, ctx))).toEqual([
      'non sono previsti adulti per prenotazioni minori non accompagnati',
    ]);
  });
});

const company: InvoiceInput = {
  requested: true,
  invoice_type: 0,
  p_iva: '01234567890',
  business_name: 'Acme srl',
  address: 'Via Roma 1',
  city: 'Foggia',
  zip_code: '71121',
  pec: 'acme@pec.it',
};

describe('step 4: invoice, payment link, block reason, receipt', () => {
  it('checks a company invoice', () => {
    expect(invoiceIssues(company)).toEqual([]);
    expect(invoiceIssues({ ...company, requested: false, p_iva: '' })).toEqual([]);
    expect(invoiceIssues({ ...company, business_name: '' }).map((i) => i.key)).toEqual(['invoiceCompanyRequired']);
    expect(invoiceIssues({ ...company, pec: '', fiscal_recipient_code: 'ABC1234' })).toEqual([]);
    expect(invoiceIssues({ ...company, pec: '' }).map((i) => i.key)).toEqual(['invoiceRecipientRequired']);
    expect(invoiceIssues({ ...company, city: '' }).map((i) => i.path)).toEqual(['invoice.city']);
    // One message for the group, on its first empty field, naming every empty one.
    expect(invoiceIssues({ ...company, address: '', zip_code: ' ' })).toEqual([
      { key: 'invoiceAddressRequired', params: { missing: 'address,zip_code' }, path: 'invoice.address' },
    ]);
    expect(invoiceIssues({ ...company, address: 'x'.repeat(256) }).map((i) => i.key)).toEqual(['tooLong']);
  });

  it('needs exactly one of VAT number and fiscal code for a private person, plus names', () => {
    const person: InvoiceInput = { ...company, invoice_type: 1, p_iva: '', business_name: '', fiscal_code: 'RSSMRA80A01D643X', firstname: 'Mario', lastname: 'Rossi' };
    expect(invoiceIssues(person)).toEqual([]);
    expect(invoiceIssues({ ...person, p_iva: '01234567890' }).map((i) => i.key)).toEqual(['invoicePrivateIdRequired']);
    expect(invoiceIssues({ ...person, fiscal_code: '' }).map((i) => i.key)).toEqual(['invoicePrivateIdRequired']);
    expect(invoiceIssues({ ...person, fiscal_code: '', p_iva: '01234567890' })).toEqual([]);
    expect(invoiceIssues({ ...person, lastname: '' }).map((i) => i.key)).toEqual(['invoiceNamesRequired']);
  });

  it('words the payment-link e-mail error per screen', () => {
    expect(paymentLinkEmailIssue('a@b.it')).toBeNull();
    expect(localizedWith(paymentLinkEmailIssue('a@b')!.key).it).toBe('Email per invio link non valida!');
    expect(localizedWith(paymentLinkEmailIssue(' a@b.it', 'failed')!.key).it).toBe('Email per invio link non valida! - ricontrollare anche possibili spazi vuoti -');
  });

  it('needs a reason to block seats and a valid receipt e-mail', () => {
    expect(issueText(blockReasonIssue('  ')!, 'it')).toBe('Motivazione obbligatoria');
    expect(blockReasonIssue('gruppo scuola')).toBeNull();
    expect(issueText(receiptEmailIssue('x@')!, 'it')).toBe('email non valida');
    expect(receiptEmailIssue('x@y.com')).toBeNull();
    expect(isValidEmail('a b@c.it')).toBe(false);
  });
});
