import { type Challenge, createChallenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { describe, expect, it } from 'vitest';
import { Captcha, CAPTCHA } from '../src/modules/contacts/captcha.ts';
import { IpClient } from './accounts-support.ts';
import { buildTestApp } from './helpers.ts';

const { app, db, config } = await buildTestApp();

/** What the altcha widget does in the browser: solve, then base64(JSON {challenge, solution}). */
async function solve(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('challenge not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

async function freshCaptcha(client: IpClient): Promise<string> {
  const res = await client.get('/api/altcha/challenge');
  expect(res.statusCode).toBe(200);
  return solve(res.json());
}

const FORM = {
  firstname: 'Maria',
  lastname: "D'Angelo",
  email: 'maria.dangelo@example.com',
  telephone: '+39 333 1234567',
  request_type: 'voli',
  message: 'Viaggio con un cane: <b>serve</b> il trasportino?',
};

const count = async (table: 'contact_requests' | 'captcha_uses') =>
  Number(
    (
      await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const contactMails = () => db.selectFrom('mail_outbox').selectAll().where('kind', '=', 'contact-request').orderBy('id').execute();

/** Sends a request that must be refused, and checks that nothing was stored or mailed. */
async function expectRefused(client: IpClient, body: unknown, status: number) {
  const before = { requests: await count('contact_requests'), mails: (await contactMails()).length };
  const res = await client.post('/api/contact-requests', body);
  expect(res.statusCode, res.body).toBe(status);
  expect(await count('contact_requests')).toBe(before.requests);
  expect((await contactMails()).length).toBe(before.mails);
  return res.json();
}

describe('GET /api/altcha/challenge', () => {
  it('answers a signed, expiring proof-of-work challenge, never cached', async () => {
    const res = await new IpClient(app).get('/api/altcha/challenge');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const challenge = res.json();
    expect(challenge.parameters).toMatchObject({ algorithm: 'PBKDF2/SHA-256', cost: CAPTCHA.cost, keyPrefix: '00' });
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    const ttl = challenge.parameters.expiresAt - Date.now() / 1000;
    expect(ttl).toBeGreaterThan(CAPTCHA.ttlMs / 1000 - 5);
    expect(ttl).toBeLessThanOrEqual(CAPTCHA.ttlMs / 1000);
  });
});

describe('POST /api/contact-requests', () => {
  it('stores a flight-assistance request and mails the flight desk with the escaped visitor data', async () => {
    const client = new IpClient(app);
    const captcha = await freshCaptcha(client);
    const res = await client.post('/api/contact-requests', { lang: 'it', form: FORM, captcha });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'success',
      message: 'Richiesta inviata: ti risponderemo al più presto.',
      messages: { en: 'Request sent: we will answer you as soon as possible.' },
    });
    const row = await db.selectFrom('contact_requests').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ ...FORM, lang: 'it', recipient: config.flightAssistanceEmail, ip: client.ip });
    const mail = (await contactMails()).at(-1)!;
    expect(mail.id).toBe(row.mail_id);
    expect(mail.to_address).toBe('voli@heliline.test');
    expect(mail.subject).toBe("Nuova richiesta dal sito: Assistenza voli – Maria D'Angelo");
    expect(mail.html).toContain('Viaggio con un cane: &lt;b&gt;serve&lt;/b&gt; il trasportino?');
    expect(mail.html).toContain('D&#39;Angelo');
    expect(mail.html).not.toContain('<b>serve</b>');
    expect(mail.html).toContain('href="mailto:maria.dangelo@example.com"');
    expect(mail.text).toContain('Email: maria.dangelo@example.com');
  });

  it('sends a company request to the company address, answering in English', async () => {
    const client = new IpClient(app, 'en');
    const res = await client.post('/api/contact-requests', { lang: 'en', form: { ...FORM, request_type: 'contatto' }, captcha: await freshCaptcha(client) });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Request sent: we will answer you as soon as possible.');
    expect((await contactMails()).at(-1)!.to_address).toBe('info@heliline.test');
    expect((await contactMails()).at(-1)!.text).toContain('Lingua del visitatore: inglese');
  });

  it('accepts a captcha only once', async () => {
    const client = new IpClient(app);
    const captcha = await freshCaptcha(client);
    expect((await client.post('/api/contact-requests', { lang: 'it', form: FORM, captcha })).statusCode).toBe(200);
    const body = await expectRefused(new IpClient(app), { lang: 'it', form: FORM, captcha }, 422);
    expect(body).toMatchObject({
      message: 'Questa verifica anti-spam è già stata usata: ripetila e invia di nuovo.',
      messages: { en: 'This anti-spam check has already been used: repeat it and send again.' },
      errors: { captcha: ['Questa verifica anti-spam è già stata usata: ripetila e invia di nuovo.'] },
    });
  });

  it('refuses two racing submissions of the same captcha but one', async () => {
    const client = new IpClient(app);
    const captcha = await freshCaptcha(client);
    const before = await count('contact_requests');
    const results = await Promise.all(
      [new IpClient(app), new IpClient(app), new IpClient(app)].map((c) => c.post('/api/contact-requests', { lang: 'it', form: FORM, captcha })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 422, 422]);
    expect(await count('contact_requests')).toBe(before + 1);
  });

  it('refuses a missing, malformed, tampered, foreign or expired captcha, storing nothing', async () => {
    const client = new IpClient(app, 'en');
    expect((await expectRefused(client, { lang: 'en', form: FORM }, 422)).message).toBe('Complete the anti-spam check before sending.');
    expect((await expectRefused(new IpClient(app), { lang: 'en', form: FORM, captcha: 'not-base64-json' }, 422)).message).toBe(
      'The anti-spam check failed: please try again.',
    );

    const good = JSON.parse(Buffer.from(await freshCaptcha(new IpClient(app)), 'base64').toString());
    const wrongSolution = { ...good, solution: { ...good.solution, counter: good.solution.counter + 1 } };
    const longerExpiry = {
      ...good,
      challenge: { ...good.challenge, parameters: { ...good.challenge.parameters, expiresAt: good.challenge.parameters.expiresAt + 3600 } },
    };
    for (const tampered of [wrongSolution, longerExpiry]) {
      const body = await expectRefused(new IpClient(app), { lang: 'en', form: FORM, captcha: Buffer.from(JSON.stringify(tampered)).toString('base64') }, 422);
      expect(body.message).toBe('The anti-spam check failed: please try again.');
    }

    const foreign = await createChallenge({
      algorithm: CAPTCHA.algorithm,
      cost: CAPTCHA.cost,
      deriveKey,
      hmacSignatureSecret: 'someone-else-0123456789-0123456789',
      expiresAt: new Date(Date.now() + 60_000),
    });
    expect((await expectRefused(new IpClient(app), { lang: 'en', form: FORM, captcha: await solve(foreign) }, 422)).message).toBe(
      'The anti-spam check failed: please try again.',
    );

    const old = await new Captcha(config.altchaHmacSecret, () => new Date(Date.now() - 11 * 60_000)).create();
    const expired = await expectRefused(new IpClient(app), { lang: 'en', form: FORM, captcha: await solve(old) }, 422);
    expect(expired).toMatchObject({
      message: 'The anti-spam check has expired: repeat it and send again.',
      messages: { it: 'La verifica anti-spam è scaduta: ripetila e invia di nuovo.' },
    });
  });

  it('checks the form first: AllFieldsMandatory, EmailInvalid, the request type', async () => {
    const captcha = 'unused';
    const missing = await expectRefused(new IpClient(app), { lang: 'it', form: { ...FORM, telephone: '  ', message: undefined }, captcha }, 422);
    expect(missing).toMatchObject({
      message: 'Tutti i campi sono obbligatori',
      messages: { en: 'All fields are mandatory' },
      errors: { telephone: ['Tutti i campi sono obbligatori'], message: ['Tutti i campi sono obbligatori'] },
    });
    for (const form of [undefined, 'text', {}]) {
      expect((await expectRefused(new IpClient(app), { form, captcha }, 422)).message).toBe('Tutti i campi sono obbligatori');
    }
    const email = await expectRefused(new IpClient(app, 'en'), { lang: 'en', form: { ...FORM, email: 'maria@example' }, captcha }, 422);
    expect(email).toMatchObject({ message: 'Invalid email address', errors: { email: ['Invalid email address'] } });
    const type = await expectRefused(new IpClient(app), { form: { ...FORM, request_type: 'altro' }, captcha }, 422);
    expect(type.errors.request_type).toEqual(['Scegli il tipo di richiesta: assistenza voli o contatto con la società']);
    expect((await expectRefused(new IpClient(app), { lang: 'de', form: FORM, captcha }, 422)).errors.lang).toBeDefined();
  });

  it('needs the CSRF token like every unsafe request', async () => {
    const res = await new IpClient(app).post('/api/contact-requests', { lang: 'it', form: FORM, captcha: 'x' }, { noCsrf: true });
    expect(res.statusCode).toBe(419);
  });

  it('is rate-limited per IP address', async () => {
    const client = new IpClient(app);
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push((await client.post('/api/contact-requests', { form: {}, captcha: 'x' })).statusCode);
    expect(codes).toEqual([422, 422, 422, 422, 422, 429]);
  });
});
