import { MESSAGES } from '@heliline/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sha256 } from '../src/lib/crypto.ts';
import { ACCOUNT_THROTTLES, RATE_LIMITS } from '../src/modules/throttle/limits.ts';
import { agencySignup, counts, createUser, IpClient, lastMailTo, linkIn, login, mailsTo, nextIp, PASSWORD, pathOf, uniqueEmail, userSignup } from './accounts-support.ts';
import { buildTestApp } from './helpers.ts';

describe('auth', async () => {
  const { app, db, config } = await buildTestApp();
  afterEach(() => {
    vi.useRealTimers();
  });
  /** Only Date is faked: database drivers and timers keep running. */
  const travel = (ms: number) => {
    const now = Date.now();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now + ms);
  };
  const MINUTE = 60_000;

  const userRow = (email: string) => db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();

  describe('POST /api/auth/register', () => {
    it('creates a user with passenger profile, e-mails the verification link and does not log in', async () => {
      const client = new IpClient(app);
      const payload = userSignup({ email: 'Maria.Rossi.Reg@Example.com' });
      const res = await client.post('/api/auth/register', payload);
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        message: MESSAGES.registered.it,
        messages: MESSAGES.registered,
        agency: false,
      });

      const user = await userRow('maria.rossi.reg@example.com');
      expect(user).toMatchObject({ is_agency: 0, is_agency_auth: 0, email_verified_at: null, locale: 'it' });
      expect(user!.password_hash).toMatch(/^\$argon2id\$/);
      const pax = await db.selectFrom('paxes').selectAll().where('user_id', '=', user!.id).executeTakeFirstOrThrow();
      expect(pax).toMatchObject({
        lastname: 'Rossi',
        firstname: 'Maria',
        gender: 'F',
        birthdate: '1985-03-14',
        address: 'Via Roma 1',
        city: 'Foggia',
        province: 'FG',
        country_code: 'IT',
        zipcode: '71121',
        telephone: '+39 0881 123456',
        document_type_id: 2,
        document_num: 'YA1234567',
      });

      const mail = await lastMailTo(db, 'maria.rossi.reg@example.com');
      expect(mail.kind).toBe('verify-email');
      expect(mail.subject).toBe('Heliline - Conferma il tuo indirizzo email');
      const link = linkIn(mail.text, config.appUrl);
      const match = link.match(/^(.+)\/email\/verify\/(\d+)\/([0-9a-f]{64})\?expires=(\d+)&signature=([\w-]+)$/);
      expect(match).not.toBeNull();
      expect(match![1]).toBe(config.appUrl);
      expect(Number(match![2])).toBe(user!.id);
      expect(match![3]).toBe(sha256('maria.rossi.reg@example.com'));
      const expires = Number(match![4]);
      expect(Math.abs(expires - (Date.now() / 1000 + 3600))).toBeLessThan(60);
      expect(mail.html).toContain(`href="${link.replace(/&/g, '&amp;')}"`);
      expect(mail.text).toContain('60 minuti');

      expect(client.hasCookie('heliline_session')).toBe(false);
      expect((await client.get('/api/auth/user')).statusCode).toBe(401);
    });

    it('registers an agency in English: company name and VAT, no personal fields, e-mail in English', async () => {
      const client = new IpClient(app, 'en');
      const payload = agencySignup({ gender: 'M', birthdate: '01/01/1980', document_type: 1, document_num: 'X1' });
      const res = await client.post('/api/auth/register', payload);
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ message: MESSAGES.registered.en, messages: MESSAGES.registered, agency: true });

      const user = await userRow(payload.email);
      expect(user).toMatchObject({ is_agency: 1, is_agency_auth: 0, locale: 'en' });
      const pax = await db.selectFrom('paxes').selectAll().where('user_id', '=', user!.id).executeTakeFirstOrThrow();
      expect(pax).toMatchObject({
        lastname: 'Viaggi Gargano Srl',
        firstname: 'IT01234567890',
        gender: null,
        birthdate: null,
        document_type_id: null,
        document_num: null,
      });
      const mail = await lastMailTo(db, payload.email);
      expect(mail.subject).toBe('Heliline - Confirm your email address');
      expect(mail.text).toContain('Hello Viaggi Gargano Srl');
      expect(mail.text).toContain('unlocked only after an administrator confirms it');
      expect(mail.text).toContain('expires in 60 minutes');
    });

    it('answers a known e-mail (any case) like a new one, creates nothing, and tells the owner by e-mail', async () => {
      const existing = await createUser(db);
      const before = await counts(db);
      const fresh = await new IpClient(app).post('/api/auth/register', userSignup());
      const res = await new IpClient(app).post('/api/auth/register', userSignup({ email: existing.email.toUpperCase() }));
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual(fresh.json());
      const after = await counts(db);
      expect(after.users - before.users).toBe(1); // only the fresh sign-up
      const notice = await lastMailTo(db, existing.email);
      expect(notice.kind).toBe('account-exists');
      expect(notice.subject).toBe('Heliline - Hai già un account');
      expect(notice.text).toContain('/password/reset');
      // The sign-up's password did not replace the owner's.
      expect((await new IpClient(app).post('/api/auth/login', { email: existing.email, password: existing.password })).statusCode).toBe(200);
    });

    it('sends at most 3 account-exists notices an hour to one address', async () => {
      const existing = await createUser(db);
      for (let i = 0; i < 5; i++) {
        expect((await new IpClient(app).post('/api/auth/register', userSignup({ email: existing.email }))).statusCode).toBe(201);
      }
      const notices = (await mailsTo(db, existing.email)).filter((m) => m.kind === 'account-exists');
      expect(notices).toHaveLength(3);
    });

    it('refuses an unknown document type with 422 on document_type and writes nothing', async () => {
      const before = await counts(db);
      const payload = userSignup({ document_type: 99 });
      const res = await new IpClient(app, 'en').post('/api/auth/register', payload);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ document_type: [MESSAGES.documentTypeInvalid.en] });
      expect(await counts(db)).toEqual(before);
      expect(await userRow(payload.email)).toBeUndefined();
    });

    it('answers invalid input with field errors and writes nothing', async () => {
      const before = await counts(db);
      const res = await new IpClient(app).post(
        '/api/auth/register',
        userSignup({ email: 'not-an-email', password: 'short', password_confirmation: 'other', gender: 'X', birthdate: '31/02/1990' }),
      );
      expect(res.statusCode).toBe(422);
      const { errors, message } = res.json();
      expect(message).toBe(MESSAGES.invalidInput.it);
      expect(errors.email).toEqual([MESSAGES.emailInvalid.it]);
      expect(errors.password).toContain(MESSAGES.passwordTooShort.it);
      expect(errors.password_confirmation).toEqual([MESSAGES.passwordMismatch.it]);
      expect(await counts(db)).toEqual(before);
    });

    it('refuses a request without the CSRF header (419) and writes nothing', async () => {
      const before = await counts(db);
      const res = await new IpClient(app).post('/api/auth/register', userSignup(), { noCsrf: true });
      expect(res.statusCode).toBe(419);
      expect(res.json().message).toBe(MESSAGES.csrfMismatch.it);
      expect(await counts(db)).toEqual(before);
    });

    it(`limits sign-ups per IP (${RATE_LIMITS.register.max} per hour)`, async () => {
      const client = new IpClient(app);
      for (let i = 0; i < RATE_LIMITS.register.max; i++) {
        // invalid payloads are cheap and still count
        const res = await client.post('/api/auth/register', { email: 'x' });
        expect(res.statusCode).toBe(422);
      }
      const before = await counts(db);
      const res = await client.post('/api/auth/register', userSignup());
      expect(res.statusCode).toBe(429);
      expect(res.json().message).toBe(MESSAGES.tooManyRequests.it);
      expect(await counts(db)).toEqual(before);
      // another address is not affected
      expect((await new IpClient(app).post('/api/auth/register', userSignup())).statusCode).toBe(201);
    });
  });

  describe('GET /email/verify/:id/:hash', () => {
    async function registered(lang: 'it' | 'en' = 'it') {
      const payload = userSignup();
      const res = await new IpClient(app, lang).post('/api/auth/register', payload);
      expect(res.statusCode).toBe(201);
      const link = linkIn((await lastMailTo(db, payload.email)).text, config.appUrl);
      return { email: payload.email, link, path: pathOf(link) };
    }
    const verified = async (email: string) => (await userRow(email))!.email_verified_at !== null;

    it('verifies the address and redirects to the login page; a second visit redirects there too', async () => {
      const { email, path } = await registered();
      const res = await app.inject(path);
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/login?verified=1');
      expect(await verified(email)).toBe(true);
      const again = await app.inject(path);
      expect(again.headers.location).toBe('/login?verified=1');

      const client = new IpClient(app);
      const user = await login(client, { email, password: PASSWORD });
      expect(user).toMatchObject({ email, verified: true });
    });

    it('refuses tampered links', async () => {
      const { email, path } = await registered();
      const other = await createUser(db, { verified: false });
      const url = new URL(path, 'http://x');
      const [, , , id, hash] = url.pathname.split('/');
      const expires = url.searchParams.get('expires')!;
      const signature = url.searchParams.get('signature')!;
      const tampered = [
        `/email/verify/${id}/${hash}?expires=${expires}&signature=${signature.slice(0, -2)}xx`,
        `/email/verify/${id}/${hash}?expires=${Number(expires) + 3600}&signature=${signature}`,
        `/email/verify/${other.id}/${hash}?expires=${expires}&signature=${signature}`,
        `/email/verify/${id}/${sha256(other.email)}?expires=${expires}&signature=${signature}`,
        `/email/verify/${id}/${hash}?expires=${expires}`,
        `/email/verify/${id}/${hash}`,
        `/email/verify/abc/${hash}?expires=${expires}&signature=${signature}`,
      ];
      for (const bad of tampered) {
        const res = await app.inject(bad);
        expect(res.statusCode, bad).toBe(302);
        expect(res.headers.location, bad).toBe('/pending?verify=invalid');
      }
      expect(await verified(email)).toBe(false);
      expect(await verified(other.email)).toBe(false);
    });

    it('refuses a link after 60 minutes and accepts it before', async () => {
      const late = await registered();
      travel(61 * MINUTE);
      const res = await app.inject(late.path);
      expect(res.headers.location).toBe('/pending?verify=invalid');
      expect(await verified(late.email)).toBe(false);
      vi.useRealTimers();

      const inTime = await registered();
      travel(59 * MINUTE);
      expect((await app.inject(inTime.path)).headers.location).toBe('/login?verified=1');
      expect(await verified(inTime.email)).toBe(true);
    });

    it('stops working when the address changes', async () => {
      const { email, path } = await registered();
      const user = (await userRow(email))!;
      await db
        .updateTable('users')
        .set({ email: `changed.${email}` })
        .where('id', '=', user.id)
        .execute();
      expect((await app.inject(path)).headers.location).toBe('/pending?verify=invalid');
    });
  });

  describe('POST /api/auth/resend-verification-email', () => {
    it('sends a new link to an unverified account, in its language', async () => {
      const user = await createUser(db, { verified: false, locale: 'en' });
      const res = await new IpClient(app).post('/api/auth/resend-verification-email', { email: user.email });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ message: 'Email inviata!', messages: MESSAGES.emailSent });
      const mails = await mailsTo(db, user.email);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toBe('Heliline - Confirm your email address');
      const path = pathOf(linkIn(mails[0]!.text, config.appUrl));
      expect((await app.inject(path)).headers.location).toBe('/login?verified=1');
    });

    it('answers the same for unknown and verified addresses, and sends nothing', async () => {
      const verifiedUser = await createUser(db, { verified: true });
      const unknown = uniqueEmail('ghost');
      for (const email of [verifiedUser.email, unknown]) {
        const res = await new IpClient(app).post('/api/auth/resend-verification-email', { email });
        expect(res.statusCode).toBe(200);
        expect(res.json().message).toBe('Email inviata!');
        expect(await mailsTo(db, email)).toHaveLength(0);
      }
    });

    it('answers 422 to a malformed address', async () => {
      const res = await new IpClient(app).post('/api/auth/resend-verification-email', { email: 'nope' });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ email: [MESSAGES.emailInvalid.it] });
    });

    it(`throttles per address (${ACCOUNT_THROTTLES.verificationResends.max} per 15 minutes), across IPs`, async () => {
      const user = await createUser(db, { verified: false });
      for (let i = 0; i < ACCOUNT_THROTTLES.verificationResends.max; i++) {
        const res = await new IpClient(app).post('/api/auth/resend-verification-email', { email: user.email });
        expect(res.statusCode).toBe(200);
      }
      const res = await new IpClient(app).post('/api/auth/resend-verification-email', { email: user.email });
      expect(res.statusCode).toBe(429);
      expect(res.json().message).toBe(MESSAGES.tooManyRequests.it);
      const retryAfter = Number(res.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(15 * 60);
      expect(await mailsTo(db, user.email)).toHaveLength(ACCOUNT_THROTTLES.verificationResends.max);
      travel(15 * MINUTE + 1000);
      expect((await new IpClient(app).post('/api/auth/resend-verification-email', { email: user.email })).statusCode).toBe(200);
    });

    it(`throttles per IP (${RATE_LIMITS.resendVerification.max} per 15 minutes)`, async () => {
      const client = new IpClient(app);
      for (let i = 0; i < RATE_LIMITS.resendVerification.max; i++) {
        expect((await client.post('/api/auth/resend-verification-email', { email: uniqueEmail() })).statusCode).toBe(200);
      }
      expect((await client.post('/api/auth/resend-verification-email', { email: uniqueEmail() })).statusCode).toBe(429);
    });
  });

  describe('POST /api/auth/login', () => {
    it('logs in with a session cookie and a bearer token, answering the user', async () => {
      const account = await createUser(db, { signup: { email: uniqueEmail('login') } });
      const client = new IpClient(app, 'en');
      const res = await client.post('/api/auth/login', { email: account.email.toUpperCase(), password: PASSWORD });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.message).toBe(MESSAGES.loginSuccess.en);
      expect(body.messages).toEqual(MESSAGES.loginSuccess);
      expect(body.user).toMatchObject({
        id: account.id,
        email: account.email,
        verified: true,
        is_agency: false,
        is_agency_auth: false,
        roles: [],
        telephone: '+39 0881 123456',
        pax: { lastname: 'Rossi', firstname: 'Maria', birthdate: '14/03/1985', country: 'Italy', country_code: 'IT', document_type: 2 },
      });
      expect(body.user.token).toMatch(/^hl_[\w-]{40,}$/);
      expect(client.hasCookie('heliline_session')).toBe(true);

      // the cookie works…
      const me = await client.get('/api/auth/user');
      expect(me.statusCode).toBe(200);
      expect(me.json().user.id).toBe(account.id);
      // …and so does the token, from a client without cookies
      const api = await new IpClient(app).get('/api/auth/user', { bearer: body.user.token });
      expect(api.statusCode).toBe(200);
      expect(api.json().user.email).toBe(account.email);
    });

    it('answers the same 422 for an unknown e-mail and a wrong password', async () => {
      const account = await createUser(db);
      const wrong = await new IpClient(app).post('/api/auth/login', { email: account.email, password: 'Wrong12345' });
      const unknown = await new IpClient(app).post('/api/auth/login', { email: uniqueEmail('nobody'), password: 'Wrong12345' });
      for (const res of [wrong, unknown]) {
        expect(res.statusCode).toBe(422);
        expect(res.json().errors).toEqual({ email: [MESSAGES.loginFailed.it] });
      }
      expect(wrong.body).toBe(unknown.body);
      expect(wrong.cookies.find((c) => c.name === 'heliline_session')).toBeUndefined();
      const sessions = await db.selectFrom('sessions').select('id').where('user_id', '=', account.id).execute();
      expect(sessions).toHaveLength(0);
    });

    it('lets unverified users and unauthorised agencies in, with their flags', async () => {
      const unverified = await createUser(db, { verified: false });
      const agency = await createUser(db, { agency: true });
      expect(await login(new IpClient(app), unverified)).toMatchObject({ verified: false, is_agency: false });
      const agencyUser = await login(new IpClient(app), agency);
      expect(agencyUser).toMatchObject({ verified: true, is_agency: true, is_agency_auth: false });
      expect(agencyUser).toMatchObject({ pax: { lastname: 'Viaggi Gargano Srl', firstname: 'IT01234567890', gender: null, birthdate: null } });
    });

    it('answers malformed input with field errors', async () => {
      const res = await new IpClient(app).post('/api/auth/login', { email: '', password: '' });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ email: [MESSAGES.required.it], password: [MESSAGES.required.it] });
    });

    it('refuses a request without the CSRF header (419)', async () => {
      const account = await createUser(db);
      const before = await counts(db);
      const res = await new IpClient(app).post('/api/auth/login', { email: account.email, password: PASSWORD }, { noCsrf: true });
      expect(res.statusCode).toBe(419);
      expect(await counts(db)).toEqual(before);
    });

    it(`locks an e-mail after ${ACCOUNT_THROTTLES.loginFailures.max} failures in 15 minutes from one IP, for that IP (decision 015)`, async () => {
      const account = await createUser(db);
      const attacker = new IpClient(app);
      for (let i = 0; i < ACCOUNT_THROTTLES.loginFailures.max; i++) {
        const res = await attacker.post('/api/auth/login', { email: account.email, password: `Wrong${i}xyz1` });
        expect(res.statusCode).toBe(422);
      }
      const locked = await attacker.post('/api/auth/login', { email: account.email, password: PASSWORD });
      expect(locked.statusCode).toBe(429);
      expect(locked.json().message).toBe(MESSAGES.tooManyRequests.it);
      // the same lock holds for the web login and the API login from that address
      const sameIp = () => new IpClient(app, 'it', attacker.ip);
      expect((await sameIp().post('/login', { email: account.email, password: PASSWORD })).statusCode).toBe(429);
      expect((await sameIp().post('/api/v1/auth/login', { email: account.email, password: PASSWORD })).statusCode).toBe(429);

      travel(15 * MINUTE + 1000);
      expect((await sameIp().post('/api/auth/login', { email: account.email, password: PASSWORD })).statusCode).toBe(200);
    });

    it('clears the failure count on a successful login', async () => {
      const account = await createUser(db);
      const ip = nextIp();
      const fail = () => new IpClient(app, 'it', ip).post('/api/auth/login', { email: account.email, password: 'Wrong12345' });
      for (let i = 0; i < ACCOUNT_THROTTLES.loginFailures.max - 1; i++) expect((await fail()).statusCode).toBe(422);
      await login(new IpClient(app, 'it', ip), account);
      for (let i = 0; i < ACCOUNT_THROTTLES.loginFailures.max - 1; i++) expect((await fail()).statusCode).toBe(422);
      expect((await new IpClient(app, 'it', ip).post('/api/auth/login', { email: account.email, password: PASSWORD })).statusCode).toBe(200);
    });

    it(`limits logins per IP (${RATE_LIMITS.login.max} per minute)`, async () => {
      const client = new IpClient(app, 'en');
      for (let i = 0; i < RATE_LIMITS.login.max; i++) {
        const res = await client.post('/api/auth/login', { email: uniqueEmail('flood'), password: 'Wrong12345' });
        expect(res.statusCode).toBe(422);
      }
      const account = await createUser(db);
      const res = await client.post('/api/auth/login', { email: account.email, password: PASSWORD });
      expect(res.statusCode).toBe(429);
      expect(res.json()).toMatchObject({ message: MESSAGES.tooManyRequests.en, messages: MESSAGES.tooManyRequests });
    });

    it('replaces the session the browser already had', async () => {
      const account = await createUser(db);
      const client = new IpClient(app);
      await login(client, account);
      const sessionsBefore = await db.selectFrom('sessions').select('id').where('user_id', '=', account.id).execute();
      await login(client, account);
      const sessionsAfter = await db.selectFrom('sessions').select('id').where('user_id', '=', account.id).execute();
      expect(sessionsBefore).toHaveLength(1);
      expect(sessionsAfter).toHaveLength(1);
      expect(sessionsAfter[0]!.id).not.toBe(sessionsBefore[0]!.id);
    });
  });

  describe('POST /api/auth/logout', () => {
    it('ends the session: the cookie stops working', async () => {
      const account = await createUser(db);
      const client = new IpClient(app);
      await login(client, account);
      const res = await client.post('/api/auth/logout');
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe(MESSAGES.logoutSuccess.it);
      expect(client.hasCookie('heliline_session')).toBe(false);
      expect((await client.get('/api/auth/user')).statusCode).toBe(401);
      const left = await db.selectFrom('sessions').select('id').where('user_id', '=', account.id).execute();
      expect(left).toHaveLength(0);
    });

    it('also revokes the token that the same login issued, but no other token', async () => {
      const account = await createUser(db);
      const browser = new IpClient(app);
      const { token } = await login(browser, account);
      const { token: otherDevice } = await login(new IpClient(app), account);
      expect((await browser.post('/api/auth/logout')).statusCode).toBe(200);
      expect((await new IpClient(app).get('/api/auth/user', { bearer: token })).statusCode).toBe(401);
      expect((await new IpClient(app).get('/api/auth/user', { bearer: otherDevice })).statusCode).toBe(200);
    });

    it('revokes only the bearer token used', async () => {
      const account = await createUser(db);
      const browser = new IpClient(app);
      const { token } = await login(browser, account);
      const api = new IpClient(app);
      expect((await api.post('/api/auth/logout', undefined, { bearer: token })).statusCode).toBe(200);
      const after = await api.get('/api/auth/user', { bearer: token });
      expect(after.statusCode).toBe(401);
      expect(after.json().message).toBe(MESSAGES.unauthenticated.it);
      const row = await db.selectFrom('api_tokens').select('revoked_at').where('token_hash', '=', sha256(token)).executeTakeFirstOrThrow();
      expect(row.revoked_at).not.toBeNull();
      // the browser session of the same login is a different credential
      expect((await browser.get('/api/auth/user')).statusCode).toBe(200);
    });

    it('answers 200 when nobody is logged in', async () => {
      const res = await new IpClient(app, 'en').post('/api/auth/logout');
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe(MESSAGES.logoutSuccess.en);
    });
  });

  describe('password recovery', () => {
    const resetRow = (userId: number) => db.selectFrom('password_resets').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').executeTakeFirst();

    async function requestLink(email: string, lang: 'it' | 'en' = 'it') {
      const res = await new IpClient(app, lang).post('/password/email', { email });
      expect(res.statusCode).toBe(200);
      const link = linkIn((await lastMailTo(db, email)).text, config.appUrl);
      const url = new URL(link);
      return { link, token: decodeURIComponent(url.pathname.split('/').pop()!), email: url.searchParams.get('email')! };
    }

    it('e-mails a reset link in the account language and stores only the hash of the token', async () => {
      const account = await createUser(db, { locale: 'en' });
      const res = await new IpClient(app).post('/password/email', { email: account.email });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ message: 'Reset link inviato. Controlla la tua casella email.', messages: MESSAGES.resetLinkSent });

      const mail = await lastMailTo(db, account.email);
      expect(mail.kind).toBe('reset-password');
      expect(mail.subject).toBe('Heliline - Reset your password');
      expect(mail.text).toContain('expires in 60 minutes');
      const link = linkIn(mail.text, config.appUrl);
      const match = link.match(/^(.+)\/password\/reset\/([\w-]+)\?email=(.+)$/);
      expect(match![1]).toBe(config.appUrl);
      expect(decodeURIComponent(match![3]!)).toBe(account.email);
      const row = await resetRow(account.id);
      expect(row!.token_hash).toBe(sha256(match![2]!));
      expect(row!.used_at).toBeNull();
      expect(Math.abs(new Date(row!.expires_at).getTime() - (Date.now() + 60 * MINUTE))).toBeLessThan(60_000);
    });

    it("answers an unknown e-mail with 'Nessun utente è associato alla mail indicata' and writes nothing", async () => {
      const before = await counts(db);
      const res = await new IpClient(app).post('/password/email', { email: uniqueEmail('ghost') });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ email: ['Nessun utente è associato alla mail indicata'] });
      expect(await counts(db)).toEqual(before);
    });

    it('resets the password once: verifies the address and ends every session and token', async () => {
      const account = await createUser(db, { verified: false });
      const browser = new IpClient(app);
      const { token: bearer } = await login(browser, account);
      const link = await requestLink(account.email);

      const client = new IpClient(app, 'en');
      const res = await client.post('/password/reset', {
        token: link.token,
        email: link.email,
        password: 'NuovaPassword99',
        password_confirmation: 'NuovaPassword99',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ message: MESSAGES.passwordResetDone.en, messages: MESSAGES.passwordResetDone });

      expect((await resetRow(account.id))!.used_at).not.toBeNull();
      expect((await userRow(account.email))!.email_verified_at).not.toBeNull();
      expect((await browser.get('/api/auth/user')).statusCode).toBe(401);
      expect((await new IpClient(app).get('/api/auth/user', { bearer })).statusCode).toBe(401);

      const old = await new IpClient(app).post('/api/auth/login', { email: account.email, password: PASSWORD });
      expect(old.statusCode).toBe(422);
      expect(await login(new IpClient(app), { email: account.email, password: 'NuovaPassword99' })).toMatchObject({ verified: true });

      const again = await client.post('/password/reset', {
        token: link.token,
        email: link.email,
        password: 'AltraPassword77',
        password_confirmation: 'AltraPassword77',
      });
      expect(again.statusCode).toBe(422);
      expect(again.json().errors).toEqual({ email: [MESSAGES.resetTokenInvalid.en] });
    });

    it('invalidates an older link when a new one is requested', async () => {
      const account = await createUser(db);
      const first = await requestLink(account.email);
      const second = await requestLink(account.email);
      expect(first.token).not.toBe(second.token);
      const body = (token: string) => ({ token, email: account.email, password: 'NuovaPassword99', password_confirmation: 'NuovaPassword99' });
      const old = await new IpClient(app).post('/password/reset', body(first.token));
      expect(old.statusCode).toBe(422);
      expect(old.json().errors).toEqual({ email: [MESSAGES.resetTokenInvalid.it] });
      expect((await new IpClient(app).post('/password/reset', body(second.token))).statusCode).toBe(200);
    });

    it('refuses an expired token', async () => {
      const account = await createUser(db);
      const link = await requestLink(account.email);
      travel(61 * MINUTE);
      const res = await new IpClient(app).post('/password/reset', {
        token: link.token,
        email: account.email,
        password: 'NuovaPassword99',
        password_confirmation: 'NuovaPassword99',
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ email: [MESSAGES.resetTokenInvalid.it] });
      vi.useRealTimers();
      expect(await login(new IpClient(app), account)).toMatchObject({ id: account.id });
    });

    it('refuses a token for another e-mail, a made-up token and bad passwords, changing nothing', async () => {
      const account = await createUser(db);
      const other = await createUser(db);
      const link = await requestLink(account.email);
      const hashBefore = (await userRow(account.email))!.password_hash;
      const before = await counts(db);
      const cases: [Record<string, string>, Record<string, string[]>][] = [
        [{ token: link.token, email: other.email, password: 'NuovaPassword99', password_confirmation: 'NuovaPassword99' }, { email: [MESSAGES.resetTokenInvalid.it] }],
        [
          { token: 'made-up-token', email: account.email, password: 'NuovaPassword99', password_confirmation: 'NuovaPassword99' },
          { email: [MESSAGES.resetTokenInvalid.it] },
        ],
        [
          { token: link.token, email: account.email, password: 'NuovaPassword99', password_confirmation: 'Different99' },
          { password_confirmation: [MESSAGES.passwordMismatch.it] },
        ],
        [{ token: link.token, email: account.email, password: 'soloLettere', password_confirmation: 'soloLettere' }, { password: [MESSAGES.passwordTooWeak.it] }],
      ];
      for (const [payload, errors] of cases) {
        const res = await new IpClient(app).post('/password/reset', payload);
        expect(res.statusCode).toBe(422);
        expect(res.json().errors).toEqual(errors);
      }
      expect(await counts(db)).toEqual(before);
      expect((await userRow(account.email))!.password_hash).toBe(hashBefore);
      expect((await resetRow(account.id))!.used_at).toBeNull();
    });

    it('refuses both calls without the CSRF header (419)', async () => {
      const account = await createUser(db);
      const before = await counts(db);
      expect((await new IpClient(app).post('/password/email', { email: account.email }, { noCsrf: true })).statusCode).toBe(419);
      expect(
        (await new IpClient(app).post('/password/reset', { token: 'x', email: account.email, password: 'a', password_confirmation: 'a' }, { noCsrf: true })).statusCode,
      ).toBe(419);
      expect(await counts(db)).toEqual(before);
    });

    it(`throttles reset requests per address (${ACCOUNT_THROTTLES.passwordResetRequests.max} per 15 minutes), across IPs`, async () => {
      const account = await createUser(db);
      for (let i = 0; i < ACCOUNT_THROTTLES.passwordResetRequests.max; i++) {
        expect((await new IpClient(app).post('/password/email', { email: account.email })).statusCode).toBe(200);
      }
      const res = await new IpClient(app).post('/password/email', { email: account.email });
      expect(res.statusCode).toBe(429);
      expect(res.json().message).toBe(MESSAGES.tooManyRequests.it);
      expect(await mailsTo(db, account.email)).toHaveLength(ACCOUNT_THROTTLES.passwordResetRequests.max);
    });

    it(`throttles reset requests per IP (${RATE_LIMITS.passwordEmail.max} per 15 minutes)`, async () => {
      const client = new IpClient(app);
      for (let i = 0; i < RATE_LIMITS.passwordEmail.max; i++) {
        expect((await client.post('/password/email', { email: uniqueEmail('ghost') })).statusCode).toBe(422);
      }
      const account = await createUser(db);
      expect((await client.post('/password/email', { email: account.email })).statusCode).toBe(429);
      expect(await mailsTo(db, account.email)).toHaveLength(0);
    });
  });

  describe('test panel (spec §7)', () => {
    it('API login answers success.token and the user, with no cookies and no CSRF dance', async () => {
      const account = await createUser(db);
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email: account.email, password: PASSWORD },
        remoteAddress: '10.9.0.1',
      });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.success.token).toMatch(/^hl_/);
      expect(body.user).toMatchObject({ id: account.id, email: account.email, verified: true });
      expect(res.cookies.find((c) => c.name === 'heliline_session')).toBeUndefined();

      const details = await app.inject({ method: 'POST', url: '/api/v1/user/details', headers: { authorization: `Bearer ${body.success.token}` } });
      expect(details.statusCode).toBe(200);
      expect(details.json().success).toEqual(body.user);

      const bookings = await app.inject({ method: 'POST', url: '/api/v1/user/bookings', headers: { authorization: `Bearer ${body.success.token}` } });
      expect(bookings.statusCode).toBe(200);
      expect(bookings.json()).toEqual({ user: body.user, bookings: [] });

      const logout = await app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: { authorization: `Bearer ${body.success.token}` } });
      expect(logout.statusCode).toBe(200);
      const after = await app.inject({ method: 'POST', url: '/api/v1/user/details', headers: { authorization: `Bearer ${body.success.token}` } });
      expect(after.statusCode).toBe(401);
    });

    it('API login answers 401 to wrong credentials', async () => {
      const account = await createUser(db);
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        headers: { 'x-locale': 'en' },
        payload: { email: account.email, password: 'Wrong12345' },
        remoteAddress: '10.9.0.2',
      });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(MESSAGES.loginFailed.en);
    });

    it('bearer endpoints ignore session cookies and refuse without a token', async () => {
      const account = await createUser(db);
      const browser = new IpClient(app);
      await login(browser, account);
      for (const url of ['/api/v1/user/details', '/api/v1/user/bookings', '/api/v1/auth/logout']) {
        const res = await browser.post(url);
        expect(res.statusCode, url).toBe(401);
        const forged = await browser.post(url, undefined, { bearer: 'hl_not-a-token' });
        expect(forged.statusCode, url).toBe(401);
      }
      expect((await browser.get('/api/auth/user')).statusCode).toBe(200);
    });

    it(`limits API logins per IP (${RATE_LIMITS.login.max} per minute)`, async () => {
      const ip = '10.9.0.3';
      const attempt = () =>
        app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: uniqueEmail('flood'), password: 'Wrong12345' }, remoteAddress: ip });
      for (let i = 0; i < RATE_LIMITS.login.max; i++) expect((await attempt()).statusCode).toBe(401);
      expect((await attempt()).statusCode).toBe(429);
    });

    it('web login starts a session without issuing a token; web logout ends it', async () => {
      const account = await createUser(db);
      const client = new IpClient(app);
      const tokensBefore = (await counts(db)).api_tokens;
      const res = await client.post('/login', { email: account.email, password: PASSWORD });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.message).toBe(MESSAGES.loginSuccess.it);
      expect(body.user).toMatchObject({ id: account.id, email: account.email });
      expect(body.user.token).toBeUndefined();
      expect((await counts(db)).api_tokens).toBe(tokensBefore);
      expect((await client.get('/api/auth/user')).statusCode).toBe(200);

      const bad = await new IpClient(app).post('/login', { email: account.email, password: 'Wrong12345' });
      expect(bad.statusCode).toBe(422);
      expect(bad.json().errors).toEqual({ email: [MESSAGES.loginFailed.it] });

      expect((await client.post('/logout', undefined, { noCsrf: true })).statusCode).toBe(419);
      const out = await client.post('/logout');
      expect(out.statusCode).toBe(200);
      expect((await client.get('/api/auth/user')).statusCode).toBe(401);
    });
  });
});
