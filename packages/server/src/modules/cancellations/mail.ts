import { type Lang, localizedWith } from '@heliline/domain';
import type { OutgoingMail } from '../mail/mailer.ts';
import { render } from '../mail/templates.ts';

/** What the cancellation e-mails say about the flight (already in the recipient's language). */
export interface NoticeFacts {
  to: string;
  lang: Lang;
  bookingCode: string;
  flightCode: string;
  date: string;
  route: string;
  reason: string;
  amount: string;
  link: string;
}

/** The first e-mail: the flight is cancelled, the personal link to choose. */
export function noticeMail(f: NoticeFacts): OutgoingMail {
  const subject = localizedWith('cancellationMailSubject', { flightCode: f.flightCode, date: f.date, bookingCode: f.bookingCode })[f.lang];
  const { html, text } = render({
    lang: f.lang,
    title: subject,
    intro: [
      localizedWith('cancellationMailIntro', { flightCode: f.flightCode, date: f.date, route: f.route, reason: f.reason })[f.lang],
      localizedWith('cancellationMailChoose', { amount: f.amount })[f.lang],
    ],
    button: { label: localizedWith('cancellationMailButton')[f.lang], url: f.link },
    outro: [localizedWith('cancellationMailKeep')[f.lang]],
  });
  return { to: f.to, kind: 'flight-cancelled', subject, html, text };
}

/** The reminder after 24 hours without an answer: the same link. */
export function reminderMail(f: NoticeFacts): OutgoingMail {
  const subject = localizedWith('cancellationReminderSubject', { flightCode: f.flightCode, bookingCode: f.bookingCode })[f.lang];
  const { html, text } = render({
    lang: f.lang,
    title: subject,
    intro: [
      localizedWith('cancellationReminderIntro', { flightCode: f.flightCode, date: f.date })[f.lang],
      localizedWith('cancellationMailChoose', { amount: f.amount })[f.lang],
    ],
    button: { label: localizedWith('cancellationMailButton')[f.lang], url: f.link },
    outro: [localizedWith('cancellationMailKeep')[f.lang]],
  });
  return { to: f.to, kind: 'flight-cancelled-reminder', subject, html, text };
}

/** The voucher: its code, value and last day. */
export function voucherMail(o: { to: string; lang: Lang; voucherCode: string; amount: string; validTo: string }): OutgoingMail {
  const subject = localizedWith('voucherMailSubject', { voucherCode: o.voucherCode })[o.lang];
  const { html, text } = render({
    lang: o.lang,
    title: subject,
    intro: [localizedWith('voucherMailIntro', { voucherCode: o.voucherCode, amount: o.amount, validTo: o.validTo })[o.lang]],
    outro: [],
  });
  return { to: o.to, kind: 'voucher', subject, html, text };
}
