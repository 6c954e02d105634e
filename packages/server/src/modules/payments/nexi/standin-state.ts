import { randomBytes } from 'node:crypto';

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
}

export class NexiStandInState {
  /** The hosted page closes an unanswered order after this long, as XPay's own session does. */
  static readonly PAGE_MINUTES = 15;
  readonly orders = new Map<string, StandInOrder>();

  constructor(readonly now: () => number = () => Date.now()) {}

  /** The order's `stato` as the back-office API words it. */
  stato(order: StandInOrder): string {
    if (order.state === 'open') return this.now() - order.openedAt < NexiStandInState.PAGE_MINUTES * 60_000 ? 'In Corso' : 'Annullato';
    return { approved: 'Contabilizzato', declined: 'Autor. Negata', cancelled: 'Annullato', refunded: 'Stornato' }[order.state];
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
