import { expect, type Page } from '@playwright/test';
import { daysAhead } from './booking-support.ts';
import { apiPost, createVerifiedUser, loginAs } from './support.ts';

/**
 * Helpers of the sandbox-bank tests: a logged-in buyer with a one-way booking stored through
 * the real API (type 1), so each test starts on its own bank page without driving the wizard.
 */

/** Logs a fresh buyer in (Giulia Bianchi of support.userSignup) and stores a card booking; returns its bank link. */
export async function bankLinkFor(page: Page, lang: 'it' | 'en' = 'it', days = 3): Promise<{ bankLink: string; bookingCode: string; email: string }> {
  const { email } = await createVerifiedUser(page.request, `bank-${lang}`);
  await loginAs(page, email);
  const departureDate = daysAhead(days);
  const search = await page.request.get('/api/flights', { params: { origin: 1348, destination: 1511, departureDate, women: 1 }, headers: { 'x-locale': lang } });
  expect(search.status(), await search.text()).toBe(200);
  const { flights } = (await search.json()) as { flights: { flightId: number; bookable?: boolean; availableSeats: number }[] };
  const flight = flights.find((f) => f.bookable !== false && f.availableSeats > 0);
  expect(flight, `a bookable Foggia–Tremiti flight on ${departureDate}`).toBeTruthy();
  return { ...(await storeCardBooking(page, departureDate, flight!.flightId, email)), email };
}

/**
 * Stores a one-way Foggia → Tremiti card booking (type 1) for the logged-in buyer, herself the
 * one passenger (an adult woman, userSignup): its bank link and booking code.
 */
export async function storeCardBooking(page: Page, departureDate: string, flightId: number, email: string): Promise<{ bankLink: string; bookingCode: string }> {
  const me = await page.request.get('/api/auth/user');
  expect(me.status(), await me.text()).toBe(200);
  const { user } = (await me.json()) as { user: { pax: { id: number } } };
  const res = await apiPost(page.request, '/api/bookings', {
    type: 1,
    form: {
      flightType: 'OW',
      originId: 1348,
      destinationId: 1511,
      departureDate,
      comebackDate: null,
      departureFlightId: flightId,
      comebackFlightId: null,
      men: 0,
      women: 1,
      children: 0,
      infants: 0,
      // the account's own passenger, by its profile id: names come from the profile on the server
      paxes: [{ id: user.pax.id, category: 'a', gender: 'F', birthDate: '14/03/1988', residence: 'Vieste', document_type: 1, document_num: 'CA12345BD' }],
      contacts: { email, telephone: '+39 0884 700100' },
      conditions: true,
      coupon: null,
    },
    invoice: null,
    bookingChannel: 'WEB',
  });
  expect(res.status(), await res.text()).toBe(200);
  const body = (await res.json()) as { type: number; bank_link: string; bookingCode: string };
  expect(body.type).toBe(1);
  return { bankLink: body.bank_link, bookingCode: body.bookingCode };
}
