import { PLACE_IDS } from '@heliline/domain';
import type { Request } from 'autocannon';
import { costsOf } from '../../packages/web/src/features/booking/wizard/costs.ts';
import { emptyInvoice } from '../../packages/web/src/features/booking/wizard/invoice.ts';
import { bookingBody as wizardBody } from '../../packages/web/src/features/booking/wizard/payload.ts';
import { initialForm, type OwnPassenger } from '../../packages/web/src/features/booking/wizard/state.ts';
import type { BenchBuyer, BenchFlight } from './fixtures.ts';
import type { PacedRequest } from './paced.ts';

/** Headers every call of the web app carries (packages/web/src/api/client.ts). */
export const WEB_HEADERS = { accept: 'application/json', 'x-locale': 'it' } as const;

/** Stands for the buyer's passenger-profile id in a body template (positive: the own passenger goes without names). */
const PAX_MARK_ID = 424242424;
const PAX_MARK = `"id":${PAX_MARK_ID},`;

/** The buyer herself, as the wizard pre-fills her from her profile (fixtures.ts). */
const OWN: OwnPassenger = {
  paxId: PAX_MARK_ID,
  gender: 'F',
  lastname: 'Rossi',
  firstname: 'Maria',
  birthDate: '14/03/1985',
  residence: 'Foggia',
  document_type: '2',
  document_num: 'YA1234567',
  email: 'maria.rossi@example.test',
  telephone: '+39 333 1234567',
};

/**
 * POST /api/bookings for one adult (the buyer herself) on a one-way Foggia → Tremiti flight,
 * built by the wizard's own code (packages/web/src/features/booking/wizard): the same body,
 * the same totals the server checks.
 */
function bodyTemplate(flight: BenchFlight): string {
  const route = { originId: PLACE_IDS.foggiaDeparture, destinationId: PLACE_IDS.tremiti };
  const form = { ...initialForm(OWN), flightType: 'OW' as const, ...route, departureDate: flight.date, departureFlightId: flight.id, conditions: true };
  const { totals } = costsOf(form.paxes, [{ direction: 'd', ...route, date: flight.date }], 0);
  const body = JSON.stringify(wizardBody(form, totals, emptyInvoice(), { staffDiscounts: false }));
  if (!body.includes(PAX_MARK)) throw new Error('the wizard body no longer starts a passenger with its id: update bench/http/bookings.ts');
  return body;
}

export function bookingBody(flight: BenchFlight, buyer: BenchBuyer): string {
  return bodyTemplate(flight).replace(PAX_MARK, `"id":${buyer.paxId},`);
}

/** A logged-in browser: its session cookie and the XSRF token it echoes (Sanctum's SPA flow). */
export interface BrowserSession {
  buyer: BenchBuyer;
  cookie: string;
  xsrf: string;
}

const cookieValue = (res: Response, name: string) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .find((c) => c.startsWith(`${name}=`))
    ?.slice(name.length + 1);

/** GET /sanctum/csrf-cookie, then POST /api/auth/login with the token, as the web app logs in. */
export async function logIn(base: string, buyer: BenchBuyer, password: string): Promise<BrowserSession> {
  const csrf = await fetch(`${base}/sanctum/csrf-cookie`, { headers: WEB_HEADERS });
  const xsrfCookie = cookieValue(csrf, 'XSRF-TOKEN');
  if (!xsrfCookie) throw new Error('GET /sanctum/csrf-cookie set no XSRF-TOKEN cookie');
  const xsrf = decodeURIComponent(xsrfCookie);
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { ...WEB_HEADERS, 'content-type': 'application/json', 'x-xsrf-token': xsrf, cookie: `XSRF-TOKEN=${xsrfCookie}` },
    body: JSON.stringify({ email: buyer.email, password }),
  });
  const session = cookieValue(res, 'heliline_session');
  if (res.status !== 200 || !session) throw new Error(`login of ${buyer.email} failed: ${res.status} ${await res.text()}`);
  return { buyer, cookie: `heliline_session=${session}; XSRF-TOKEN=${xsrfCookie}`, xsrf };
}

/** Logs every buyer in, a few at a time (argon2 is slow on purpose). */
export async function logInAll(base: string, buyers: BenchBuyer[], password: string, parallel = 8): Promise<BrowserSession[]> {
  const out: BrowserSession[] = [];
  for (let i = 0; i < buyers.length; i += parallel) out.push(...(await Promise.all(buyers.slice(i, i + parallel).map((b) => logIn(base, b, password)))));
  return out;
}

/**
 * The bookings a run sends, one call after another: each goes to the next flight and the next
 * buyer in turn, with the buyer's cookies and XSRF header, so thousands of bookings never run a
 * flight out of seats.
 */
export function nextBookingOf(flights: BenchFlight[], sessions: BrowserSession[]): () => PacedRequest {
  const templates = flights.map(bodyTemplate);
  let next = 0;
  return () => {
    const i = next++;
    const s = sessions[i % sessions.length]!;
    return {
      method: 'POST',
      path: '/api/bookings',
      headers: { ...WEB_HEADERS, 'content-type': 'application/json', cookie: s.cookie, 'x-xsrf-token': s.xsrf },
      body: templates[i % templates.length]!.replace(PAX_MARK, `"id":${s.buyer.paxId},`),
    };
  };
}

/** The same bookings as autocannon requests (the closed loop). */
export function bookingRequests(flights: BenchFlight[], sessions: BrowserSession[]): Request[] {
  const build = nextBookingOf(flights, sessions);
  // setupRequest gets autocannon's defaults (host, port) merged in: keep them.
  return [{ method: 'POST', path: '/api/bookings', setupRequest: (defaults) => ({ ...defaults, ...build() }) }];
}
