import type { Lang } from '@heliline/domain';

/**
 * The sandbox bank's own words. They belong to the bank (another party), not to Heliline's
 * message catalogue: the merchant receives them verbatim as bank.message in the notification.
 */
export const DECLINE_REASONS = {
  '51': { it: 'Fondi insufficienti', en: 'Insufficient funds' },
  '54': { it: 'Carta scaduta', en: 'Expired card' },
  '05': { it: 'Transazione non autorizzata dalla banca emittente', en: 'Transaction not authorised by the card issuer' },
} as const satisfies Record<string, Record<Lang, string>>;
export type DeclineCode = keyof typeof DECLINE_REASONS;
export const DECLINE_CODES = Object.keys(DECLINE_REASONS) as DeclineCode[];

/** ISO 8583 17: customer cancellation; 68: response received too late (page left open). */
export const CANCELLED = { code: '17', text: { it: 'Pagamento annullato dal titolare della carta', en: 'Payment cancelled by the cardholder' } };
export const EXPIRED = { code: '68', text: { it: 'Sessione di pagamento scaduta', en: 'Payment session expired' } };
export const APPROVED_TEXT = { it: 'Transazione autorizzata', en: 'Transaction approved' };

/** Why the bank refuses a refund (ISO 8583 12: invalid transaction, 13: invalid amount, 25: record not found). */
export const REFUND_REFUSALS = {
  '12': { it: 'Transazione non rimborsabile', en: 'Transaction cannot be refunded' },
  '13': { it: 'Importo superiore a quanto resta da rimborsare', en: 'Amount exceeds what is left to refund' },
  '25': { it: 'Ordine non trovato', en: 'Order not found' },
} as const satisfies Record<string, Record<Lang, string>>;
export type RefundRefusalCode = keyof typeof REFUND_REFUSALS;

export const BANK_NAME = 'Banca Sandbox';

/** Shown on every page of the sandbox bank, in both languages: it is a test bank and no money moves. */
export const TEST_BANNER = {
  it: 'BANCA DI PROVA – questo non è un pagamento reale: nessun denaro viene addebitato né trasferito.',
  en: 'TEST BANK – this is not a real payment: no money is charged or moved.',
} as const;

export const PAGE = {
  it: {
    title: 'Pagamento sicuro',
    sandbox: 'Ambiente di prova: nessun dato della carta viene richiesto né addebitato. Scegli l’esito da simulare.',
    merchant: 'Esercente',
    amount: 'Importo',
    description: 'Descrizione',
    order: 'Ordine',
    expires: 'La sessione scade alle',
    outcome: 'Esito da simulare',
    approve: 'Autorizza il pagamento',
    declinePrefix: 'Rifiuta',
    pay: 'Conferma',
    cancel: 'Annulla e torna all’esercente',
    other: 'English',
    expired: 'La sessione di pagamento è scaduta. Nessun addebito è stato eseguito.',
    done: 'Questo pagamento è già stato elaborato.',
    back: 'Torna all’esercente',
    notifyFailed: 'Il pagamento è stato registrato ma l’esercente non ha confermato la ricezione. Riprova tra qualche istante.',
    retry: 'Invia di nuovo l’esito all’esercente',
    notFound: 'Ordine di pagamento inesistente.',
    badToken: 'La sessione del modulo non è valida. Ricarica la pagina e riprova.',
    reload: 'Ricarica la pagina',
    secure: 'Autenticazione forte: in un pagamento reale la banca chiederebbe un codice via SMS o app.',
    refunds: 'Rimborsi',
    refundAmount: 'Importo',
    refundDate: 'Data',
    refundState: 'Stato',
    refundDone: 'Accreditato sulla carta',
  },
  en: {
    title: 'Secure payment',
    sandbox: 'Test environment: no card data is requested or charged. Choose the outcome to simulate.',
    merchant: 'Merchant',
    amount: 'Amount',
    description: 'Description',
    order: 'Order',
    expires: 'This session expires at',
    outcome: 'Outcome to simulate',
    approve: 'Approve the payment',
    declinePrefix: 'Decline',
    pay: 'Confirm',
    cancel: 'Cancel and return to the merchant',
    other: 'Italiano',
    expired: 'The payment session has expired. Nothing was charged.',
    done: 'This payment has already been processed.',
    back: 'Return to the merchant',
    notifyFailed: 'The payment was recorded but the merchant did not confirm receipt. Please try again in a moment.',
    retry: 'Send the outcome to the merchant again',
    notFound: 'No such payment order.',
    badToken: 'The form session is not valid. Reload the page and try again.',
    reload: 'Reload the page',
    secure: 'Strong authentication: in a real payment the bank would ask for a code by SMS or app.',
    refunds: 'Refunds',
    refundAmount: 'Amount',
    refundDate: 'Date',
    refundState: 'State',
    refundDone: 'Credited to the card',
  },
} as const satisfies Record<Lang, Record<string, string>>;
