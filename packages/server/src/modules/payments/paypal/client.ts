import { centsToWire } from '@heliline/domain';

/**
 * A thin client of PayPal's REST API, Orders v2 (docs/decisions/012): an OAuth2
 * client-credentials token cached until shortly before it expires, create an order (intent
 * CAPTURE, PayPal-Request-Id as idempotency key), read it, capture it. Errors come back as
 * PaypalApiError with PayPal's own issue name (INSTRUMENT_DECLINED, ORDER_ALREADY_CAPTURED …);
 * the caller decides what each means for the buyer.
 */

/** One HTTP exchange; the default is fetch, the in-app stand-in is reached through app.inject. */
export type HttpTransport = (request: {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  body?: string;
}) => Promise<{ status: number; body: string }>;

export const fetchTransport: HttpTransport = async (r) => {
  const res = await fetch(r.url, { method: r.method, headers: r.headers, body: r.body, signal: AbortSignal.timeout(15_000) });
  return { status: res.status, body: await res.text() };
};

export interface PaypalClientOptions {
  /** null: no PayPal configured (production with PAYPAL_ENABLED=false); every call fails with PAYPAL_NOT_CONFIGURED. */
  apiUrl: string | null;
  clientId: string;
  clientSecret: string;
  transport?: HttpTransport;
  now?: () => number;
}

interface PaypalLink {
  href: string;
  rel: string;
  method?: string;
}

export interface PaypalCapture {
  id: string;
  status: string;
  amount: { currency_code: string; value: string };
}

export interface PaypalOrder {
  id: string;
  status: string;
  links: PaypalLink[];
  purchase_units: { reference_id?: string; amount?: { currency_code: string; value: string }; payments?: { captures?: PaypalCapture[] } }[];
}

/** A refund of a capture (Payments v2); COMPLETED when the money has moved, PENDING while PayPal processes it. */
export interface PaypalRefund {
  id: string;
  status: 'COMPLETED' | 'PENDING' | 'CANCELLED' | 'FAILED' | string;
  amount?: { currency_code: string; value: string };
  status_details?: { reason?: string };
}

export interface CreateOrderInput {
  /** PayPal-Request-Id: the same key gives the same order back. */
  requestId: string;
  referenceId: string;
  description: string;
  amountCents: number;
  returnUrl: string;
  cancelUrl: string;
  locale: 'it-IT' | 'en-GB';
}

export interface PaypalErrorDetail {
  issue: string;
  description?: string;
}

/** An answer of PayPal other than success; `issue` is the first detail's issue, else the error name. */
export class PaypalApiError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly issue: string,
    readonly details: PaypalErrorDetail[],
    readonly debugId: string | null,
  ) {
    super(`PayPal ${httpStatus} ${issue}`);
  }
}

/** Renew a token this long before PayPal says it expires. */
const TOKEN_MARGIN_MS = 60_000;

export class PaypalClient {
  private token: { value: string; expiresAt: number } | null = null;
  private transport: HttpTransport;
  private readonly now: () => number;

  constructor(private readonly options: PaypalClientOptions) {
    this.transport = options.transport ?? fetchTransport;
    this.now = options.now ?? Date.now;
  }

  get apiUrl(): string | null {
    return this.options.apiUrl;
  }

  private baseUrl(): string {
    if (this.options.apiUrl === null) throw new PaypalApiError(503, 'PAYPAL_NOT_CONFIGURED', [], null);
    return this.options.apiUrl;
  }

  /** Composition: the in-app stand-in is reached without a socket (see ticket-changes/routes.ts). */
  useTransport(transport: HttpTransport): void {
    this.transport = transport;
  }

  createOrder(input: CreateOrderInput): Promise<PaypalOrder> {
    const body = {
      intent: 'CAPTURE',
      purchase_units: [
        {
          reference_id: input.referenceId,
          description: input.description.slice(0, 127),
          amount: { currency_code: 'EUR', value: centsToWire(input.amountCents) },
        },
      ],
      application_context: { brand_name: 'Heliline', locale: input.locale, user_action: 'PAY_NOW', return_url: input.returnUrl, cancel_url: input.cancelUrl },
    };
    return this.call<PaypalOrder>('POST', '/v2/checkout/orders', body, { 'PayPal-Request-Id': input.requestId, Prefer: 'return=representation' });
  }

