import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';
import { buildTestApp } from './helpers.ts';

/** Production refuses the secrets anyone can read in this repository, and warns when its cookies cannot be Secure (issue 52 item 7). */
const PRODUCTION = {
  NODE_ENV: 'production',
  SESSION_SECRET: 's'.repeat(40),
  ALTCHA_HMAC_SECRET: 'a'.repeat(40),
  HELILINE_BOARDING_PASS_KEY: 'b'.repeat(40),
  PAYMENTS_GATEWAY: 'nexi',
  NEXI_ALIAS: 'ALIAS_WEB_HELILINE',
  NEXI_MAC_KEY: 'm'.repeat(40),
  NEXI_API_URL: 'https://xpay.example.org',
  PAYPAL_CLIENT_ID: 'heliline-live-client',
  PAYPAL_CLIENT_SECRET: 'c'.repeat(40),
  PAYPAL_API_URL: 'https://paypal.example.org',
};

/** Each development default, as development runs without the setting, and the .env.example placeholder of the same setting. */
const DEVELOPMENT_DEFAULTS: [string, string][] = [
  ['SESSION_SECRET', 'development-only-secret-change-me-0123456789'],
  ['ALTCHA_HMAC_SECRET', 'development-only-altcha-secret-0123456789'],
  ['HELILINE_BOARDING_PASS_KEY', 'development-only-boarding-pass-key-0123456789'],
  ['NEXI_MAC_KEY', 'development-only-nexi-mac-key-0123456789'],
  ['PAYPAL_CLIENT_SECRET', 'development-only-paypal-secret-0123456789'],
  ['SESSION_SECRET', 'at-least-32-random-characters-please-change'],
  ['ALTCHA_HMAC_SECRET', 'at-least-32-random-characters-as-well'],
  ['HELILINE_BOARDING_PASS_KEY', 'at-least-32-random-characters-again'],
];

const refusal = (env: Record<string, string>) => {
  try {
    loadConfig(env);
    return null;
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    return err.message;
  }
};

describe('production refuses development secrets', () => {
  it('takes secrets of its own', () => {
    expect(refusal(PRODUCTION)).toBeNull();
  });

  it.each(DEVELOPMENT_DEFAULTS)('%s = %s is refused, naming the setting', (name, value) => {
    expect(refusal({ ...PRODUCTION, [name]: value })).toContain(`${name}: is a development default`);
    // The same value is fine in development
    expect(refusal({ ...PRODUCTION, NODE_ENV: 'development', [name]: value })).toBeNull();
  });

  it('the sandbox bank secret and its placeholder (staging runs the sandbox in production)', () => {
    const staging = { ...PRODUCTION, PAYMENTS_GATEWAY: 'sandbox', PAYMENTS_SANDBOX_IN_PRODUCTION: 'true', PAYMENTS_SANDBOX_SECRET: 'p'.repeat(40) };
    expect(refusal(staging)).toBeNull();
    for (const value of ['development-only-sandbox-bank-secret-0123456789', 'at-least-32-random-characters-too'])
      expect(refusal({ ...staging, PAYMENTS_SANDBOX_SECRET: value })).toContain('PAYMENTS_SANDBOX_SECRET: is a development default');
  });

  it("one setting's default is refused in another (the channel's secret too)", () => {
    expect(refusal({ ...PRODUCTION, PUSHER_APP_SECRET: 'development-only-secret-change-me-0123456789' })).toContain('PUSHER_APP_SECRET: is a development default');
    expect(refusal({ ...PRODUCTION, NEXI_MAC_KEY: 'development-only-altcha-secret-0123456789' })).toContain('NEXI_MAC_KEY: is a development default');
  });
});

describe('production on an http APP_URL', () => {
  const start = async (appUrl: string) => {
    const lines: string[] = [];
    await buildTestApp({ production: true, appUrl, logLevel: 'info' }, { logStream: { write: (line) => void lines.push(line) } });
    return lines.map((l) => JSON.parse(l) as { level: number; msg: string; appUrl?: string });
  };

  it('warns at start that cookies are not Secure', async () => {
    const lines = await start('http://book.example.org');
    expect(lines).toContainEqual(expect.objectContaining({ level: 40, msg: 'APP_URL is not https: cookies are sent without Secure', appUrl: 'http://book.example.org' }));
  });

  it('says nothing on https', async () => {
    expect((await start('https://book.example.org')).filter((l) => l.msg.includes('Secure'))).toEqual([]);
  });
});
