import type { Localized } from './localized.ts';

/** Texts of weather cancellations (issue 13 part B): the board, the e-mails, the choice page's answers. */
export const CANCELLATION_MESSAGES = {
  flightCancelledLabel: { it: 'Volo cancellato', en: 'Flight cancelled' },
  cancellationReasonRequired: { it: 'Indicare il motivo della cancellazione', en: 'Give the reason for the cancellation' },
  cancellationAlreadyCancelled: { it: 'Il volo (o la tratta) è già cancellato', en: 'The flight (or leg) is already cancelled' },
  cancellationLegUnknown: { it: 'La tratta non appartiene a questo volo', en: 'The leg does not belong to this flight' },
  cancellationDone: {
    it: 'Volo {flightCode} cancellato: {count} prenotazioni avvisate via email',
    en: 'Flight {flightCode} cancelled: {count} bookings told by e-mail',
  },
  cancellationLinkInvalid: {
    it: 'Il link non è valido. Controlla di averlo copiato per intero dalla email.',
    en: 'The link is not valid. Check that you copied all of it from the e-mail.',
  },
  cancellationLinkExpired: {
    it: 'Il link è scaduto: i biglietti sono già stati spostati o annullati. Per aiuto contatta Heliline.',
    en: 'The link has expired: the tickets have already been moved or cancelled. Contact Heliline for help.',
  },
  cancellationAlreadyAnswered: { it: 'Hai già scelto: {choice}', en: 'You have already chosen: {choice}' },
  cancellationMoveNotOffered: {
    it: 'Questo volo non è tra quelli proposti (posti esauriti o vendita chiusa): scegline un altro',
    en: 'This flight is not one of those offered (full or sales closed): choose another one',
  },
  cancellationChoiceMove: { it: 'spostamento sul volo {flightCode} del {date}', en: 'move to flight {flightCode} on {date}' },
  cancellationChoiceRefund: { it: 'rimborso completo di {amount}', en: 'full refund of {amount}' },
  cancellationChoiceVoucher: { it: 'buono {voucherCode} da {amount}, valido fino al {validTo}', en: 'voucher {voucherCode} worth {amount}, valid until {validTo}' },
  // The choice while its change is still being carried out (no details yet).
  cancellationChoiceMoveShort: { it: 'spostamento su un altro volo', en: 'move to another flight' },
  cancellationChoiceRefundShort: { it: 'rimborso completo', en: 'full refund' },
  cancellationChoiceVoucherShort: { it: 'buono', en: 'voucher' },
  cancellationMailSubject: {
    it: 'Volo {flightCode} del {date} cancellato — prenotazione {bookingCode}',
    en: 'Flight {flightCode} on {date} cancelled — booking {bookingCode}',
  },
  cancellationMailIntro: {
    it: 'Ci dispiace: il volo {flightCode} del {date} ({route}) è stato cancellato. Motivo: {reason}.',
    en: 'We are sorry: flight {flightCode} on {date} ({route}) has been cancelled. Reason: {reason}.',
  },
  cancellationMailChoose: {
    it: 'Dal link personale qui sotto puoi scegliere, senza costi: spostarti su un altro volo della stessa tratta, il rimborso completo ({amount}) oppure un buono di pari valore per una prossima prenotazione.',
    en: 'From your personal link below you can choose, at no cost: a move to another flight of the same route, a full refund ({amount}) or a voucher of the same value for a later booking.',
  },
  cancellationMailButton: { it: 'Scegli cosa fare', en: 'Choose what to do' },
  cancellationMailKeep: { it: 'Il link è personale: non inoltrarlo.', en: 'The link is personal: do not forward it.' },
  cancellationReminderSubject: {
    it: 'Promemoria: scegli cosa fare per il volo {flightCode} cancellato — prenotazione {bookingCode}',
    en: 'Reminder: choose what to do about cancelled flight {flightCode} — booking {bookingCode}',
  },
  cancellationReminderIntro: {
    it: 'Non hai ancora scelto cosa fare dei biglietti del volo {flightCode} del {date}, cancellato.',
    en: 'You have not yet chosen what to do with your tickets on flight {flightCode} on {date}, which was cancelled.',
  },
  voucherMailSubject: { it: 'Il tuo buono Heliline {voucherCode}', en: 'Your Heliline voucher {voucherCode}' },
  voucherMailIntro: {
    it: 'Ecco il tuo buono da {amount}, valido fino al {validTo}: inserisci il codice {voucherCode} nel campo coupon al passo 4 della prenotazione; quello che una prenotazione non usa resta sul buono.',
    en: 'Here is your voucher worth {amount}, valid until {validTo}: enter the code {voucherCode} in the coupon field on step 4 of the booking; whatever a booking does not use stays on the voucher.',
  },
} satisfies Record<string, Localized>;
