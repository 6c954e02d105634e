import { formatMoney, type Lang, localizedWith } from '@heliline/domain';
import type { OutgoingMail } from '../mail/mailer.ts';
import { render } from '../mail/templates.ts';

export interface RefundLine {
  ticketNr: string;
  name: string;
  paidCents: number;
  refundCents: number;
}

/** The refund e-mail to the booking's contact: one line per cancelled ticket and the total. */
export function refundMail(options: { to: string; lang: Lang; bookingCode: string; lines: RefundLine[] }): OutgoingMail {
  const { lang, bookingCode, lines } = options;
  const money = (c: number) => formatMoney(c, lang);
  const total = lines.reduce((a, l) => a + l.refundCents, 0);
  const subject = localizedWith('refundMailSubject', { bookingCode })[lang];
  const { html, text } = render({
    lang,
    title: subject,
    intro: [
      localizedWith('refundMailIntro', { bookingCode, amount: money(total) })[lang],
      ...lines.map((l) => localizedWith('refundMailLine', { ticketNr: l.ticketNr, name: l.name, paid: money(l.paidCents), refund: money(l.refundCents) })[lang]),
    ],
    outro: [],
  });
  return { to: options.to, kind: 'ticket-refund', subject, html, text };
}
