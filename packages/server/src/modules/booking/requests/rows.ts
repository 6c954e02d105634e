import { PDF_FORM_KINDS, type PdfFormKind, toWireDate } from '@heliline/domain';
import type { Insertable } from 'kysely';
import type { BookingPassengersTable, BookingPriceLinesTable } from '../../../db/schema-booking.ts';
import type { LegNeed } from '../../inventory/service.ts';
import type { BookingPlan } from './plan.ts';
import type { NewBookingRequest } from './queries.ts';

/** What a planned booking writes: the request row, its passengers, price lines and seat needs. */

/** The new request row: pending, seats held until `holdExpiresAt`, no payment yet. */
export function requestRow(code: string, userId: number, plan: BookingPlan, holdExpiresAt: string, at: string): NewBookingRequest {
  return {
    code,
    group_code: code.slice(0, 6),
    type: plan.type,
    status: 'pending',
    user_id: userId,
    lang: plan.lang,
    channel: plan.channel,
    flight_type: plan.flightType,
    origin_id: plan.originId,
    destination_id: plan.destinationId,
    departure_flight_id: plan.outbound.flightId,
    comeback_flight_id: plan.comeback?.flightId ?? null,
    ...plan.counts,
    contact_email: plan.contacts.email,
    contact_telephone: plan.contacts.telephone,
    coupon_code: plan.coupon?.code ?? null,
    coupon_perc: plan.coupon?.perc ?? 0,
    tickets_cents: plan.totals.tickets,
    taxes_cents: plan.totals.taxes,
    landing_taxes_cents: plan.totals.landingTaxes,
    grand_total_cents: plan.totals.grandTotal,
    amount_cents: plan.totals.amount,
    invoice_json: plan.invoice ? JSON.stringify(plan.invoice) : null,
    forms_json: plan.forms ? JSON.stringify(plan.forms) : null,
    hold_expires_at: holdExpiresAt,
    hold_extended: 0,
    payment_id: null,
    bank_message: null,
    error_code: null,
    failure_reason: null,
    note: null,
    created_at: at,
    updated_at: at,
  };
}

export function passengerRows(requestId: number, plan: BookingPlan): Insertable<BookingPassengersTable>[] {
  return plan.passengers.map((p) => ({
    booking_request_id: requestId,
    position: p.position,
    pax_id: p.paxId,
    category: p.category,
    tkt_category: p.tktCategory,
    gender: p.gender,
    lastname: p.lastname,
    firstname: p.firstname,
    birth_date: p.birthDate,
    residence: p.residence,
    document_type: p.documentType,
    document_num: p.documentNum,
    email: p.email,
    telephone: p.telephone,
    exemption: p.exemption ? 1 : 0,
    dsc: p.dsc,
  }));
}

export function priceLineRows(requestId: number, plan: BookingPlan): Insertable<BookingPriceLinesTable>[] {
  return plan.prices.map((p) => ({
    booking_request_id: requestId,
    position: p.position,
    direction: p.direction,
    fare_cents: p.fare,
    ticket_cents: p.ticket,
    ticket_nodsc_cents: p.ticket_nodsc,
    tax_cents: p.tax,
    landing_tax_cents: p.landingTax,
    total_cents: p.total,
    total_nodsc_cents: p.total_nodsc,
  }));
}

/** The party's seats on every leg of the outbound and (if any) the return journey. */
export function seatNeeds(plan: BookingPlan): LegNeed[] {
  return [plan.outbound, ...(plan.comeback ? [plan.comeback] : [])].flatMap((j) => j.legIds.map((legId) => ({ legId, seats: plan.seats })));
}

/** Shown on the bank page, e.g. "Heliline LID101 22/11/2026 / LID102 23/11/2026 – 2 pax". */
export function paymentDescription(plan: BookingPlan): string {
  const comeback = plan.comeback ? ` / ${plan.comeback.code} ${toWireDate(plan.comeback.serviceDate)}` : '';
  return `Heliline ${plan.outbound.code} ${toWireDate(plan.outbound.serviceDate)}${comeback} – ${plan.passengers.length} pax`;
}

/** The check-in forms a stored booking asked for (forms_json = email_forms_pdf), in a fixed order. */
export function flaggedForms(formsJson: string | null): PdfFormKind[] {
  if (!formsJson) return [];
  try {
    const flags = JSON.parse(formsJson) as Partial<Record<PdfFormKind, unknown>>;
    return PDF_FORM_KINDS.filter((k) => flags[k] === true);
  } catch {
    return [];
  }
}
