import { describe, expect, it } from 'vitest';
import { BOOKING_MESSAGES } from '../i18n/booking-messages.ts';
import { BOOKING_OUTCOME_MESSAGES } from '../i18n/booking-outcome-messages.ts';
import { MESSAGES } from '../i18n/messages.ts';
import { fillMessage, issuesByPath, localizedWith } from './issues.ts';

/** The wizard's rules' texts and those of what follows a booking's sending. */
const ALL_BOOKING_MESSAGES = { ...BOOKING_MESSAGES, ...BOOKING_OUTCOME_MESSAGES };

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('booking messages', () => {
  it('are all part of the closed message set, none shadowed by a generic key', () => {
    for (const [key, texts] of Object.entries(ALL_BOOKING_MESSAGES)) {
      expect(MESSAGES[key as keyof typeof MESSAGES], key).toBe(texts);
    }
  });

  it('use the same placeholders in both languages', () => {
    for (const [key, { it: itText, en }] of Object.entries(ALL_BOOKING_MESSAGES)) expect(placeholders(itText), key).toEqual(placeholders(en));
  });

  it('keep the spec texts verbatim', () => {
    const m = ALL_BOOKING_MESSAGES;
    expect(m.originDestinationMissing.en).toBe('origin or destination missing!');
    expect(m.originDestinationIdentical.en).toBe('origin and destination cannot be identical!');
    expect(m.atLeastOnePax.en).toBe('at least one pax is mandatory!');
    expect(m.sameFlightBothLegs.it).toBe('Non è possibile selezionare lo stesso volo per andata e ritorno');
    expect(m.birthDatesInvalid.en.startsWith('the following birth dates are not valid')).toBe(true);
    expect(m.documentRequired.it).toBe('per tutti i passeggeri è obbligatorio un documento');
    expect(m.paxEmailsInvalid.it).toBe('email passeggeri non valide!');
    expect(m.contactsRequired.it).toBe('inserire recapiti email e telefono');
    expect(m.contactEmailInvalid.it).toBe('email di contatto non valida');
    expect(m.adultOnFlightDateRequired.it).toBe("almeno un passeggero dev'essere maggiorenne alla data del volo");
    expect(m.noAdultsForUnattendedMinor.it).toBe('non sono previsti adulti per prenotazioni minori non accompagnati');
    expect(m.paymentLinkEmailInvalid.it).toBe('Email per invio link non valida!');
    expect(m.blockReasonRequired.it).toBe('Motivazione obbligatoria');
    expect(m.receiptEmailInvalid.it).toBe('email non valida');
    expect(m.couponServerError.en).toBe('Server error. Discount not available.');
    expect(m.noBlockedSeats.it).toBe('Nessun posto bloccato');
    expect(m.bookingRemovedSeatsFreed.it).toBe("E' stata rimossa e sono stati liberati i relativi posti");
    expect(m.bookingRemoved.it).toBe("E' stata rimossa");
    expect(m.ticketSent).toEqual({ it: 'biglietto inviato', en: 'ticket sent' });
    expect(m.ticketSendFailed).toEqual({ it: 'errore server. riprovare', en: 'error while sending ticket. please retry' });
    expect(m.singleTicketFailed.en).toBe('Sending failed...');
    expect(localizedWith('blockRemoved', { code: 'ABCDEF23' }).it).toBe('Prenotazione ABCDEF23 eliminata!');
    expect(localizedWith('singleTicketSent', { n: '0000042' }).en).toBe('Ticket 0000042 sent!');
    expect(localizedWith('bankFailure', { message: 'Carta rifiutata' })).toEqual({
      it: 'Siamo spiacenti, la banca ha risposto: Carta rifiutata. Non è stato emesso alcun biglietto.',
      en: 'We apologize, bank response is: Carta rifiutata. No ticket has been issued.',
    });
    expect(localizedWith('bankErrorCode', { error_code: '05' }).it).toBe('# 05');
    expect(localizedWith('bookingInUseBy', { user: 'a@b.it' }).en).toBe('in use by a@b.it');
  });

  it('fills placeholders and groups issues by field', () => {
    expect(fillMessage('{a} and {b}', { a: 1 })).toBe('1 and {b}');
    expect(fillMessage('{toString}', {})).toBe('{toString}');
    expect(issuesByPath([{ key: 'required', path: 'x' }, { key: 'conditionsRequired' }], 'en')).toEqual({
      x: ['This field is required'],
      form: ['The conditions of carriage must be accepted'],
    });
  });
});
