import { TEXT_MAX_LENGTH, isValidEmail } from './email.ts';
import { issue } from './issue.ts';
import type { WizardIssue } from './wizard-messages.ts';

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

/**
 * A group of fields the spec requires together, refused with one message: the issue sits on its
 * first empty field and names every empty one (`missing`), so a form can flag each of them.
 */
function requireAll(
  inv: InvoiceInput,
  fields: readonly (typeof INVOICE_TEXT_FIELDS)[number][],
  key: 'invoiceCompanyRequired' | 'invoiceNamesRequired' | 'invoiceAddressRequired',
  out: WizardIssue[],
): void {
  const missing = fields.filter((f) => !has(inv[f]));
  if (missing.length) out.push(issue(key, { missing: missing.join(',') }, at(missing[0]!)));
}

/** Spec wizard §5 step 4. Nothing to check when no invoice is requested. */
export function invoiceIssues(inv: InvoiceInput | null | undefined): WizardIssue[] {
  if (!inv?.requested) return [];
  const out: WizardIssue[] = [];
  for (const f of INVOICE_TEXT_FIELDS) if ((inv[f]?.length ?? 0) > TEXT_MAX_LENGTH) out.push(issue('tooLong', undefined, at(f)));
  if (inv.invoice_type === 0) {
    requireAll(inv, ['p_iva', 'business_name'], 'invoiceCompanyRequired', out);
  } else {
    // A private person gives exactly one identifier: VAT number (self-employed) or fiscal code.
    if (has(inv.p_iva) === has(inv.fiscal_code)) out.push(issue('invoicePrivateIdRequired', undefined, at('fiscal_code')));
    requireAll(inv, ['firstname', 'lastname'], 'invoiceNamesRequired', out);
  }
  requireAll(inv, ['address', 'city', 'zip_code'], 'invoiceAddressRequired', out);
  if (!has(inv.pec) && !has(inv.fiscal_recipient_code)) out.push(issue('invoiceRecipientRequired', undefined, at('pec')));
  else if (has(inv.pec) && !isValidEmail(inv.pec!.trim())) out.push(issue('emailInvalid', undefined, at('pec')));
  return out;
}
