import { describe, expect, it } from 'vitest';
import { insertMail } from '../src/modules/mail/queries.ts';
import { deliveryStatus, findLinks } from '../src/modules/dev/view.ts';
import { buildTestApp } from './helpers.ts';

const VERIFY_URL = 'http://127.0.0.1:3000/email/verify/7/abc123?expires=1790000000&signature=f00d';

describe('developer mailbox', async () => {
  const { app, db } = await buildTestApp();

  const mail = (over: Partial<Parameters<typeof insertMail>[1]> = {}) =>
    insertMail(db, {
      to_address: 'mario.rossi@example.it',
      subject: 'Conferma il tuo indirizzo email',
      html: '<p>Ciao Mario</p>',
      text: 'Ciao Mario',
      kind: 'verify-email',
      created_at: '2026-07-01T08:30:00.000Z',
      sent_at: '2026-07-01T08:30:00.000Z',
      transport: 'outbox',
      error: null,
      ...over,
    });

  const verifyId = await mail({
    html: `<p style="color:red">Ciao <b>Mario</b></p><a href="${VERIFY_URL.replace(/&/g, '&amp;')}">Conferma</a><script>parent.alert(1)</script>`,
    text: `Ciao Mario,\n\nConferma: ${VERIFY_URL}.\nOppure visita https://heliline.test/pending (stesso link: ${VERIFY_URL})\n\n-- <Heliline> & "soci"`,
  });
  const evilId = await mail({
    to_address: 'giulia.ricci@example.it',
    subject: '<script>alert("x")</script> & <b>bold</b>',
    kind: 'reset-password',
    created_at: '2026-07-01T09:00:00.000Z',
    text: 'Nessun link qui.',
  });
  const failedId = await mail({
    to_address: 'giulia.ricci@example.it',
    subject: 'Account agenzia autorizzato',
    kind: 'agency-authorised',
    transport: 'smtp',
    sent_at: null,
    error: 'Error: connect ECONNREFUSED 127.0.0.1:2525',
    // The queue gave up on it (after its last attempt).
    failed_at: '2026-01-01T01:00:00.000Z',
  });

  describe('GET /dev/mailbox', () => {
    it('lists the outbox as an HTML page, newest first', async () => {
      const res = await app.inject('/dev/mailbox');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      const body = res.body;
      expect(body).toMatch(/^<!doctype html><html lang="it">/);
      expect(body).toMatch(/<title>[^<]+<\/title>/);
      expect(body).toContain('<caption>3 email</caption>');
      expect(body).toContain('<th scope="col">Oggetto</th>');
      expect(body).toContain('mario.rossi@example.it');
      expect(body).toContain(`<a href="/dev/mailbox/${verifyId}">Conferma il tuo indirizzo email</a>`);
      expect(body).toContain('<label for="to">');
      // 10:30 in Rome (CEST) for 08:30 UTC
      expect(body).toContain('<time datetime="2026-07-01T08:30:00.000Z">01/07/2026 10:30:00</time>');
      expect(body.indexOf(`/dev/mailbox/${failedId}"`)).toBeLessThan(body.indexOf(`/dev/mailbox/${verifyId}"`));
    });

    it('escapes what comes from the database', async () => {
      const body = (await app.inject('/dev/mailbox')).body;
      expect(body).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;b&gt;bold&lt;/b&gt;');
      expect(body).not.toContain('<script>');
      expect(body).not.toContain('<b>bold</b>');
    });

    it('shows whether a message was kept, delivered or failed', async () => {
      const body = (await app.inject({ url: '/dev/mailbox', headers: { 'accept-language': 'en-GB,en;q=0.9' } })).body;
      expect(body).toMatch(/^<!doctype html><html lang="en">/);
      expect(body).toContain('kept in outbox (not sent)');
      expect(body).toContain('<span class="failed">failed</span>');
      expect(body).toContain('<caption>3 messages</caption>');
    });

    it('filters by recipient with ?to=', async () => {
      const res = await app.inject('/dev/mailbox?to=Giulia.Ricci@example.it');
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(`/dev/mailbox/${evilId}"`);
      expect(res.body).toContain(`/dev/mailbox/${failedId}"`);
      expect(res.body).not.toContain(`/dev/mailbox/${verifyId}"`);
      expect(res.body).toContain('value="giulia.ricci@example.it"');
      expect(res.body).toContain('<a href="/dev/mailbox">');
    });

    it('says so when nothing matches, and escapes the filter it echoes', async () => {
      const res = await app.inject(`/dev/mailbox?to=${encodeURIComponent('"><script>x</script>')}`);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('Nessuna email.');
      expect(res.body).toContain('value="&quot;&gt;&lt;script&gt;x&lt;/script&gt;"');
      expect(res.body).not.toContain('<script>');
    });
  });

  describe('GET /dev/mailbox/:id', () => {
    it('shows the headers, the HTML body in a sandboxed iframe and the text body', async () => {
      const res = await app.inject({ url: `/dev/mailbox/${verifyId}`, headers: { 'x-locale': 'en' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      const body = res.body;
      expect(body).toMatch(/<html lang="en">/);
      expect(body).toContain('<title>Conferma il tuo indirizzo email · Message');
      expect(body).toContain('<dt>To</dt><dd>mario.rossi@example.it</dd>');
      expect(body).toContain('<dt>Kind</dt><dd>verify-email</dd>');
      const iframe = /<iframe ([^>]*)><\/iframe>/.exec(body)![1]!;
      expect(iframe).toContain('sandbox=""');
      expect(iframe).toMatch(/title="[^"]+"/);
      expect(iframe).toContain('srcdoc="&lt;p style=&quot;color:red&quot;&gt;Ciao &lt;b&gt;Mario&lt;/b&gt;&lt;/p&gt;');
      expect(iframe).toContain('&lt;script&gt;parent.alert(1)&lt;/script&gt;');
      expect(body).not.toContain('<script>');
      expect(body).toContain('<pre>Ciao Mario,\n\nConferma: http://127.0.0.1:3000/email/verify/7/abc123?expires=1790000000&amp;signature=f00d.');
      expect(body).toContain('-- &lt;Heliline&gt; &amp; &quot;soci&quot;</pre>');
      expect(body).toContain(`<li><a href="${VERIFY_URL.replace(/&/g, '&amp;')}">`);
    });

    it('escapes the subject in the title and heading', async () => {
      const body = (await app.inject(`/dev/mailbox/${evilId}`)).body;
      expect(body).toContain('<h1>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;b&gt;bold&lt;/b&gt;</h1>');
      expect(body).not.toContain('<script>');
    });

    it('shows the error of a failed delivery', async () => {
      const body = (await app.inject({ url: `/dev/mailbox/${failedId}`, headers: { 'x-locale': 'en' } })).body;
      expect(body).toContain('<dt>Error</dt><dd>Error: connect ECONNREFUSED 127.0.0.1:2525</dd>');
    });

    it.each(['999999', 'abc', '0', '1e3', '-1'])('answers 404 for an unknown id (%s)', async (id) => {
      const res = await app.inject(`/dev/mailbox/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body).toMatch(/<html lang="it">/);
      expect(res.body).toContain('Email non trovata');
    });
  });

  describe('GET /api/dev/mailbox', () => {
    it('returns the messages of one recipient with the links of the text body', async () => {
      const res = await app.inject('/api/dev/mailbox?to=mario.rossi@example.it');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        mails: [
          {
            id: verifyId,
            to: 'mario.rossi@example.it',
            subject: 'Conferma il tuo indirizzo email',
            kind: 'verify-email',
            created_at: '2026-07-01T08:30:00.000Z',
            html: expect.stringContaining('<b>Mario</b>'),
            text: expect.stringContaining(VERIFY_URL),
            links: [VERIFY_URL, 'https://heliline.test/pending'],
          },
        ],
      });
    });

    it('returns the newest first, limited', async () => {
      const all = (await app.inject('/api/dev/mailbox')).json().mails as { id: number }[];
      expect(all.map((m) => m.id)).toEqual([failedId, evilId, verifyId]);
      const one = (await app.inject('/api/dev/mailbox?limit=1')).json().mails as { id: number }[];
      expect(one.map((m) => m.id)).toEqual([failedId]);
      expect((await app.inject('/api/dev/mailbox?to=nobody@example.it')).json()).toEqual({ mails: [] });
    });

    it('answers limit=0 with an empty list (the test panel probes with it)', async () => {
      const res = await app.inject('/api/dev/mailbox?limit=0');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ mails: [] });
    });

    it('refuses a bad limit with 422', async () => {
      for (const limit of ['-1', '101', 'many']) {
        expect((await app.inject(`/api/dev/mailbox?limit=${limit}`)).statusCode, limit).toBe(422);
      }
    });

    it('sees what the app sends through its mailer', async () => {
      const { id } = await app.mailer.send({
        to: 'luca.esposito@example.it',
        kind: 'reset-password',
        subject: 'Reimposta la password',
        html: '<p>Reset</p>',
        text: 'Reset: http://127.0.0.1:3000/password/reset/tok?email=luca.esposito%40example.it',
      });
      const [m] = (await app.inject('/api/dev/mailbox?to=luca.esposito@example.it')).json().mails;
      expect(m.id).toBe(id);
      expect(m.links).toEqual(['http://127.0.0.1:3000/password/reset/tok?email=luca.esposito%40example.it']);
    });
  });

  it('stays out of the OpenAPI document', async () => {
    const paths = Object.keys((await app.inject('/api/docs/json')).json().paths ?? {});
    expect(paths.filter((p) => p.includes('mailbox'))).toEqual([]);
  });
});

describe('developer mailbox in production', async () => {
  // SQLite whatever DATABASE_URL says: this checks route registration only, and a second
  // live PostgreSQL test schema would confuse Kysely's migrator (it searches every schema).
  const { app } = await buildTestApp({ production: true, env: 'production', databaseUrl: 'sqlite::memory:' });

  it.each(['/dev/mailbox', '/dev/mailbox/1', '/api/dev/mailbox'])('answers 404 on %s', async (url) => {
    const res = await app.inject(url);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('mailbox');
  });
});

describe('mailbox helpers', () => {
  it('finds every http(s) link once, without trailing punctuation', () => {
    expect(findLinks('Vai a https://a.test/x?y=1&z=2. Poi (http://b.test/p) e https://a.test/x?y=1&z=2, ftp://c.test e mailto:x@y.it; fine: https://c.test/!')).toEqual([
      'https://a.test/x?y=1&z=2',
      'http://b.test/p',
      'https://c.test/',
    ]);
    expect(findLinks('')).toEqual([]);
  });

  it('names the delivery state', () => {
    expect(deliveryStatus({ transport: 'outbox', sent_at: '2026-01-01T00:00:00Z', error: null, failed_at: null })).toBe('outbox');
    expect(deliveryStatus({ transport: 'smtp', sent_at: '2026-01-01T00:00:00Z', error: null, failed_at: null })).toBe('delivered');
    expect(deliveryStatus({ transport: 'smtp', sent_at: null, error: null, failed_at: null })).toBe('pending');
    // SMTP down: the queue will try again (decision 014), until it gives up.
    expect(deliveryStatus({ transport: 'smtp', sent_at: null, error: 'boom', failed_at: null })).toBe('retrying');
    expect(deliveryStatus({ transport: 'smtp', sent_at: null, error: 'boom', failed_at: '2026-01-01T01:00:00Z' })).toBe('failed');
    // Delivered on a later attempt: the last error stays for the record.
    expect(deliveryStatus({ transport: 'smtp', sent_at: '2026-01-01T00:05:00Z', error: 'boom', failed_at: null })).toBe('delivered');
  });
});
