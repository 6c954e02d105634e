import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';

describe('config', () => {
  it('has working defaults: SQLite file, 127.0.0.1:3000, demo data outside production', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      env: 'development',
      host: '127.0.0.1',
      port: 3000,
      appUrl: 'http://127.0.0.1:3000',
      databaseUrl: 'sqlite:./data/heliline.sqlite',
      smtpUrl: undefined,
      seedDemo: true,
      rateLimitAllowList: [],
    });
  });

  it('reads every variable', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      HOST: '0.0.0.0',
      PORT: '8080',
      APP_URL: 'https://book.example.org/',
      DATABASE_URL: 'postgres://u:p@db:5432/heliline',
      SMTP_URL: 'smtps://u:p@mail.example.org:465',
      SESSION_SECRET: 'x'.repeat(40),
      ALTCHA_HMAC_SECRET: 'a'.repeat(40),
      HELILINE_BOARDING_PASS_KEY: 'b'.repeat(40),
      PAYMENTS_SANDBOX_SECRET: 'p'.repeat(40),
      PAYMENTS_SANDBOX_IN_PRODUCTION: 'true',
      RATE_LIMIT_ALLOW_LIST: '10.0.0.1, 10.0.0.2',
      PAYPAL_CLIENT_ID: 'heliline-live-client',
      PAYPAL_CLIENT_SECRET: 'c'.repeat(40),
      PAYPAL_API_URL: 'https://paypal.example.org/',
    });
    expect(config).toMatchObject({
      production: true,
      host: '0.0.0.0',
      port: 8080,
      appUrl: 'https://book.example.org',
      databaseUrl: 'postgres://u:p@db:5432/heliline',
      smtpUrl: 'smtps://u:p@mail.example.org:465',
      seedDemo: false,
      rateLimitAllowList: ['10.0.0.1', '10.0.0.2'],
      paymentsSandboxSecret: 'p'.repeat(40),
      paypal: { enabled: true, apiUrl: 'https://paypal.example.org', clientId: 'heliline-live-client', clientSecret: 'c'.repeat(40) },
    });
  });

  it('requires PAYMENTS_SANDBOX_SECRET in production (it signs the sandbox bank notifications)', () => {
    const secrets = {
      NODE_ENV: 'production',
      SESSION_SECRET: 'x'.repeat(40),
      ALTCHA_HMAC_SECRET: 'a'.repeat(40),
      HELILINE_BOARDING_PASS_KEY: 'b'.repeat(40),
      PAYMENTS_SANDBOX_IN_PRODUCTION: 'true',
    };
    expect(() => loadConfig(secrets)).toThrow(/PAYMENTS_SANDBOX_SECRET: required in production/);
    expect(() => loadConfig({ ...secrets, PAYMENTS_SANDBOX_SECRET: 'short' })).toThrow(/PAYMENTS_SANDBOX_SECRET: must be at least 32 characters/);
  });

  it('stops with a message naming each bad variable', () => {
    const bad = () => loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', SMTP_URL: 'http://x', APP_URL: 'nope' });
    expect(bad).toThrow(ConfigError);
    expect(bad).toThrow(/PORT: must be a port number/);
    expect(bad).toThrow(/DATABASE_URL: must start with sqlite: or postgres:\/\//);
    expect(bad).toThrow(/SMTP_URL: must start with smtp:\/\/ or smtps:\/\//);
    expect(bad).toThrow(/APP_URL: must be an absolute http\(s\) URL/);
  });

  it('requires a long SESSION_SECRET in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET: required in production/);
    expect(() => loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'short' })).toThrow(/SESSION_SECRET: must be at least 32 characters/);
    expect(() => loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40) })).toThrow(/ALTCHA_HMAC_SECRET: required in production/);
    expect(() => loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40), ALTCHA_HMAC_SECRET: 'a'.repeat(40) })).toThrow(
      /HELILINE_BOARDING_PASS_KEY: required in production/,
    );
  });
});
