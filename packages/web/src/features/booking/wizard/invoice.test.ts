import { describe, expect, it } from 'vitest';
import { emptyInvoice, invoiceFields } from './invoice.ts';

describe('the invoice form', () => {
  it('starts unrequested, for a private person, with Italy written in the page language', () => {
    expect(emptyInvoice('it')).toMatchObject({ requested: false, invoice_type: 1, country: 'Italia' });
    expect(emptyInvoice('en').country).toBe('Italy');
  });

  it('asks a company for its name and a person for theirs', () => {
    expect(invoiceFields(0)).toContain('business_name');
    expect(invoiceFields(0)).not.toContain('lastname');
    expect(invoiceFields(1)).toEqual(expect.arrayContaining(['lastname', 'firstname', 'fiscal_code']));
  });
});
