import { MESSAGES, ZUser } from '@heliline/domain';
import { describe, expect, it } from 'vitest';
import { counts, createUser, IpClient, login, PASSWORD } from './accounts-support.ts';
import { buildTestApp } from './helpers.ts';

describe('accounts', async () => {
  const { app, db } = await buildTestApp();

  const paxRow = (userId: number) => db.selectFrom('paxes').selectAll().where('user_id', '=', userId).executeTakeFirstOrThrow();
  const userRow = (userId: number) => db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();

  const update = (overrides: Record<string, unknown> = {}) => ({
    address: 'Piazza Cavour 3',
    telephone: '+39 333 1234567',
    document_type: 1,
    document_num: 'CA00000AA',
    ...overrides,
  });

  describe('GET /api/auth/user', () => {
    it('answers 401 when nobody is logged in', async () => {
      const res = await new IpClient(app, 'en').get('/api/auth/user');
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ message: MESSAGES.unauthenticated.en, messages: MESSAGES.unauthenticated });
    });

    it('answers the whole user, with the country name in the request language', async () => {
      const account = await createUser(db, { roles: ['Prenotazioni'], signup: { country: 'Germania', province: null, zipcode: '10115' } });
      const client = new IpClient(app);
      await login(client, account);
      const it_ = (await client.get('/api/auth/user')).json().user;
      expect(ZUser.parse(it_)).toEqual(it_);
      expect(it_).toEqual({
        id: account.id,
        email: account.email,
        verified: true,
        is_agency: false,
        is_agency_auth: false,
        roles: ['Prenotazioni'],
        telephone: '+39 0881 123456',
        pax: {
          id: expect.any(Number),
          lastname: 'Rossi',
          firstname: 'Maria',
          gender: 'F',
          birthdate: '14/03/1985',
          address: 'Via Roma 1',
          city: 'Foggia',
          province: null,
          country: 'Germania',
          country_code: 'DE',
          zipcode: '10115',
          telephone: '+39 0881 123456',
          document_type: 2,
          document_num: 'YA1234567',
        },
      });
      const en = (await client.get('/api/auth/user', { headers: { 'x-locale': 'en' } })).json().user;
      expect(en.pax.country).toBe('Germany');
    });
  });

  describe('PUT /api/auth/user', () => {
    it('updates address, telephone and document, ignoring read-only fields', async () => {
      const account = await createUser(db);
      const victim = await createUser(db);
      const victimBefore = await paxRow(victim.id);
      const client = new IpClient(app);
      await login(client, account);
      const res = await client.put(
        '/api/auth/user',
        update({ id: victim.id, email: victim.email, lastname: 'Bianchi', firstname: 'Luca', gender: 'M', birthdate: '01/01/2000' }),
      );
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.message).toBe('Dati aggiornati');
      expect(body.messages).toEqual(MESSAGES.dataUpdated);
      expect(body.user).toMatchObject({
        id: account.id,
        email: account.email,
        telephone: '+39 333 1234567',
        pax: {
          lastname: 'Rossi',
          firstname: 'Maria',
          gender: 'F',
          birthdate: '14/03/1985',
          address: 'Piazza Cavour 3',
          telephone: '+39 333 1234567',
          document_type: 1,
          document_num: 'CA00000AA',
        },
      });
      expect(await paxRow(account.id)).toMatchObject({
        address: 'Piazza Cavour 3',
        lastname: 'Rossi',
        gender: 'F',
        birthdate: '1985-03-14',
        document_type_id: 1,
        document_num: 'CA00000AA',
      });
      expect((await userRow(account.id)).email).toBe(account.email);
      // The id and e-mail in the body never select whose account changes.
      expect(await paxRow(victim.id)).toEqual(victimBefore);
      expect((await userRow(victim.id)).email).toBe(victim.email);
    });

    it('ignores document fields for agencies', async () => {
      const agency = await createUser(db, { agency: true, authorised: true });
      const client = new IpClient(app);
      await login(client, agency);
      const res = await client.put('/api/auth/user', update({ document_type: 99, document_num: 'X' }));
      expect(res.statusCode).toBe(200);
      expect(res.json().user.pax).toMatchObject({ address: 'Piazza Cavour 3', document_type: null, document_num: null });
      expect(await paxRow(agency.id)).toMatchObject({ document_type_id: null, document_num: null });
    });

    it('refuses an unknown document type and bad fields, changing nothing', async () => {
      const account = await createUser(db);
      const client = new IpClient(app, 'en');
      await login(client, account);
      const before = await paxRow(account.id);
      const cases: [Record<string, unknown>, Record<string, string[]>][] = [
        [update({ document_type: 99 }), { document_type: [MESSAGES.documentTypeInvalid.en] }],
        [update({ document_num: '  ' }), { document_num: [MESSAGES.required.en] }],
        [update({ telephone: 'abc' }), { telephone: [MESSAGES.phoneInvalid.en] }],
        [update({ address: '' }), { address: [MESSAGES.required.en] }],
      ];
      for (const [payload, errors] of cases) {
        const res = await client.put('/api/auth/user', payload);
        expect(res.statusCode).toBe(422);
        expect(res.json().errors).toEqual(errors);
      }
      expect(await paxRow(account.id)).toEqual(before);
    });

    it('changes the password only with the right current password, then ends the other sessions and tokens', async () => {
      const account = await createUser(db);
      const client = new IpClient(app);
      await login(client, account);
      const otherBrowser = new IpClient(app);
      const { token: otherToken } = await login(otherBrowser, account);
      const hashBefore = (await userRow(account.id)).password_hash;

      const missing = await client.put('/api/auth/user', update({ password: 'NuovaPassword1', password_confirmation: 'NuovaPassword1' }));
      expect(missing.statusCode).toBe(422);
      expect(missing.json().errors).toEqual({ current_password: [MESSAGES.currentPasswordRequired.it] });

      const wrong = await client.put('/api/auth/user', update({ current_password: 'Sbagliata123', password: 'NuovaPassword1', password_confirmation: 'NuovaPassword1' }));
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json().errors).toEqual({ current_password: [MESSAGES.currentPasswordWrong.it] });

      const weak = await client.put('/api/auth/user', update({ current_password: PASSWORD, password: 'corta', password_confirmation: 'corta' }));
      expect(weak.statusCode).toBe(422);
      expect(weak.json().errors).toEqual({ password: [MESSAGES.passwordTooShort.it] });

      expect((await userRow(account.id)).password_hash).toBe(hashBefore);
      expect((await otherBrowser.get('/api/auth/user')).statusCode).toBe(200);

      const ok = await client.put('/api/auth/user', update({ current_password: PASSWORD, password: 'NuovaPassword1', password_confirmation: 'NuovaPassword1' }));
      expect(ok.statusCode).toBe(200);
      expect(ok.json().message).toBe('Dati aggiornati');
      // this browser stays in; every other session and token is out
      expect((await client.get('/api/auth/user')).statusCode).toBe(200);
      expect((await otherBrowser.get('/api/auth/user')).statusCode).toBe(401);
      expect((await new IpClient(app).get('/api/auth/user', { bearer: otherToken })).statusCode).toBe(401);
      expect((await new IpClient(app).post('/api/auth/login', { email: account.email, password: PASSWORD })).statusCode).toBe(422);
      expect(await login(new IpClient(app), { email: account.email, password: 'NuovaPassword1' })).toMatchObject({ id: account.id });
    });

    it('keeps the bearer token that made the change', async () => {
      const account = await createUser(db);
      const { token } = await login(new IpClient(app), account);
      const { token: other } = await login(new IpClient(app), account);
      const api = new IpClient(app);
      const res = await api.put('/api/auth/user', update({ current_password: PASSWORD, password: 'NuovaPassword1', password_confirmation: 'NuovaPassword1' }), {
        bearer: token,
      });
      expect(res.statusCode).toBe(200);
      expect((await api.get('/api/auth/user', { bearer: token })).statusCode).toBe(200);
      expect((await api.get('/api/auth/user', { bearer: other })).statusCode).toBe(401);
    });

    it('answers 401 when nobody is logged in and 419 without the CSRF header, changing nothing', async () => {
      const account = await createUser(db);
      const before = await counts(db);
      const anonymous = await new IpClient(app).put('/api/auth/user', update());
      expect(anonymous.statusCode).toBe(401);

      const client = new IpClient(app);
      await login(client, account);
      const paxBefore = await paxRow(account.id);
      const forged = await client.put('/api/auth/user', update(), { noCsrf: true });
      expect(forged.statusCode).toBe(419);
      expect(await paxRow(account.id)).toEqual(paxBefore);
      expect((await counts(db)).users).toBe(before.users);
    });
  });

  describe('GET /api/document-types', () => {
    it('lists the document types in the request language, ordered by id', async () => {
      const it_ = await new IpClient(app, 'it').get('/api/document-types');
      expect(it_.statusCode).toBe(200);
      expect(it_.json()).toEqual({
        document_types: [
          { id: 1, text: "Carta d'identità" },
          { id: 2, text: 'Passaporto' },
          { id: 3, text: 'Patente di guida' },
        ],
      });
      const en = await new IpClient(app, 'en').get('/api/document-types');
      expect(en.json().document_types.map((d: { text: string }) => d.text)).toEqual(['ID card', 'Passport', 'Driving licence']);
    });

    it('answers a repeated request from memory with the same body and headers', async () => {
      const client = new IpClient(app, 'en');
      const first = await client.get('/api/document-types');
      const again = await client.get('/api/document-types');
      expect(again.statusCode).toBe(200);
      expect(again.body).toBe(first.body);
      const { date: _d1, ...firstHeaders } = first.headers;
      const { date: _d2, ...againHeaders } = again.headers;
      expect(againHeaders).toEqual(firstHeaders);
      expect(again.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(again.headers['x-content-type-options']).toBe('nosniff');
    });
  });

  describe('OpenAPI', () => {
    it('documents every accounts endpoint', async () => {
      const doc = (await app.inject('/api/docs/json')).json();
      const paths = Object.keys(doc.paths);
      for (const p of [
        '/api/auth/register',
        '/api/auth/login',
        '/api/auth/logout',
        '/api/auth/user',
        '/api/auth/resend-verification-email',
        '/email/verify/{id}/{hash}',
        '/password/email',
        '/password/reset',
        '/api/document-types',
        '/api/admin/agencies',
        '/api/admin/agencies/{id}/authorise',
        '/api/v1/auth/login',
        '/api/v1/auth/logout',
        '/api/v1/user/details',
        '/api/v1/user/bookings',
        '/login',
        '/logout',
      ]) {
        expect(paths, p).toContain(p);
      }
      expect(Object.keys(doc.paths['/api/auth/user'])).toEqual(expect.arrayContaining(['get', 'put']));
    });
  });
});
