import { issue } from '@heliline/domain/booking/issues';
import { describe, expect, it } from 'vitest';
import { fieldId, issueFields } from './issue-fields.ts';
import { initialState, type WizardAction, type WizardState, wizardReducer } from './state.ts';
import { flight, OWN } from './test-fixtures.ts';
import { type CheckContext, checkStep1, checkStep3 } from './validate.ts';
import { checkStep4 } from './validate-purchase.ts';
import { emptyInvoice } from './invoice.ts';

const run = (state: WizardState, ...actions: WizardAction[]) => actions.reduce(wizardReducer, state);

/** The account holder (complete) and a new man with nothing filled in. */
function twoPaxes(): WizardState {
  return run(initialState(OWN), { type: 'count', key: 'men', value: 1, own: OWN });
}

const ctx: CheckContext = {
  lang: 'it',
  user: { gender: 'F', roles: [] },
  today: '2031-07-01',
  now: new Date('2031-07-01T08:00:00Z'),
  departure: flight(1, '2031-07-10'),
};

describe('issue path → field key', () => {
  const form = twoPaxes().form;
  const [own, man] = form.paxes;

  it('keeps plain paths and maps a passenger index to its block', () => {
    expect(issueFields(issue('departureDateRequired', undefined, 'departureDate'), form)).toEqual(['departureDate']);
    expect(issueFields(issue('invoiceRecipientRequired', undefined, 'invoice.pec'), form)).toEqual(['invoice.pec']);
    expect(issueFields(issue('birthDatesInvalid', undefined, 'paxes.1.birthDate'), form)).toEqual([`${man!._uuid}.birthDate`]);
  });

  it('points a passengers-wide rule at the listed positions (1-based) or the first passenger it is about', () => {
    // Every empty field of the listed passengers (the new man's gender comes from his counter).
    expect(issueFields(issue('paxIncomplete', { positions: '2' }, 'paxes'), form)).toEqual([`${man!._uuid}.lastname`, `${man!._uuid}.firstname`]);
    expect(issueFields(issue('birthDatesInvalid', { positions: '1, 2' }, 'paxes'), form)).toEqual([`${own!._uuid}.birthDate`, `${man!._uuid}.birthDate`]);
    // The holder has a document; the new man has none: his document type and number.
    expect(issueFields(issue('documentRequired', undefined, 'paxes'), form)).toEqual([`${man!._uuid}.document_type`, `${man!._uuid}.document_num`]);
  });

  it('sends rules without a path to the control that fixes them', () => {
    expect(issueFields(issue('originDestinationMissing'), form)).toEqual(['originId']);
    expect(issueFields(issue('atLeastOnePax'), form)).toEqual(['men']);
    expect(issueFields(issue('contactsRequired', undefined, 'contacts'), { ...form, contacts: { email: 'a@b.it' } })).toEqual(['contacts.telephone']);
    expect(issueFields(issue('contactsRequired', undefined, 'contacts'), { ...form, contacts: { email: '' } })).toEqual(['contacts.email']);
  });

  it('makes valid, distinct DOM ids', () => {
    expect(fieldId('contacts.email')).toBe('wz-contacts-email');
    expect(fieldId(`${man!._uuid}.lastname`)).toMatch(/^wz-[A-Za-z0-9_-]+$/);
    expect(fieldId('invoice.pec')).not.toBe(fieldId('invoice.p_iva'));
  });
});

describe('error summary and field messages of a refused step', () => {
  it('step 1 with nothing chosen: summary links to the origin and the date, each message under its field', () => {
    const check = checkStep1(initialState(OWN).form, ctx);
    expect(check.summary).toEqual([
      { text: 'origine o destinazione mancante!', field: 'originId' },
      { text: 'La data di partenza è obbligatoria', field: 'departureDate' },
    ]);
    expect(check.fieldMessages?.get('originId')).toBe('origine o destinazione mancante!');
  });

  it('step 3: each spec message once, linked to the first field at fault; the field carries its message', () => {
    const s = run(twoPaxes(), { type: 'contacts', patch: { email: 'not-an-email', telephone: '333' } });
    const man = s.form.paxes[1]!;
    const check = checkStep3(s.form, ctx);
    const byText = new Map(check.summary!.map((i) => [i.text, i.field]));
    expect(byText.get('per tutti i passeggeri è obbligatorio un documento')).toBe(`${man._uuid}.document_type`);
    expect(byText.get('email di contatto non valida')).toBe('contacts.email');
    expect(check.fieldMessages?.get('contacts.email')).toBe('email di contatto non valida');
    expect(check.summary!.map((i) => i.text)).toEqual(check.messages);
  });

  it('step 4: every empty field of an invoice group is flagged, the summary links to the first', () => {
    const check = checkStep4({ ...emptyInvoice(), requested: true, invoice_type: 0, p_iva: '01234567890', pec: 'a@pec.it', city: 'Foggia' }, ctx);
    expect(check.summary!.map((i) => i.field)).toEqual(['invoice.business_name', 'invoice.address']);
    for (const f of ['invoice.business_name', 'invoice.address', 'invoice.zip_code']) expect(check.fields.has(f)).toBe(true);
    for (const f of ['invoice.p_iva', 'invoice.city', 'invoice.pec']) expect(check.fields.has(f)).toBe(false);
  });

  it('step 4: a private invoice without ids links to the fiscal code', () => {
    const check = checkStep4({ ...emptyInvoice(), requested: true, invoice_type: 1 }, ctx);
    expect(check.summary!.find((i) => i.field === 'invoice.fiscal_code')).toBeTruthy();
    expect(check.fields.has('invoice.fiscal_code')).toBe(true);
  });
});
