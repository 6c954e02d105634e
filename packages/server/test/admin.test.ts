import { MESSAGES } from '@heliline/domain';
import { describe, expect, it } from 'vitest';
import { createUser, IpClient, lastMailTo, linkIn, login, mailsTo } from './accounts-support.ts';
import { buildTestApp } from './helpers.ts';

describe('admin: agencies', async () => {
  const { app, db, config } = await buildTestApp();
  const admin = await createUser(db, { roles: ['Admin'] });
  const adminClient = new IpClient(app);
  await login(adminClient, admin);

  const agencyRow = (id: number) => db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('answers 401 to visitors and 403 to users without the Admin role', async () => {
    const anonymous = new IpClient(app);
    expect((await anonymous.get('/api/admin/agencies')).statusCode).toBe(401);
    expect((await anonymous.post('/api/admin/agencies/1/authorise')).statusCode).toBe(401);

    const agency = await createUser(db, { agency: true });
    for (const roles of [[], ['Prenotazioni'], ['PrenotaFull', 'PagamentoCash']]) {
      const client = new IpClient(app, 'en');
      await login(client, await createUser(db, { roles }));
      const list = await client.get('/api/admin/agencies');
      expect(list.statusCode).toBe(403);
      expect(list.json().message).toBe(MESSAGES.forbidden.en);
      expect((await client.post(`/api/admin/agencies/${agency.id}/authorise`)).statusCode).toBe(403);
    }
    // an agency cannot unlock itself either
    const self = new IpClient(app);
    await login(self, agency);
    expect((await self.post(`/api/admin/agencies/${agency.id}/authorise`)).statusCode).toBe(403);
    expect((await agencyRow(agency.id)).is_agency_auth).toBe(0);
    expect(await mailsTo(db, agency.email)).toHaveLength(0);
  });

  it('lists pending agencies by default and all agencies on request', async () => {
    const pending = await createUser(db, { agency: true, verified: false, signup: { lastname: 'Tremiti Tours', firstname: 'IT11111111111' } });
    const authorised = await createUser(db, { agency: true, authorised: true });
    const user = await createUser(db);

    const res = await adminClient.get('/api/admin/agencies');
    expect(res.statusCode).toBe(200);
    const agencies = res.json().agencies as { id: number }[];
    const ids = agencies.map((a) => a.id);
    expect(ids).toContain(pending.id);
    expect(ids).not.toContain(authorised.id);
    expect(ids).not.toContain(user.id);
    expect(ids).not.toContain(admin.id);
    expect(agencies.find((a) => a.id === pending.id)).toEqual({
      id: pending.id,
      email: pending.email,
      company_name: 'Tremiti Tours',
      vat: 'IT11111111111',
      telephone: '0884 700000',
      city: 'Vieste',
      verified: false,
      is_agency_auth: false,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });

    const all = await adminClient.get('/api/admin/agencies?status=all');
    const allIds = (all.json().agencies as { id: number }[]).map((a) => a.id);
    expect(allIds).toEqual(expect.arrayContaining([pending.id, authorised.id]));
    expect(allIds).not.toContain(user.id);

    const bad = await adminClient.get('/api/admin/agencies?status=everything');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.status).toEqual([MESSAGES.invalidValue.it]);
  });

  it('authorises an agency once and e-mails it in its language', async () => {
    const agency = await createUser(db, { agency: true, locale: 'en', signup: { lastname: 'Gargano <Viaggi> & Co' } });
    const before = await login(new IpClient(app), agency);
    expect(before).toMatchObject({ is_agency: true, is_agency_auth: false });

    const res = await adminClient.post(`/api/admin/agencies/${agency.id}/authorise`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toBe(MESSAGES.agencyAuthorised.it);
    expect(body.messages).toEqual(MESSAGES.agencyAuthorised);
    expect(body.agency).toMatchObject({ id: agency.id, email: agency.email, is_agency_auth: true, company_name: 'Gargano <Viaggi> & Co' });

    const row = await agencyRow(agency.id);
    expect(row.is_agency_auth).toBe(1);
    expect(row.agency_authorised_by).toBe(admin.id);
    expect(row.agency_authorised_at).not.toBeNull();

    const mail = await lastMailTo(db, agency.email);
    expect(mail.kind).toBe('agency-authorised');
    expect(mail.subject).toBe('Heliline - Your agency account is active');
    expect(linkIn(mail.text, config.appUrl)).toBe(`${config.appUrl}/login`);
    expect(mail.html).toContain('Gargano &lt;Viaggi&gt; &amp; Co');
    expect(mail.html).not.toContain('<Viaggi>');

    expect(await login(new IpClient(app), agency)).toMatchObject({ is_agency_auth: true });
    const pendingIds = ((await adminClient.get('/api/admin/agencies')).json().agencies as { id: number }[]).map((a) => a.id);
    expect(pendingIds).not.toContain(agency.id);

    // authorising again changes nothing and sends no second mail
    const again = await adminClient.post(`/api/admin/agencies/${agency.id}/authorise`);
    expect(again.statusCode).toBe(200);
    expect(again.json().agency.is_agency_auth).toBe(true);
    expect(await mailsTo(db, agency.email)).toHaveLength(1);
  });

  it('answers 404 for a user that is not an agency and for an unknown id', async () => {
    const user = await createUser(db);
    for (const id of [user.id, admin.id, 999_999]) {
      const res = await adminClient.post(`/api/admin/agencies/${id}/authorise`);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(MESSAGES.notFound.it);
    }
    expect((await agencyRow(user.id)).is_agency_auth).toBe(0);
    expect(await mailsTo(db, user.email)).toHaveLength(0);
  });

  it('refuses to authorise without the CSRF header (419)', async () => {
    const agency = await createUser(db, { agency: true });
    const res = await adminClient.post(`/api/admin/agencies/${agency.id}/authorise`, undefined, { noCsrf: true });
    expect(res.statusCode).toBe(419);
    expect((await agencyRow(agency.id)).is_agency_auth).toBe(0);
  });
});
