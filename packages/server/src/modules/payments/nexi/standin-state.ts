import { randomBytes } from 'node:crypto';
import { RefundSwitches } from '../standin-switches.ts';

/**
 * The Nexi stand-in's own books (in memory: it plays an outside acquirer whose state is not
 * ours; a restart is a sandbox reset). An order exists once the buyer's browser arrives with
 * the signed request, as at XPay.
 */
type StandInOrderState = 'open' | 'approved' | 'declined' | 'cancelled' | 'refunded';

export interface StandInOrder {
  codTrans: string;
  importo: number;
  divisa: string;
  url: string;
  urlBack: string;
  urlpost: string | null;
  languageId: string;
  descrizione: string;
  state: StandInOrderState;
  codiceEsito: string | null;
  codAut: string;
  data: string;
  orario: string;
  openedAt: number;
  /** Refund operations (RIMBORSO), as situazioneOrdine lists them. */
  refunds: { idOperazione: string; importo: number; at: string }[];
}

export class NexiStandInState {
  /** The hosted page closes an unanswered order after this long, as XPay's own session does. */
  static readonly PAGE_MINUTES = 15;
  readonly orders = new Map<string, StandInOrder>();
  /** Refuse storna with an XPay error code, or hold its answers (tests). */
  readonly refundSwitches = new RefundSwitches();

  constructor(readonly now: () => number = () => Date.now()) {}

  /** The order's `stato` as the back-office API words it. */
  stato(order: StandInOrder): string {
    if (order.state === 'open') return this.now() - order.openedAt < NexiStandInState.PAGE_MINUTES * 60_000 ? 'In Corso' : 'Annullato';
    if (order.state === 'approved' && order.refunds.length > 0) return 'Rimborsato Parz.';
    return { approved: 'Contabilizzato', declined: 'Autor. Negata', cancelled: 'Annullato', refunded: 'Rimborsato' }[order.state];
  }

  refundedCents(order: StandInOrder): number {
    return order.refunds.reduce((a, r) => a + r.importo, 0);
  }

  /**
   * storna on an accounted order: a partial or whole refund of what is left; null (XPay's KO)
   * when the order was not approved or the amount is more than what is left.
   */
  refund(order: StandInOrder, importo: number): string | null {
    const left = order.importo - this.refundedCents(order);
    if (order.state !== 'approved' || !Number.isSafeInteger(importo) || importo <= 0 || importo > left) return null;
    const idOperazione = this.newOperationId();
    order.refunds.push({ idOperazione, importo, at: new Date(this.now()).toISOString() });
    if (importo === left) order.state = 'refunded';
    return idOperazione;
  }

  /** Decides an open order once, stamping XPay's date (YYYYMMDD) and time (HHMMSS). */
  decide(order: StandInOrder, state: 'approved' | 'declined' | 'cancelled', codiceEsito: string | null): boolean {
    if (order.state !== 'open' || this.stato(order) !== 'In Corso') return false;
    const at = new Date(this.now()).toISOString();
    order.state = state;
    order.codiceEsito = codiceEsito;
    order.codAut = state === 'approved' ? randomBytes(3).toString('hex').toUpperCase() : '';
    order.data = at.slice(0, 10).replaceAll('-', '');
    order.orario = at.slice(11, 19).replaceAll(':', '');
    return true;
  }

  newOperationId(): string {
    return String(randomBytes(4).readUInt32BE());
  }
}
