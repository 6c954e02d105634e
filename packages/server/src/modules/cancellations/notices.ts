import { type CancellationChoice, fillMessage, formatMoney, type Lang, localizedWith, type Localized, MESSAGES, toWireDate } from '@heliline/domain';
import type { Selectable } from 'kysely';
import type { DbOrTrx } from '../../db/database.ts';
import { AppError } from '../../http/errors.ts';
import type { CancellationNoticesTable } from '../../db/schema-cancellations.ts';
import { hmac } from '../../lib/crypto.ts';
import { placeName, samePlace } from '../schedule/journeys.ts';
import type { FlightLegRow } from '../schedule/service.ts';
import type { TicketRow } from '../tickets/ticket-pdf.ts';
import type { NoticeFacts } from './mail.ts';

/** What the staff side and the passenger's link share: a notice, its personal link, how a flight and a choice read. */
export type Notice = Selectable<CancellationNoticesTable>;

export const langOf = (l: string): Lang => (l === 'en' ? 'en' : 'it');

/** The legs [from..to] of a rotation a ticket flies (its journey), by its places. */
export function ticketLegs(legs: FlightLegRow[], t: Pick<TicketRow, 'origin_id' | 'destination_id'>): FlightLegRow[] {
  const sorted = [...legs].sort((a, b) => a.seq - b.seq);
  const from = sorted.findIndex((l) => samePlace(l.originId, t.origin_id));
  const to = sorted.findIndex((l, i) => i >= from && samePlace(l.destinationId, t.destination_id));
  return from < 0 || to < 0 ? [] : sorted.slice(from, to + 1);
}

/** The legs a cancellation took out: the whole rotation, or the one leg. */
export function cancelledLegs(legs: FlightLegRow[], legId: number | null): FlightLegRow[] {
  const sorted = [...legs].sort((a, b) => a.seq - b.seq);
  return legId === null ? sorted : sorted.filter((l) => l.legId === legId);
}

export const routeOf = (legs: Pick<FlightLegRow, 'originId' | 'destinationId'>[], lang: Lang) =>
  legs.length ? [placeName(legs[0]!.originId, lang), ...legs.map((l) => placeName(l.destinationId, lang))].join(' → ') : '';

/** The personal link's token of a notice: HMAC(secret, nonce); only its SHA-256 is stored. */
export const noticeToken = (secret: string, nonce: string): string => hmac(secret, `flight-change:${nonce}`);

/** What a notice's e-mail (first or reminder) says, in its language. */
export function noticeFacts(
  notice: Pick<Notice, 'lang' | 'email' | 'group_code' | 'paid_cents' | 'token_nonce'>,
  c: { leg_id: number | null; reason: string },
  legs: FlightLegRow[],
  link: { appUrl: string; secret: string },
): NoticeFacts {
  const lang = langOf(notice.lang);
  return {
    to: notice.email,
    lang,
    bookingCode: notice.group_code,
    flightCode: legs[0]!.code,
    date: toWireDate(legs[0]!.serviceDate),
    route: routeOf(cancelledLegs(legs, c.leg_id), lang),
    reason: c.reason,
    amount: formatMoney(notice.paid_cents, lang),
    link: `${link.appUrl}/flight-change/${noticeToken(link.secret, notice.token_nonce)}`,
  };
}

const CHOICE_SHORT = { move: 'cancellationChoiceMoveShort', refund: 'cancellationChoiceRefundShort', voucher: 'cancellationChoiceVoucherShort' } as const;

/**
 * 409 for a second answer, naming the choice made ('Hai già scelto: rimborso completo di 120,00 €');
 * only its kind while the first answer's change is still under way.
 */
export class AlreadyAnswered extends AppError {
  constructor(private readonly notice: Notice) {
    super('conflict', 'cancellationAlreadyAnswered');
  }

  override body(lang: Lang) {
    const choice = choiceMessages(this.notice) ?? MESSAGES[CHOICE_SHORT[this.notice.choice as CancellationChoice]];
    const fill = (l: Lang) => fillMessage(MESSAGES.cancellationAlreadyAnswered[l], { choice: choice[l] });
    const messages = { it: fill('it'), en: fill('en') };
    return { message: messages[lang], messages, message_it: messages.it, message_en: messages.en };
  }
}

/** The choice made, in both languages (from the stored detail). */
export function choiceMessages(n: Notice): Localized | null {
  if (!n.choice || !n.choice_detail) return null;
  const d = JSON.parse(n.choice_detail) as Record<string, string>;
  const money = (l: Lang) => formatMoney(Number(d.amountCents ?? n.paid_cents), l);
  const by = (f: (l: Lang) => string): Localized => ({ it: f('it'), en: f('en') });
  if (n.choice === 'move') return localizedWith('cancellationChoiceMove', { flightCode: d.flightCode ?? '', date: d.date ?? '' });
  if (n.choice === 'refund') return by((l) => localizedWith('cancellationChoiceRefund', { amount: money(l) })[l]);
  return by((l) => localizedWith('cancellationChoiceVoucher', { voucherCode: d.voucherCode ?? '', amount: money(l), validTo: d.validTo ?? '' })[l]);
}

export async function ticketsByNr(db: DbOrTrx, nrs: string[]): Promise<Map<string, TicketRow>> {
  if (!nrs.length) return new Map();
  const rows = await db.selectFrom('tickets').selectAll().where('ticket_nr', 'in', nrs).execute();
  return new Map(rows.map((t) => [t.ticket_nr, t]));
}
