import type { TFailedBooking, TStoreResponse } from '@heliline/domain';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../api/client.ts';
import { outcomeOf, outcomeOfError } from './outcome.ts';
import { retryable, retryBody, retryTypesFor } from './retry-body.ts';

const failed: TFailedBooking = {
  code: 'ABCDEF23',
  user: 'prenotazioni@heliline.test',
  bookingDate: '2026-11-24T05:00:00.000Z',
  pending: true,
  disabled_flag: false,
  disabled_lock: false,
  in_use_by_user: null,
  locked: false,
  locked_by_user: null,
  flagged: false,
  error_description: null,
  state: 'pending',
  type: -1,
  createdByMe: true,
  amount: 240,
  originId: 1348,
  destinationId: 1511,
  departureFlightId: 11,
  comebackFlightId: 12,
  departureFlight: { date: '26/11/2026', time: '09:00', code: 'LID101', source: 'Foggia', destination: 'Isole Tremiti' },
  comebackFlight: { date: '28/11/2026', time: '17:00', code: 'LID102', source: 'Isole Tremiti', destination: 'Foggia' },
  paxes: [
    {
      id: 7,
      category: 'a',
      tktCategory: 'AD',
      gender: 'F',
      lastname: 'Colella',
      firstname: 'Francesca',
      birthDate: '27/11/1983',
      residence: 'Manfredonia',
      document_type: 1,
      document_num: 'CA1',
      email: null,
      telephone: null,
      exemption: false,
      dsc: 0,
    },
    {
      id: -1,
      category: 'c',
      tktCategory: 'CH',
      gender: 'M',
      lastname: 'Colella',
      firstname: 'Marco',
      birthDate: '01/01/2018',
      residence: 'Manfredonia',
      document_type: 1,
      document_num: 'CA2',
      email: null,
      telephone: null,
      exemption: true,
      dsc: 10,
    },
  ],
  contacts: { email: 'cliente@example.test', email_payment_link: null, telephone: '+39 333 1' },
  email_forms_pdf: { minor: false, pregnant: false, weapons: false },
};

describe('retry body', () => {
  it('retries the same flights and passengers with retry, previousBooking and pending', () => {
    const body = retryBody(failed, -1, 'cliente@example.test', ['Prenotazioni']);
    expect(body).toMatchObject({ type: -1, retry: true, previousBooking: 'ABCDEF23', pending: true, bookingChannel: 'WEB' });
    expect(body.form).toMatchObject({
      flightType: 'DW',
      departureDate: '26/11/2026',
      comebackDate: '28/11/2026',
      departureFlightId: 11,
      comebackFlightId: 12,
      women: 1,
      men: 0,
      children: 1,
      infants: 0,
      conditions: true,
      contacts: { email: 'cliente@example.test', email_payment_link: 'cliente@example.test' },
    });
  });

  it('sends name and gender only for new passengers, and discounts only for roles that give them', () => {
    const [own, added] = retryBody(failed, -1, 'x@y.it', ['Prenotazioni']).form.paxes;
    expect(own).not.toHaveProperty('lastname');
    expect(own).not.toHaveProperty('gender');
    expect(added).toMatchObject({ lastname: 'Colella', firstname: 'Marco', gender: 'M', exemption: true, dsc: 10 });
    const admin = retryBody(failed, 2, '', ['Admin']).form.paxes[1];
    expect(admin).not.toHaveProperty('dsc');
  });

  it('offers the payment types the roles allow, and only own bookings', () => {
    expect(retryTypesFor(['Prenotazioni'])).toEqual([-1]);
    expect(retryTypesFor(['PrenotaFull', 'PagamentoCash'])).toEqual([-1, 2]);
    expect(retryTypesFor(['Prenota'])).toEqual([]);
    expect(retryable([failed, { ...failed, code: 'OTHER222', createdByMe: false }]).map((r) => r.code)).toEqual(['ABCDEF23']);
  });
});

describe('retry outcome', () => {
  const answer: TStoreResponse = {
    status: 'success',
    type: 2,
    bank_link: null,
    bookingCode: 'NEWCODE2',
    message: 'ok',
    message_it: 'ok',
    message_en: 'ok',
    messages: { it: 'ok', en: 'ok' },
  };
  it('type 1 goes to the bank, -1 shows the link, others the booking status, an error the server message', () => {
    expect(outcomeOf({ ...answer, type: 1, bank_link: 'http://bank/x' }, 'it', '')).toEqual({ kind: 'bank', url: 'http://bank/x' });
    expect(outcomeOf({ ...answer, type: -1, payment_link: 'http://pay/y', email_payment_link: 'c@x.it' }, 'it', 'typed@x.it')).toEqual({
      kind: 'link',
      url: 'http://pay/y',
      email: 'c@x.it',
      code: 'NEWCODE2',
    });
    expect(outcomeOf(answer, 'it', '')).toEqual({ kind: 'status', code: 'NEWCODE2' });
    expect(outcomeOf({ ...answer, status: 'error', bookingCode: null, messages: { it: 'no', en: 'nope' } }, 'en', '')).toEqual({ kind: 'error', message: 'nope' });
  });
  it('401 is the login step; other refusals carry the server text', () => {
    expect(outcomeOfError(new ApiError(401, {}), 'x', 'it')).toEqual({ kind: 'login' });
    expect(outcomeOfError(new ApiError(409, { message: 'm', messages: { it: 'in uso', en: 'in use' } }), 'x', 'en')).toEqual({ kind: 'error', message: 'in use' });
    expect(outcomeOfError(new Error('boom'), 'fallback', 'it')).toEqual({ kind: 'error', message: 'fallback' });
  });
});
