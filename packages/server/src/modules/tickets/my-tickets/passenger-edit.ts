import {
  ageOn,
  birthDateFits,
  categoryForAge,
  dayjs,
  editableUntil,
  formatEditableUntil,
  type Issue,
  issue,
  isEditableAt,
  isValidEmail,
  OPERATOR_TZ,
  parseWireDate,
  type PaxCategory,
  TKT_CATEGORY,
  type TPassengerEditBody,
} from '@heliline/domain';
import { AppError, IssuesError, MessageWithParamsError } from '../../../http/errors.ts';
import type { TicketRow } from '../ticket-pdf.ts';
import type { TicketPassengerUpdate } from './queries.ts';
import { journeyOf } from './rows.ts';

/**
 * The pax modal's rules (spec my-tickets §2), with the wizard's step-3 rules from the domain:
 * names, document type and number, e-mail, telephone, and a birth date that keeps the
 * passenger's category (AD/CH/INF) on every flight it is written to.
 */

/** The flight's calendar date in Rome (YYYY-MM-DD): ages are taken on it. */
const flightDay = (row: TicketRow) => dayjs(row.departs_at).tz(OPERATOR_TZ).format('YYYY-MM-DD');

/** 409 when the ticket can no longer be changed: cancelled, or past editable_until. */
export function assertEditable(row: TicketRow, cancelled: boolean, now: Date): void {
  if (cancelled) throw new AppError('conflict', 'myTicketsTicketCancelled');
  if (!isEditableAt(journeyOf(row), now)) {
    throw new MessageWithParamsError('conflict', issue('myTicketsEditExpired', { until: formatEditableUntil(editableUntil(journeyOf(row))) }));
  }
}

/** The edited ticket and, on a round trip, its linked ticket (given only while live) while it is still editable. */
export function ticketsToEdit(row: TicketRow, linked: TicketRow | undefined, now: Date): TicketRow[] {
  const other = linked && isEditableAt(journeyOf(linked), now) ? [linked] : [];
  return [row, ...other];
}

function birthDateIssues(body: TPassengerEditBody, rows: TicketRow[]): Issue[] {
  const iso = parseWireDate(body.birthdate);
  if (!iso) return [issue('myTicketsBirthDateInvalid', undefined, 'birthdate')];
  for (const row of rows) {
    const category = row.category as PaxCategory;
    if (birthDateFits(category, iso, flightDay(row))) continue;
    const now = iso <= flightDay(row) ? categoryForAge(ageOn(iso, flightDay(row))) : null;
    if (!now) return [issue('myTicketsBirthDateInvalid', undefined, 'birthdate')];
    return [issue('myTicketsCategoryChange', { from: row.tkt_category, to: TKT_CATEGORY[now] }, 'birthdate')];
  }
  return [];
}

function documentIssues(body: TPassengerEditBody, rows: TicketRow[], docTypeKnown: boolean): Issue[] {
  if (rows[0]!.category === 'an') return [];
  const out: Issue[] = [];
  if (!body.doc_type || !body.doc_num) out.push(issue('myTicketsDocumentRequired', undefined, body.doc_type ? 'doc_num' : 'doc_type'));
  else if (!docTypeKnown) out.push(issue('documentTypeInvalid', undefined, 'doc_type'));
  const expiry = body.doc_expdate ? parseWireDate(body.doc_expdate) : null;
  if (expiry && rows.some((r) => expiry < flightDay(r))) out.push(issue('myTicketsDocExpired', undefined, 'doc_expdate'));
  return out;
}

/** 422 with every broken rule by field, nothing written. */
export function checkPassengerEdit(body: TPassengerEditBody, rows: TicketRow[], docTypeKnown: boolean): void {
  const issues = [...birthDateIssues(body, rows), ...documentIssues(body, rows, docTypeKnown)];
  if (body.emailPax && !isValidEmail(body.emailPax)) issues.push(issue('paxEmailsInvalid', undefined, 'emailPax'));
  if (issues.length) throw new IssuesError(issues);
}

/** The columns the edit writes (dates as stored: birth date DD/MM/YYYY as printed, expiry ISO). */
export function passengerUpdate(body: TPassengerEditBody): Required<TicketPassengerUpdate> {
  return {
    lastname: body.lastname,
    firstname: body.firstname,
    birth_date: body.birthdate,
    doc_type: body.doc_type || null,
    doc_num: body.doc_num ?? null,
    doc_expdate: body.doc_expdate ? parseWireDate(body.doc_expdate) : null,
    address: body.address ?? null,
    email: body.emailPax ?? null,
    tel: body.telPax ?? null,
  };
}

/** Old → new of the columns that change (for ticket_events); null when nothing changes. */
export function changedValues(row: TicketRow, update: Required<TicketPassengerUpdate>) {
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(update)) {
    const old = row[key as keyof TicketRow] ?? null;
    if (old !== value) {
      before[key] = old;
      after[key] = value;
    }
  }
  return Object.keys(after).length ? { old_values: JSON.stringify(before), new_values: JSON.stringify(after) } : null;
}
