import { invoiceIssues } from '@heliline/domain/booking/step4';
import type { InvoiceDraft } from './invoice.ts';
import { paymentLinkIssues } from './staff.ts';
import type { WizardForm } from './state.ts';
import { type CheckContext, type StepCheck, toCheck } from './validate.ts';

/**
 * Step 4's rules, checked when the buyer purchases: the invoice's, and for staff the payment
 * link's e-mail. A chunk of its own that comes with step 4 (lazy-steps.tsx), so a first visit
 * to /booking does not download them (decision 023).
 */
export function checkStep4(invoice: InvoiceDraft, ctx: CheckContext): StepCheck {
  return toCheck(invoiceIssues(invoice), { paxes: [], contacts: { email: '' } }, ctx.lang);
}

/** Staff step 4, payment link (type -1): the invoice's rules and the link's e-mail (§5 step 4). */
export function checkPaymentLink(form: WizardForm, invoice: InvoiceDraft, ctx: CheckContext): StepCheck {
  return toCheck([...invoiceIssues(invoice), ...paymentLinkIssues(form.contacts.email_payment_link)], form, ctx.lang);
}
