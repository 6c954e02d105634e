import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { PaypalApiError, PaypalClient } from '../src/modules/payments/paypal/client.ts';

/** Issue 51 item 2: paid ticket changes in production need PayPal, or an explicit PAYPAL_ENABLED=false. */
const PRODUCTION = {
  NODE_ENV: 'production',
  APP_URL: 'https://book.example.org',
  SESSION_SECRET: 's'.repeat(40),
  ALTCHA_HMAC_SECRET: 'a'.repeat(40),
  HELILINE_BOARDING_PASS_KEY: 'b'.repeat(40),
  PAYMENTS_GATEWAY: 'nexi',
  NEXI_ALIAS: 'ALIAS_WEB_HELILINE',
  NEXI_MAC_KEY: 'm'.repeat(40),
  NEXI_API_URL: 'https://xpay.example.org',
};
const PAYPAL = { PAYPAL_CLIENT_ID: 'heliline-live-client', PAYPAL_CLIENT_SECRET: 'c'.repeat(40), PAYPAL_API_URL: 'https://api-m.example.org/' };

const refusal = (env: Record<string, string>) => {
  try {
    loadConfig(env);
    return '';
  } catch (err) {
    return (err as Error).message;
  }
};

describe('PayPal in production', () => {
  it('refuses to start without its credentials, naming each setting and the opt-out', () => {
    const message = refusal(PRODUCTION);
    for (const name of ['PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET', 'PAYPAL_API_URL']) {
      expect(message).toContain(`${name}: required in production for paid ticket changes (or PAYPAL_ENABLED=false: differences are then not paid online)`);
    }
    expect(refusal({ ...PRODUCTION, ...PAYPAL, PAYPAL_API_URL: 'api-m.example.org' })).toMatch(/PAYPAL_API_URL: must be an absolute http\(s\) URL/);
    const { PAYPAL_CLIENT_SECRET: _secret, ...withoutSecret } = PAYPAL;
    const oneMissing = refusal({ ...PRODUCTION, ...withoutSecret });
    expect(oneMissing).toContain('PAYPAL_CLIENT_SECRET: required in production');
    expect(oneMissing).not.toContain('PAYPAL_CLIENT_ID');
  });

  it('refuses a plain-http PayPal URL', () => {
    expect(refusal({ ...PRODUCTION, ...PAYPAL, PAYPAL_API_URL: 'http://api-m.example.org' })).toContain('PAYPAL_API_URL: must be https in production');
  });

  it('starts with the credentials, pointing at PayPal itself', () => {
    expect(loadConfig({ ...PRODUCTION, ...PAYPAL }).paypal).toEqual({
      enabled: true,
      apiUrl: 'https://api-m.example.org',
      clientId: 'heliline-live-client',
      clientSecret: 'c'.repeat(40),
    });
  });

  it('PAYPAL_ENABLED=false is the opt-out: it starts, and the client has no URL to call (never the stand-in)', async () => {
    const { paypal } = loadConfig({ ...PRODUCTION, PAYPAL_ENABLED: 'false' });
    expect(paypal).toMatchObject({ enabled: false, apiUrl: null });
    const client = new PaypalClient({ ...paypal, transport: () => Promise.reject(new Error('no request may leave')) });
    await expect(client.getOrder('5O190127TN364715T')).rejects.toThrow(PaypalApiError);
    await expect(client.getOrder('5O190127TN364715T')).rejects.toMatchObject({ issue: 'PAYPAL_NOT_CONFIGURED' });
  });

  it('blank settings count as unset (compose.yaml passes them through empty)', () => {
    const blank = { PAYPAL_CLIENT_ID: '', PAYPAL_CLIENT_SECRET: '', PAYPAL_API_URL: '' };
    expect(refusal({ ...PRODUCTION, ...blank })).toContain('PAYPAL_CLIENT_ID: required in production');
    expect(loadConfig({ ...PRODUCTION, ...blank, PAYPAL_ENABLED: 'false' }).paypal).toMatchObject({ enabled: false, apiUrl: null });
  });

  it('opted out, credentials given are still used (refunds of earlier captures reach PayPal)', () => {
    expect(loadConfig({ ...PRODUCTION, ...PAYPAL, PAYPAL_ENABLED: 'false' }).paypal).toMatchObject({ enabled: false, apiUrl: 'https://api-m.example.org' });
  });

  it('outside production: the in-app stand-in by default, and the opt-out works there too', () => {
    expect(loadConfig({}).paypal).toMatchObject({ enabled: true, apiUrl: 'http://127.0.0.1:3000/paypal-standin', clientId: 'heliline-standin-client' });
    expect(loadConfig({ PAYPAL_ENABLED: 'false' }).paypal.enabled).toBe(false);
    expect(refusal({ PAYPAL_ENABLED: 'no' })).toContain('PAYPAL_ENABLED: must be true or false');
  });
});
