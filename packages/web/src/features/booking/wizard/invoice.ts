import type { INVOICE_TEXT_FIELDS } from '@heliline/domain/booking/step4';
import type { Lang } from '@heliline/domain/i18n/lang';

/** Spec §3 Invoice, as the step 4 form edits it. */
export interface InvoiceDraft {
  requested: boolean;
  /** 0 company, 1 private person. */
  invoice_type: 0 | 1;
  p_iva: string;
  business_name: string;
  fiscal_code: string;
  firstname: string;
  lastname: string;
  address: string;
  country: string;
  city: string;
  zip_code: string;
  pec: string;
  fiscal_recipient_code: string;
}

export type InvoiceTextField = (typeof INVOICE_TEXT_FIELDS)[number];

/** A new invoice form; the country starts as Italy, written in the page's language. */
export const emptyInvoice = (lang: Lang = 'it'): InvoiceDraft => ({
  requested: false,
  invoice_type: 1,
  p_iva: '',
  business_name: '',
  fiscal_code: '',
  firstname: '',
  lastname: '',
  address: '',
  country: lang === 'en' ? 'Italy' : 'Italia',
  city: '',
  zip_code: '',
  pec: '',
  fiscal_recipient_code: '',
});

/** Which fields each invoice kind shows (the rules themselves are the domain's). */
export function invoiceFields(type: 0 | 1): readonly InvoiceTextField[] {
  return type === 0
    ? ['business_name', 'p_iva', 'address', 'city', 'zip_code', 'country', 'pec', 'fiscal_recipient_code']
    : ['lastname', 'firstname', 'fiscal_code', 'p_iva', 'address', 'city', 'zip_code', 'country', 'pec', 'fiscal_recipient_code'];
}
