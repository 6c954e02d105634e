import { TEXT_MAX_LENGTH, isValidEmail } from './email.ts';
import { issue, type Issue } from './issues.ts';

/** Invoice request (spec wizard §3). invoice_type 0 = company, 1 = private person. */
export interface InvoiceInput {
  requested: boolean;
  invoice_type: 0 | 1;
  p_iva?: string | null;
  business_name?: string | null;
  fiscal_code?: string | null;
  firstname?: string | null;
  lastname?: string | null;
  address?: string | null;
  country?: string | null;
  city?: string | null;
  zip_code?: string | null;
  pec?: string | null;
  fiscal_recipient_code?: string | null;
}

export const INVOICE_TEXT_FIELDS = [
  'p_iva',
  'business_name',
  'fiscal_code',
  'firstname',
  'lastname',
  'address',
  'country',
  'city',
  'zip_code',
  'pec',
  'fiscal_recipient_code',
] as const;

const has = (v: string | null | undefined) => !!v && v.trim() !== '';
const at = (field: string) => `invoice.${field}`;

/** Spec wizard §5 step 4. Nothing to check when no invoice is requested. */
export function invoiceIssues(inv: InvoiceInput | null | undefined): Issue[] {
  if (!inv?.requested) return [];
  const out: Issue[] = [];
  for (const f of INVOICE_TEXT_FIELDS) if ((inv[f]?.length ?? 0) > TEXT_MAX_LENGTH) out.push(issue('tooLong', undefined, at(f)));
  if (inv.invoice_type === 0) {
    if (!has(inv.p_iva) || !has(inv.business_name)) {
      out.push(issue('invoiceCompanyRequired', undefined, at(has(inv.p_iva) ? 'business_name' : 'p_iva')));
    }
  } else {
    // A private person gives exactly one identifier: VAT number (self-employed) or fiscal code.
    if (has(inv.p_iva) === has(inv.fiscal_code)) out.push(issue('invoicePrivateIdRequired', undefined, at('fiscal_code')));
    if (!has(inv.firstname) || !has(inv.lastname)) out.push(issue('invoiceNamesRequired', undefined, at(has(inv.firstname) ? 'lastname' : 'firstname')));
  }
  if (!has(inv.address) || !has(inv.city) || !has(inv.zip_code)) {
    const missing = (['address', 'city', 'zip_code'] as const).find((f) => !has(inv[f]))!;
    out.push(issue('invoiceAddressRequired', undefined, at(missing)));
  }
  if (!has(inv.pec) && !has(inv.fiscal_recipient_code)) out.push(issue('invoiceRecipientRequired', undefined, at('pec')));
  else if (has(inv.pec) && !isValidEmail(inv.pec!.trim())) out.push(issue('emailInvalid', undefined, at('pec')));
  return out;
}
