import { PDF_FORM_KINDS, type PdfFormKind } from '@heliline/domain';

const flags = (json: string | null): Partial<Record<PdfFormKind, unknown>> => {
  if (!json) return {};
  try {
    const parsed = JSON.parse(json) as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as Partial<Record<PdfFormKind, unknown>>) : {};
  } catch {
    return {};
  }
};

/**
 * The forms a passenger must hand over at the desk: those the booking flagged (email_forms_pdf,
 * set by the unaccompanied-minor declaration too) and those last e-mailed with the ticket.
 */
export function flaggedFormsOf(bookingForms: string | null, ticketForms: string | null): PdfFormKind[] {
  const a = flags(bookingForms);
  const b = flags(ticketForms);
  return PDF_FORM_KINDS.filter((k) => a[k] === true || b[k] === true);
}
