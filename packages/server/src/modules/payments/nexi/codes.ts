import type { Lang } from '@heliline/domain';
import type { FinalPaymentStatus } from '../contract.ts';

/**
 * XPay's outcome codes (codiceEsito, "Codifica codiceEsito" of the technical specifications),
 * with the Italian text of the table and our English for it. They become the spec's
 * bank.error_code and bank.message on the failed-booking page, in the booking's language.
 */
export const CODICE_ESITO = {
  '0': { it: 'Autorizzazione concessa', en: 'Authorisation granted' },
  '20': { it: 'Ordine non presente', en: 'Order not found' },
  '101': { it: 'Parametri errati o mancanti', en: 'Wrong or missing parameters' },
  '102': { it: 'PAN errato', en: 'Wrong card number' },
  '103': { it: "Autorizzazione negata dall'emittente della carta", en: 'Authorisation denied by the card issuer' },
  '104': { it: 'Errore generico', en: 'Generic error' },
  '108': { it: 'Ordine già registrato', en: 'Order already registered' },
  '109': { it: 'Errore tecnico', en: 'Technical error' },
  '111': { it: 'MAC errato', en: 'Wrong MAC' },
  '112': { it: 'Transazione negata per autenticazione 3D Secure fallita o non possibile', en: 'Transaction denied: 3D Secure authentication failed or not possible' },
  '115': { it: 'Codice gruppo non presente', en: 'Group code not found' },
  '116': { it: '3D Secure annullato da utente', en: '3D Secure cancelled by the cardholder' },
  '117': { it: 'Carta non autorizzata causa applicazione regole BIN Table', en: 'Card not authorised under the BIN table rules' },
  '118': { it: 'Controllo blacklist', en: 'Blacklist check' },
  '119': { it: 'Esercente non abilitato ad operare in questa modalità', en: 'Merchant not enabled for this mode' },
  '120': { it: 'Circuito non accettato', en: 'Card scheme not accepted' },
  '121': { it: 'Transazione chiusa per timeout', en: 'Transaction closed on timeout' },
  '122': { it: 'Numero di tentativi di retry esauriti', en: 'No retries left for this transaction' },
  '400': { it: 'Autorizzazione negata', en: 'Authorisation denied' },
  '401': { it: 'Carta scaduta', en: 'Expired card' },
  '402': { it: 'Carta con restrizioni', en: 'Restricted card' },
  '403': { it: 'Esercente non valido', en: 'Invalid merchant' },
  '404': { it: 'Transazione non permessa', en: 'Transaction not permitted' },
  '405': { it: 'Fondi insufficienti', en: 'Insufficient funds' },
  '406': { it: 'Problema tecnico', en: 'Technical problem' },
  '407': { it: 'Host non trovato', en: 'Host not found' },
} as const satisfies Record<string, Record<Lang, string>>;
export type CodiceEsito = keyof typeof CODICE_ESITO;

/** The buyer left the hosted page with its cancel button (esito ANNULLO, on the return to url_back). */
export const CANCELLED = { code: 'ANNULLO', text: { it: 'Pagamento annullato dal titolare della carta', en: 'Payment cancelled by the cardholder' } };
/** A page left open until XPay closed it (found by the sweep's status check). */
export const TIMED_OUT: CodiceEsito = '121';
/** A decline known only from the status check (no codiceEsito there). */
export const DENIED: CodiceEsito = '400';

/** The bank's words for a code in the booking's language; an unknown code keeps XPay's own `messaggio`. */
export function bankMessage(code: string | null, lang: Lang, messaggio?: string): string | null {
  const known = code !== null && Object.hasOwn(CODICE_ESITO, code) ? CODICE_ESITO[code as CodiceEsito][lang] : null;
  return known ?? (messaggio?.trim() ? messaggio.trim().slice(0, 255) : null);
}

/** `esito` of a result: OK authorised; KO refused; ANNULLO cancelled; ERRORE a technical error; PEN pending. */
export function statusOfEsito(esito: string): FinalPaymentStatus | 'pending' {
  if (esito === 'OK') return 'approved';
  if (esito === 'KO' || esito === 'ERRORE') return 'declined';
  if (esito === 'ANNULLO') return 'abandoned';
  return 'pending';
}

/** `stato` of an order in the back-office situazioneOrdine answer (grouped as the specifications list them). */
const STATI: Record<string, FinalPaymentStatus | 'pending'> = {
  Autorizzato: 'approved',
  Contabilizzato: 'approved',
  'Contabilizzato Parz.': 'approved',
  'In attesa di contab.': 'approved',
  // Refunded later: it was approved (our refund records the rest).
  Rimborsato: 'approved',
  'Rimborsato Parz.': 'approved',
  'In attesa di storno': 'approved',
  Stornato: 'approved',
  'In Corso': 'pending',
  Pendente: 'pending',
  'Autor. Negata': 'declined',
  Negato: 'declined',
  'Non valido': 'declined',
  Annullato: 'abandoned',
  'Non Creato': 'abandoned',
  'Non generato': 'abandoned',
  'Chiuso da backoffice': 'abandoned',
};

export function statusOfStato(stato: string): FinalPaymentStatus | 'pending' | 'unknown' {
  return STATI[stato] ?? 'unknown';
}
