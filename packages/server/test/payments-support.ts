import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { PaymentRequest } from '../src/modules/payments/contract.ts';
import type { PaymentsService } from '../src/modules/payments/service.ts';
import type { TicketIssueRequest, TicketJourney, TicketPassenger, TicketPrice } from '../src/modules/tickets/contract.ts';

/** Shared fixtures of the payments and tickets tests. */

let refCounter = 0;
const nextReference = () => `PAY${String(++refCounter).padStart(3, '0')}AA`;

export function paymentRequest(overrides: Partial<PaymentRequest> = {}): PaymentRequest {
  const reference = overrides.reference ?? nextReference();
  return {
    reference,
    amountCents: 12345,
    description: 'Heliline LID101 22/11/2026 – 2 passeggeri',
    lang: 'it',
    customerEmail: 'buyer@example.com',
    returnPath: `/booking-status/${Buffer.from(reference).toString('base64')}`,
    ...overrides,
  };
}

/** The bank page as a browser sees it: HTML plus the form cookie it sets. */
export async function openBankPage(app: FastifyInstance, redirectUrl: string, lang?: 'it' | 'en') {
  const path = new URL(redirectUrl).pathname + (lang ? `?lang=${lang}` : '');
  const res = await app.inject({ method: 'GET', url: path });
  const cookie = (res.cookies as { name: string; value: string }[]).find((c) => c.name === 'sandbox_bank_form');
  const token = res.body.match(/name="_token" value="([^"]+)"/)?.[1];
  return { res, path: new URL(redirectUrl).pathname, cookie: cookie ? `sandbox_bank_form=${cookie.value}` : '', token: token ?? '' };
}

/** Submits the bank page's form the way a browser does (urlencoded, with the form cookie). */
export function submitBankForm(
  app: FastifyInstance,
  page: { path: string; cookie: string; token: string },
  choice: string,
  overrides: { token?: string; cookie?: string } = {},
): Promise<LightMyRequestResponse> {
  // The cancel button is a submit button of its own (name=action); radios post name=choice.
  const fields: Record<string, string> = choice === 'cancel' ? { choice: 'approve', action: 'cancel' } : { choice };
  const body = new URLSearchParams({ _token: overrides.token ?? page.token, ...fields }).toString();
  return app.inject({
    method: 'POST',
    url: page.path,
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: overrides.cookie ?? page.cookie },
    payload: body,
  });
}

/** Creates a payment and walks the bank page to the given choice. */
export async function payThroughBank(app: FastifyInstance, payments: PaymentsService, choice: string, overrides: Partial<PaymentRequest> = {}) {
  const created = await payments.create(paymentRequest(overrides));
  const page = await openBankPage(app, created.redirectUrl);
  const res = await submitBankForm(app, page, choice);
  return { created, page, res };
}

let bookingCounter = 0;
/** A fresh valid booking code (group of 6 + suffix of 2, unambiguous alphabet). */
function nextBookingCode(): string {
  const alphabet = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
  let n = ++bookingCounter + Math.floor(Math.random() * 1_000_000);
  let group = '';
  for (let i = 0; i < 6; i++) {
    group += alphabet[n % alphabet.length];
    n = Math.floor(n / alphabet.length);
  }
  return `${group}AA`;
}

/** What the booking module hands over for a paid booking: passengers × journeys with prices. */
export function issueRequest(
  overrides: Partial<TicketIssueRequest> & { ownerUserId: number },
  options: { passengers?: number; roundTrip?: boolean } = {},
): TicketIssueRequest {
  const paxCount = options.passengers ?? 2;
  const roundTrip = options.roundTrip ?? true;
  const passengers: TicketPassenger[] = Array.from({ length: paxCount }, (_, i) => ({
    key: String(i + 1),
    lastname: i === 0 ? 'Rossi' : 'Bianchi',
    firstname: i === 0 ? 'Maria' : `Luca${i}`,
    birthDate: i === 0 ? '14/03/1985' : '02/06/2016',
    category: i === 0 ? 'a' : 'c',
    tktCategory: i === 0 ? 'AD' : 'CH',
    email: null,
  }));
  const journeys: TicketJourney[] = [
    {
      direction: 'd',
      flightId: 101,
      flightCode: 'LID101',
      departsAt: '2026-07-22T07:00:00.000Z',
      arrivesAt: '2026-07-22T07:20:00.000Z',
      originId: 1348,
      destinationId: 1511,
    },
    ...(roundTrip
      ? [
          {
            direction: 'c' as const,
            flightId: 102,
            flightCode: 'LID102',
            departsAt: '2026-07-25T15:30:00.000Z',
            arrivesAt: '2026-07-25T15:50:00.000Z',
            originId: 1511,
            destinationId: 1349,
          },
        ]
      : []),
  ];
  const prices: TicketPrice[] = passengers.flatMap((p) =>
    journeys.map((j) => ({
      passengerKey: p.key,
      direction: j.direction,
      fareCents: 5500,
      ticketCents: 5500,
      taxCents: 1000,
      landingTaxCents: j.destinationId === 1511 ? 250 : 0,
      totalCents: j.destinationId === 1511 ? 6750 : 6500,
    })),
  );
  return { bookingCode: nextBookingCode(), contactEmail: 'contact@example.com', lang: 'it', passengers, journeys, prices, ...overrides };
}
