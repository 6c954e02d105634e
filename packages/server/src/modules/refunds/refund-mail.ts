import { formatMoney, type Lang, parseLang } from '@heliline/domain';
import type { RefundSource } from '../../db/schema-refunds.ts';
import type { OutgoingMail } from '../mail/mailer.ts';
import { render } from '../mail/templates.ts';

/** Where the money of a refund goes, as the customer reads it. */
const WHERE: Record<RefundSource, Record<Lang, string>> = {
  nexi: { it: 'sulla carta con cui hai pagato', en: 'to the card you paid with' },
  sandbox: { it: 'sulla carta con cui hai pagato', en: 'to the card you paid with' },
  paypal: { it: 'sul tuo conto PayPal', en: 'to your PayPal account' },
  cash: { it: 'in contanti allo sportello', en: 'in cash at the desk' },
  account: { it: 'sul conto operatore con cui hai pagato', en: 'to the operator account you paid with' },
  voucher: { it: 'sul tuo buono', en: 'to your voucher' },
};

const TEXT = {
  it: {
    subject: (code: string) => `Rimborso inviato – prenotazione ${code}`,
    intro: (amount: string, code: string, where: string) => `Abbiamo inviato il rimborso di ${amount} per la prenotazione ${code} ${where}.`,
    card: 'I tempi di accredito dipendono dalla tua banca: di solito pochi giorni lavorativi.',
    paidOut: (amount: string, code: string, where: string) => `Ti abbiamo rimborsato ${amount} per la prenotazione ${code} ${where}.`,
  },
  en: {
    subject: (code: string) => `Refund sent – booking ${code}`,
    intro: (amount: string, code: string, where: string) => `We have sent the refund of ${amount} for booking ${code} ${where}.`,
    card: 'When it shows depends on your bank: usually a few working days.',
    paidOut: (amount: string, code: string, where: string) => `We have refunded ${amount} for booking ${code} ${where}.`,
  },
} as const;

/** What the mail needs of a refund row. */
export interface SentRefund {
  group_code: string;
  source: RefundSource;
  amount_cents: number;
  lang: string;
  email: string;
}

/**
 * The customer's "refund sent" e-mail, in the booking's language: the amount, the booking code
 * and where the money goes. Queued in the transaction that marks the refund sent (or paid out).
 */
export function refundSentMail(refund: SentRefund): OutgoingMail {
  const lang = parseLang(refund.lang);
  const t = TEXT[lang];
  const amount = formatMoney(refund.amount_cents, lang);
  const where = WHERE[refund.source][lang];
  const manual = refund.source === 'cash' || refund.source === 'account';
  const subject = t.subject(refund.group_code);
  const { html, text } = render({
    lang,
    title: subject,
    intro: [manual ? t.paidOut(amount, refund.group_code, where) : t.intro(amount, refund.group_code, where)],
    outro: manual ? [] : [t.card],
  });
  return { to: refund.email, kind: 'refund-sent', subject, html, text };
}
