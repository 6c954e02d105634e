import { describe, expect, it } from 'vitest';
import { loadConfig, testConfig } from '../src/config.ts';
import { openBankPage, paymentRequest } from './payments-support.ts';
import { buildTestApp } from './helpers.ts';

const PRODUCTION = {
  NODE_ENV: 'production',
  SESSION_SECRET: 'x'.repeat(40),
  ALTCHA_HMAC_SECRET: 'a'.repeat(40),
  HELILINE_BOARDING_PASS_KEY: 'b'.repeat(40),
  PAYMENTS_SANDBOX_SECRET: 'p'.repeat(40),
  // Paid ticket changes (PayPal) have their own tests in config-paypal.test.ts.
  PAYPAL_ENABLED: 'false',
};
const NEXI = { PAYMENTS_GATEWAY: 'nexi', NEXI_ALIAS: 'ALIAS_WEB_00012345', NEXI_MAC_KEY: 'k'.repeat(32), NEXI_API_URL: 'https://xpay.example.org/' };

describe('payments configuration', () => {
  it('development: the sandbox bank by default; Nexi points at the in-app stand-in unless NEXI_API_URL says otherwise', () => {
    expect(loadConfig({}).payments).toMatchObject({ gateway: 'sandbox', sandboxInProduction: false, nexi: { apiUrl: 'http://127.0.0.1:3000/nexi-standin' } });
    expect(loadConfig({ PAYMENTS_GATEWAY: 'nexi', APP_URL: 'http://127.0.0.1:3404' }).payments.nexi.apiUrl).toBe('http://127.0.0.1:3404/nexi-standin');
    expect(() => loadConfig({ PAYMENTS_GATEWAY: 'paypal' })).toThrow(/PAYMENTS_GATEWAY: must be sandbox or nexi/);
  });

  it('production refuses to start with the sandbox bank (it takes no money) unless PAYMENTS_SANDBOX_IN_PRODUCTION=true', () => {
    expect(() => loadConfig(PRODUCTION)).toThrow(/PAYMENTS_GATEWAY: the sandbox bank takes no money: .*PAYMENTS_SANDBOX_IN_PRODUCTION=true/);
    expect(() => loadConfig({ ...PRODUCTION, PAYMENTS_GATEWAY: 'sandbox' })).toThrow(/PAYMENTS_GATEWAY: the sandbox bank takes no money/);
    expect(() => loadConfig({ ...PRODUCTION, PAYMENTS_SANDBOX_IN_PRODUCTION: 'yes' })).toThrow(/PAYMENTS_SANDBOX_IN_PRODUCTION: must be true or false/);
    const staging = loadConfig({ ...PRODUCTION, PAYMENTS_SANDBOX_IN_PRODUCTION: 'true' });
    expect(staging.payments).toMatchObject({ gateway: 'sandbox', sandboxInProduction: true });
  });

  it('production refuses to start with PAYMENTS_GATEWAY=nexi without its credentials, naming each', () => {
    const bad = () => loadConfig({ ...PRODUCTION, PAYMENTS_GATEWAY: 'nexi' });
    expect(bad).toThrow(/NEXI_ALIAS: required in production with PAYMENTS_GATEWAY=nexi/);
    expect(bad).toThrow(/NEXI_MAC_KEY: required in production with PAYMENTS_GATEWAY=nexi/);
    expect(bad).toThrow(/NEXI_API_URL: required in production with PAYMENTS_GATEWAY=nexi/);
    expect(() => loadConfig({ ...PRODUCTION, ...NEXI, NEXI_API_URL: 'http://xpay.example.org' })).toThrow(/NEXI_API_URL: must be https in production/);
    expect(() => loadConfig({ ...PRODUCTION, ...NEXI, NEXI_MAC_KEY: 'short' })).toThrow(/NEXI_MAC_KEY: must be at least 16 characters/);
    // Nexi in production needs no sandbox secret.
    const { PAYMENTS_SANDBOX_SECRET: _unused, ...withoutSandbox } = PRODUCTION;
    const config = loadConfig({ ...withoutSandbox, ...NEXI });
    expect(config.payments).toEqual({
      gateway: 'nexi',
      sandboxInProduction: false,
      nexi: { alias: 'ALIAS_WEB_00012345', macKey: 'k'.repeat(32), apiUrl: 'https://xpay.example.org' },
    });
  });
});

describe('the sandbox bank says it is a test, in Italian and English', () => {
  it('shows a visible test-bank banner on its pages (development)', async () => {
    const { app } = await buildTestApp();
    const created = await app.services.payments.create(paymentRequest());
    for (const lang of ['it', 'en'] as const) {
      const { res } = await openBankPage(app, created.redirectUrl, lang);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('class="test-bank" role="note"');
      expect(res.body).toContain('BANCA DI PROVA – questo non è un pagamento reale: nessun denaro viene addebitato né trasferito.');
      expect(res.body).toContain('TEST BANK – this is not a real payment: no money is charged or moved.');
      expect(res.body).toContain(`<span lang="${lang === 'it' ? 'en' : 'it'}">`);
    }
  });
});

describe('production: no stand-in is served, the sandbox bank only when allowed', () => {
  const production = { env: 'production' as const, production: true, appUrl: 'https://book.example.org' };

  it('with PAYMENTS_GATEWAY=nexi: no sandbox bank, no Nexi or PayPal stand-in', async () => {
    const base = testConfig();
    const { app } = await buildTestApp({
      ...production,
      payments: { ...base.payments, gateway: 'nexi', nexi: { ...base.payments.nexi, apiUrl: 'https://xpay.example.org' } },
    });
    const created = await app.services.payments.create(paymentRequest());
    expect(created.redirectUrl).toMatch(/^https:\/\/xpay\.example\.org\/ecomm\/ecomm\/DispatcherServlet\?alias=/);
    for (const url of ['/sandbox-bank/pay/sbo_0123456789abcdef', '/nexi-standin/ecomm/ecomm/DispatcherServlet', '/paypal-standin/checkoutnow?token=X']) {
      expect((await app.inject(url)).statusCode, url).toBe(404);
    }
    for (const url of [
      '/api/payments/sandbox/notify',
      '/nexi-standin/ecomm/api/bo/situazioneOrdine',
      '/nexi-standin/ecomm/api/bo/storna',
      '/paypal-standin/v2/checkout/orders',
    ]) {
      expect(app.hasRoute({ method: 'POST', url }), url).toBe(false);
    }
    // The real urlpost endpoint is there, and checks its MAC.
    const notify = await app.inject({
      method: 'POST',
      url: '/api/payments/nexi/notify',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'codTrans=x',
    });
    expect(notify.statusCode).toBe(400);
  });

  it('with PAYMENTS_SANDBOX_IN_PRODUCTION=true (staging): the sandbox bank with its banner, still no stand-ins', async () => {
    const base = testConfig();
    const { app } = await buildTestApp({ ...production, payments: { ...base.payments, sandboxInProduction: true } });
    const created = await app.services.payments.create(paymentRequest());
    const { res } = await openBankPage(app, created.redirectUrl);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('BANCA DI PROVA');
    expect((await app.inject('/paypal-standin/checkoutnow?token=X')).statusCode).toBe(404);
    expect((await app.inject('/nexi-standin/ecomm/ecomm/DispatcherServlet')).statusCode).toBe(404);
    expect(app.hasRoute({ method: 'POST', url: '/api/payments/sandbox/notify' })).toBe(true);
  });
});
