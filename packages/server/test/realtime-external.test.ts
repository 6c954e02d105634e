import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, testConfig } from '../src/config.ts';
import { createBuyers } from './booking-support.ts';
import { caller, failedBooking } from './failed-support.ts';
import { buildTestApp } from './helpers.ts';

/**
 * With PUSHER_HOST set, events leave through the Pusher HTTP API to an external Pusher-compatible
 * server. A stand-in of that server here records each signed request as the API defines it.
 */
interface Received {
  path: string;
  query: URLSearchParams;
  body: string;
}
const received: Received[] = [];
const standIn = createServer((req: IncomingMessage, res) => {
  let body = '';
  req.on('data', (chunk: Buffer) => (body += chunk.toString()));
  req.on('end', () => {
    const url = new URL(req.url!, 'http://stand-in');
    received.push({ path: url.pathname, query: url.searchParams, body });
    res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
});
await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve));
afterAll(() => new Promise<void>((resolve) => standIn.close(() => resolve())));
const standInPort = (standIn.address() as AddressInfo).port;

const external = { appId: '4242', key: 'soketi-key', secret: 's'.repeat(40), host: '127.0.0.1', port: standInPort, useTLS: false };
const { app, dialect } = await buildTestApp({ pusher: { ...testConfig().pusher, key: external.key, secret: external.secret, external } });

/** The Pusher HTTP API's signature: HMAC-SHA256 of "POST\n<path>\n<sorted query without auth_signature>" with the app secret. */
function signatureOf(r: Received): string {
  const params = [...r.query].filter(([k]) => k !== 'auth_signature').sort(([a], [b]) => a.localeCompare(b));
  const query = params.map(([k, v]) => `${k}=${v}`).join('&');
  return createHmac('sha256', external.secret).update(`POST\n${r.path}\n${query}`).digest('hex');
}

describe(`publishing to an external Pusher-compatible server (${dialect})`, () => {
  it('a staff action is published as a signed POST /apps/{id}/events: name, channel, JSON data, the acting socket left out', async () => {
    const [buyer] = await createBuyers(app, 1);
    const [anna] = await createBuyers(app, 1, { roles: ['PrenotaFull'] });
    const { code } = await failedBooking(app, buyer!, 'pending');
    expect((await caller(app, anna!, '123.456').lock({ code, status: true })).statusCode).toBe(200);

    await expect.poll(() => received.length).toBe(1);
    const request = received[0]!;
    expect(request.path).toBe('/apps/4242/events');
    expect(request.query.get('auth_key')).toBe('soketi-key');
    expect(request.query.get('body_md5')).toBe(createHash('md5').update(request.body).digest('hex'));
    expect(request.query.get('auth_signature')).toBe(signatureOf(request));
    const body = JSON.parse(request.body) as { name: string; channels: string[]; data: string; socket_id: string };
    expect(body).toMatchObject({ name: 'BookingHandled', channels: ['private-bookings-failed'], socket_id: '123.456' });
    expect(JSON.parse(body.data)).toMatchObject({ code, user: anna!.email, action: 'selected' });
  });

  it('the channel authorisation is signed with the external app’s key and secret', async () => {
    const [bruno] = await createBuyers(app, 1, { roles: ['Admin'] });
    const res = await app.inject({
      method: 'POST',
      url: '/api/broadcasting/auth',
      headers: { authorization: `Bearer ${bruno!.token}` },
      payload: { socket_id: '1.2', channel_name: 'private-bookings-failed' },
    });
    const signature = createHmac('sha256', external.secret).update('1.2:private-bookings-failed').digest('hex');
    expect(res.json()).toEqual({ auth: `soketi-key:${signature}` });
  });
});

describe('PUSHER_* configuration', () => {
  it('PUSHER_HOST names the external server; its app id and secret are then required', () => {
    expect(loadConfig({}).pusher.external).toBeNull();
    expect(loadConfig({ PUSHER_HOST: 'ws.example.org', PUSHER_APP_ID: '7', PUSHER_APP_KEY: 'k1', PUSHER_APP_SECRET: 'x'.repeat(32) }).pusher.external).toEqual({
      appId: '7',
      key: 'k1',
      secret: 'x'.repeat(32),
      host: 'ws.example.org',
      port: 443,
      useTLS: true,
    });
    expect(() => loadConfig({ PUSHER_HOST: 'ws.example.org' })).toThrow(ConfigError);
    expect(() => loadConfig({ PUSHER_HOST: 'ws.example.org' })).toThrow(/PUSHER_APP_ID.*required with PUSHER_HOST/s);
  });

  it('without PUSHER_APP_SECRET the secret is derived from SESSION_SECRET: stable, and not the session secret itself', () => {
    const a = loadConfig({ SESSION_SECRET: 'a'.repeat(40) }).pusher;
    expect(a).toMatchObject({ key: 'heliline', external: null });
    expect(a.secret).toBe(loadConfig({ SESSION_SECRET: 'a'.repeat(40) }).pusher.secret);
    expect(a.secret).not.toBe(loadConfig({ SESSION_SECRET: 'b'.repeat(40) }).pusher.secret);
    expect(a.secret).not.toContain('a'.repeat(40));
    expect(loadConfig({ PUSHER_APP_SECRET: 'c'.repeat(32) }).pusher.secret).toBe('c'.repeat(32));
  });
});
