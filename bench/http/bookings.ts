import { centsToAmount, computeTotals, PLACE_IDS, TKT_CATEGORY, toWireDate } from '@heliline/domain';
import type { Request } from 'autocannon';
import type { BenchBuyer, BenchFlight } from './fixtures.ts';

/** Headers every call of the web app carries (packages/web/src/api/client.ts). */
export const WEB_HEADERS = { accept: 'application/json', 'x-locale': 'it' } as const;

/** Stands for the buyer's passenger-profile id in a body template. */
const PAX_MARK = '"id":-424242';

/**
 * POST /api/bookings as the wizard sends it for one adult on a one-way Foggia → Tremiti flight
 * (packages/web/src/features/booking/wizard/payload.ts): the buyer travels herself, sent with
 * her profile id; totals are the domain's, so the server's price check passes.
 */
function bodyTemplate(flight: BenchFlight): string {
  const own = { birthDate: '14/03/1985', residence: 'Foggia' };
  const journey = { direction: 'd' as const, originId: PLACE_IDS.foggiaDeparture, destinationId: PLACE_IDS.tremiti, date: flight.date };
  const { totals } = computeTotals({ paxes: [{ category: 'a', ...own }], journeys: [journey] });
  return JSON.stringify({
    type: 1,
    bookingChannel: 'WEB',
    form: {
      flightType: 'OW',
      originId: journey.originId,
      destinationId: journey.destinationId,
      departureDate: toWireDate(flight.date),
      comebackDate: null,
      departureFlightId: flight.id,
      comebackFlightId: null,
      men: 0,
      women: 1,
      children: 0,
      infants: 0,
      paxes: [
        {
          id: -424242,
          category: 'a',
          tktCategory: TKT_CATEGORY.a,
          ...own,
          document_type: 2,
          document_num: 'YA1234567',
          email: null,
          telephone: null,
          animal_owner_key: null,
          _uuid: 'p1',
        },
      ],
      totals: Object.fromEntries(Object.entries(totals).map(([k, v]) => [k, centsToAmount(v)])),
      contacts: { email: 'maria.rossi@example.test', telephone: '+39 333 1234567', email_payment_link: '' },
      conditions: true,
      coupon: { code: '', perc: 0 },
      email_forms_pdf: { minor: false, pregnant: false, weapons: false },
      unattendedMinor: false,
      minorDisclaimer: false,
    },
    invoice: {
      requested: false,
      invoice_type: 1,
      p_iva: '',
      business_name: '',
      fiscal_code: '',
      firstname: '',
      lastname: '',
      address: '',
      country: 'Italia',
      city: '',
      zip_code: '',
      pec: '',
      fiscal_recipient_code: '',
    },
  });
}

export function bookingBody(flight: BenchFlight, buyer: BenchBuyer): string {
  return bodyTemplate(flight).replace(PAX_MARK, `"id":${buyer.paxId}`);
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
 * autocannon requests: each booking goes to the next flight and the next buyer in turn, with
 * the buyer's cookies and XSRF header, so thousands of bookings never run a flight out of seats.
 */
export function bookingRequests(flights: BenchFlight[], sessions: BrowserSession[]): Request[] {
  const templates = flights.map(bodyTemplate);
  let next = 0;
  const build = (): Request => {
    const i = next++;
    const s = sessions[i % sessions.length]!;
    return {
      method: 'POST',
      path: '/api/bookings',
      headers: { ...WEB_HEADERS, 'content-type': 'application/json', cookie: s.cookie, 'x-xsrf-token': s.xsrf },
      body: templates[i % templates.length]!.replace(PAX_MARK, `"id":${s.buyer.paxId}`),
    };
  };
  // setupRequest gets autocannon's defaults (host, port) merged in: keep them.
  return [{ method: 'POST', path: '/api/bookings', setupRequest: (defaults) => ({ ...defaults, ...build() }) }];
}
