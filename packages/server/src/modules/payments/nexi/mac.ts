import { createHash } from 'node:crypto';
import { safeEqual } from '../../../lib/crypto.ts';

/**
 * Nexi XPay's MAC (docs/decisions/013): SHA-1, hex, over `name=value` pairs written one after
 * the other in the documented order with no separator, followed by the merchant's MAC key.
 * Each message has its own field list; a field absent from a message counts as empty.
 */
export type MacFields = readonly (readonly [string, string | number])[];

export function xpayMac(fields: MacFields, macKey: string): string {
  const text = fields.map(([name, value]) => `${name}=${value}`).join('') + macKey;
  return createHash('sha1').update(text, 'utf8').digest('hex');
}

/** Constant-time check; XPay sends lower-case hex, a client may upper-case it. */
export function macMatches(fields: MacFields, macKey: string, received: string | undefined): boolean {
  return typeof received === 'string' && safeEqual(received.toLowerCase(), xpayMac(fields, macKey));
}

/** Start of a payment (redirect to the hosted page): codTrans, divisa, importo. */
export const requestMacFields = (r: { codTrans: string; divisa: string; importo: number | string }): MacFields => [
  ['codTrans', r.codTrans],
  ['divisa', r.divisa],
  ['importo', r.importo],
];

/** The outcome, on the return to `url` and in the `urlpost` notification alike. */
export const resultMacFields = (r: { codTrans: string; esito: string; importo: string; divisa: string; data: string; orario: string; codAut: string }): MacFields => [
  ['codTrans', r.codTrans],
  ['esito', r.esito],
  ['importo', r.importo],
  ['divisa', r.divisa],
  ['data', r.data],
  ['orario', r.orario],
  ['codAut', r.codAut],
];

/** Back-office API requests: situazioneOrdine (no amount) and storna (with importo and divisa). */
export const apiRequestMacFields = (r: { apiKey: string; codiceTransazione: string; divisa?: string; importo?: number; timeStamp: string }): MacFields => [
  ['apiKey', r.apiKey],
  ['codiceTransazione', r.codiceTransazione],
  ...(r.divisa !== undefined && r.importo !== undefined
    ? ([
        ['divisa', r.divisa],
        ['importo', r.importo],
      ] as const)
    : []),
  ['timeStamp', r.timeStamp],
];

/** Back-office API answers. */
export const apiResponseMacFields = (r: { esito: string; idOperazione: string; timeStamp: string }): MacFields => [
  ['esito', r.esito],
  ['idOperazione', r.idOperazione],
  ['timeStamp', r.timeStamp],
];
