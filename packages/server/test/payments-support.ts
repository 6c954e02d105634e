import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { PaymentRequest } from '../src/modules/payments/contract.ts';
import type { PaymentsService } from '../src/modules/payments/service.ts';

/** Shared fixtures of the payments and tickets tests. */

let refCounter = 0;
export const nextReference = () => `PAY${String(++refCounter).padStart(3, '0')}AA`;

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
export function submitBankForm(app: FastifyInstance, page: { path: string; cookie: string; token: string }, choice: string, overrides: { token?: string; cookie?: string } = {}): Promise<LightMyRequestResponse> {
  const body = new URLSearchParams({ _token: overrides.token ?? page.token, choice }).toString();
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