  getOrder(orderId: string): Promise<PaypalOrder> {
    return this.call<PaypalOrder>('GET', `/v2/checkout/orders/${encodeURIComponent(orderId)}`);
  }

  /** The same requestId on a retry gives PayPal's first answer again instead of a second capture. */
  captureOrder(orderId: string, requestId: string): Promise<PaypalOrder> {
    return this.call<PaypalOrder>(
      'POST',
      `/v2/checkout/orders/${encodeURIComponent(orderId)}/capture`,
      {},
      { 'PayPal-Request-Id': requestId, Prefer: 'return=representation' },
    );
  }

  /**
   * Gives back part or all of a capture. PayPal-Request-Id is our refund's idempotency key: a
   * retried call returns the refund the first one made, never a second refund.
   */
  refundCapture(captureId: string, amountCents: number, requestId: string): Promise<PaypalRefund> {
    return this.call<PaypalRefund>(
      'POST',
      `/v2/payments/captures/${encodeURIComponent(captureId)}/refund`,
      { amount: { currency_code: 'EUR', value: centsToWire(amountCents) } },
      { 'PayPal-Request-Id': requestId, Prefer: 'return=representation' },
    );
  }

  private async call<T>(method: 'GET' | 'POST', path: string, body?: unknown, headers: Record<string, string> = {}, retried = false): Promise<T> {
    const res = await this.transport({
      method,
      url: `${this.baseUrl()}${path}`,
      headers: { authorization: `Bearer ${await this.accessToken()}`, 'content-type': 'application/json', accept: 'application/json', ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    // A token revoked before its time: forget it and try once with a fresh one.
    if (res.status === 401 && !retried) {
      this.token = null;
      return this.call<T>(method, path, body, headers, true);
    }
    if (res.status >= 200 && res.status < 300) return JSON.parse(res.body) as T;
    throw errorOf(res.status, res.body);
  }

  private async accessToken(): Promise<string> {
    if (this.token && this.token.expiresAt - TOKEN_MARGIN_MS > this.now()) return this.token.value;
    const basic = Buffer.from(`${this.options.clientId}:${this.options.clientSecret}`).toString('base64');
    const res = await this.transport({
      method: 'POST',
      url: `${this.baseUrl()}/v1/oauth2/token`,
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: 'grant_type=client_credentials',
    });
    if (res.status !== 200) throw errorOf(res.status, res.body);
    const answer = JSON.parse(res.body) as { access_token: string; expires_in: number };
    this.token = { value: answer.access_token, expiresAt: this.now() + answer.expires_in * 1000 };
    return answer.access_token;
  }
}

function errorOf(status: number, text: string): PaypalApiError {
  let parsed: { name?: string; error?: string; details?: PaypalErrorDetail[]; debug_id?: string } = {};
  try {
    parsed = JSON.parse(text) as typeof parsed;
  } catch {
    // not JSON (a proxy's page): keep the status only
  }
  const details = Array.isArray(parsed.details) ? parsed.details : [];
  return new PaypalApiError(status, details[0]?.issue ?? parsed.name ?? parsed.error ?? `HTTP_${status}`, details, parsed.debug_id ?? null);
}

/** The link the buyer approves the order on (payer-action with payment_source, approve without). */
export function approveLinkOf(order: Pick<PaypalOrder, 'links'>): string | null {
  return order.links.find((l) => l.rel === 'approve' || l.rel === 'payer-action')?.href ?? null;
}

/** The completed capture of an order, if any. */
export function completedCapture(order: Pick<PaypalOrder, 'purchase_units'>): PaypalCapture | null {
  for (const unit of order.purchase_units ?? []) for (const c of unit.payments?.captures ?? []) if (c.status === 'COMPLETED') return c;
  return null;
}
