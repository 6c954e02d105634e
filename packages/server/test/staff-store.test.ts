import { canStoreType, MESSAGES } from '@heliline/domain';
import { describe, expect, it } from 'vitest';
import { lastMailTo } from './accounts-support.ts';
import { createFlight, legCounters, newPax } from './booking-support.ts';
import { buildTestApp } from './helpers.ts';
import { CONTACT, everything, staffClient, staffUsers, storeBody, type Who } from './staff-support.ts';

/** POST /api/bookings by payment type and role (issue 9 items 1 and 3). */
const { app, db, dialect } = await buildTestApp();
const users = await staffUsers(app);
const { post, get } = staffClient(app);
const TYPES = [1, -1, 2, 3, 4] as const;

const requestOf = (code: string) => db.selectFrom('booking_requests').selectAll().where('code', '=', code).executeTakeFirstOrThrow();

describe(`payment types × roles (${dialect})`, () => {
  it('each type only for its roles: others 403 with nothing written or sent', async () => {
    const f = await createFlight(db, { seats: 90 });
    const expected: Record<number, string[]> = {
      1: ['buyer', 'Prenota', 'PagamentoCash', 'PagamentoAgenzia', 'agency'],
      [-1]: ['Prenotazioni', 'PrenotaFull'],
      2: ['Admin', 'PagamentoCash'],
      3: ['Admin', 'PagamentoAgenzia'],
      4: ['Admin', 'Prenotazioni', 'PrenotaFull'],
    };
    for (const type of TYPES) {
      const allowed: string[] = [];
      for (const who of Object.values(users)) {
        const before = await everything(db);
        const res = await post('/api/bookings', storeBody(type, f, who), who);
        if (res.statusCode === 200) {
          allowed.push(who.name);
          expect(res.json().type, who.name).toBe(type);
          continue;
        }
        expect(res.statusCode, `type ${type}, ${who.name}: ${res.body}`).toBe(403);
        expect(await everything(db), `type ${type}, ${who.name}`).toEqual(before);
      }
      expect(allowed, `type ${type}`).toEqual(expected[type]);
      // The domain's rule and the server agree.
      expect(
        Object.values(users)
          .filter((w) => canStoreType(type, w.roles))
          .map((w) => w.name),
      ).toEqual(expected[type]);
    }
  });

  it('a card booking by Admin, Prenotazioni or PrenotaFull is refused with a message in both languages', async () => {
    const f = await createFlight(db);
    const res = await post('/api/bookings', storeBody(1, f, users.Admin), users.Admin);
    expect(res.statusCode).toBe(403);
    expect(res.json().messages).toEqual(MESSAGES.paymentTypeForbidden);
  });
});

describe(`cash and operator account (${dialect})`, () => {
  it('type 2 cash: paid, ticketed and mailed at once, with who took the payment', async () => {
    const f = await createFlight(db);
    const who = users.PagamentoCash;
    const res = await post('/api/bookings', storeBody(2, f, who), who);
    expect(res.statusCode, res.body).toBe(200);
    const json = res.json();
    expect(json).toMatchObject({ status: 'success', type: 2, bank_link: null });
    const row = await requestOf(json.bookingCode);
    expect(row.status).toBe('ticketed');
    expect(await legCounters(db, f.legIds[0]!)).toMatchObject({ sold: 2, held: 0 });
    const paid = await db.selectFrom('staff_payments').selectAll().where('booking_request_id', '=', row.id).executeTakeFirstOrThrow();
    expect(paid).toMatchObject({ type: 2, account: 'cash', taken_by: who.id, amount_cents: row.amount_cents });
    expect(await db.selectFrom('payments').select('id').where('reference', '=', json.bookingCode).execute()).toEqual([]);
    const mail = await lastMailTo(db, CONTACT);
    expect(mail.kind).toBe('booking-tickets');
    expect(mail.subject).toContain(json.bookingCode);
    // The PDFs are rendered by the sender, after the commit.
    await app.mailer.sender.drain();
    expect((await app.mailer.attachmentNames([mail.id])).length).toBe(2);
    // The staff user sees the receipt (/booking-status/{code}).
    const status = (await get(`/api/booking-status?code=${json.bookingCode}`, who)).json();
    expect(status).toMatchObject({ status: 1, booking: { state: 'ticketed' } });
  });

  it('type 3 operator account: recorded on the Pagamento{product} account; Admin on Admin', async () => {
    const f = await createFlight(db);
    for (const [who, account] of [
      [users.PagamentoAgenzia, 'PagamentoAgenzia'],
      [users.Admin, 'Admin'],
    ] as [Who, string][]) {
      const json = (await post('/api/bookings', storeBody(3, f, who), who)).json();
      const row = await requestOf(json.bookingCode);
      expect(row.status).toBe('ticketed');
      expect(await db.selectFrom('staff_payments').select(['account', 'taken_by', 'type']).where('booking_request_id', '=', row.id).executeTakeFirst()).toEqual({
        account,
        taken_by: who.id,
        type: 3,
      });
    }
  });

  it('seats gone: 409 and nothing written, no ticket, no mail', async () => {
    const f = await createFlight(db, { seats: 1 });
    const before = await everything(db);
    const res = await post('/api/bookings', storeBody(2, f, users.Admin), users.Admin);
    expect(res.statusCode).toBe(409);
    expect(await everything(db)).toEqual(before);
  });
});

describe(`staff discounts and exemptions (${dialect})`, () => {
  it('anyone but Prenotazioni/PrenotaFull sending exemption or dsc gets 403 and nothing is written', async () => {
    const f = await createFlight(db, { seats: 30 });
    for (const [who, type] of [
      [users.buyer, 1],
      [users.agency, 1],
      [users.Admin, 2],
      [users.PagamentoCash, 2],
      [users.Prenota, 1],
    ] as [Who, 1 | 2][]) {
      for (const extra of [{ dsc: 10 }, { exemption: true }]) {
        const body = storeBody(type, f, who, {
          paxes: [...(who.agency ? [] : [{ ...storeBody(type, f, who).form.paxes[0]! }]), newPax(extra)],
          form: { totals: undefined },
        });
        const before = await everything(db);
        const res = await post('/api/bookings', body, who);
        expect(res.statusCode, `${who.name} ${JSON.stringify(extra)}: ${res.body}`).toBe(403);
        expect(res.json().messages).toEqual(MESSAGES.staffDiscountsForbidden);
        expect(await everything(db)).toEqual(before);
      }
    }
  });

  it('Prenotazioni: dsc is a percentage of the ticket only (ticket_nodsc keeps the full price, taxes untouched); exemption drops the landing fee', async () => {
    const f = await createFlight(db);
    const who = users.Prenotazioni;
    const body = storeBody(-1, f, who, {
      paxes: [newPax({ dsc: 50 }), newPax({ firstname: 'Marco', document_num: 'X2', exemption: true })],
      form: { totals: undefined },
    });
    const res = await post('/api/bookings', body, who);
    expect(res.statusCode, res.body).toBe(200);
    const row = await requestOf(res.json().bookingCode);
    const lines = await db.selectFrom('booking_price_lines').selectAll().where('booking_request_id', '=', row.id).orderBy('position').execute();
    const [half, exempt] = lines;
    expect(half!.ticket_nodsc_cents).toBe(exempt!.ticket_cents);
    expect(half!.ticket_cents).toBe(half!.ticket_nodsc_cents - Math.round(half!.ticket_nodsc_cents / 2));
    expect(half!.tax_cents).toBe(exempt!.tax_cents);
    expect(half!.landing_tax_cents).toBeGreaterThan(0);
    expect(exempt!.landing_tax_cents).toBe(0);
    const paxes = await db.selectFrom('booking_passengers').select(['dsc', 'exemption']).where('booking_request_id', '=', row.id).orderBy('position').execute();
    expect(paxes).toEqual([
      { dsc: 50, exemption: 0 },
      { dsc: 0, exemption: 1 },
    ]);
  });
});

describe(`unattended minors (${dialect})`, () => {
  const child = newPax({ category: 'c', birthDate: '01/01/2017', firstname: 'Lia', gender: 'F', document_num: 'CH1' });
  const minorBody = (who: Who, paxes: unknown[], form: Record<string, unknown>) =>
    storeBody(-1, f!, who, { paxes: paxes as Record<string, unknown>[], form: { totals: undefined, ...form } });
  let f: Awaited<ReturnType<typeof createFlight>> | undefined;

  it('children alone only with the box and the declaration; then the minor form is flagged', async () => {
    f = await createFlight(db, { seats: 20 });
    const who = users.Prenotazioni;
    const without = await post('/api/bookings', minorBody(who, [child], {}), who);
    expect(without.statusCode).toBe(422);
    expect(without.json().messages).toEqual(MESSAGES.childrenWithoutAdults);
    const noTick = await post('/api/bookings', minorBody(who, [child], { unattendedMinor: true }), who);
    expect(noTick.json().messages).toEqual(MESSAGES.unattendedMinorDisclaimerRequired);
    const withAdult = await post('/api/bookings', minorBody(who, [child, newPax()], { unattendedMinor: true, minorDisclaimer: true, men: 1 }), who);
    expect(withAdult.statusCode).toBe(422);
    expect(withAdult.json().message).toBe('non sono previsti adulti per prenotazioni minori non accompagnati');
    const ok = await post('/api/bookings', minorBody(who, [child], { unattendedMinor: true, minorDisclaimer: true }), who);
    expect(ok.statusCode, ok.body).toBe(200);
    const row = await requestOf(ok.json().bookingCode);
    expect(JSON.parse(row.forms_json!)).toMatchObject({ minor: true });
  });

  it('a plain buyer sending the unattended-minor box gets 403', async () => {
    const who = users.buyer;
    const res = await post('/api/bookings', storeBody(1, f!, who, { paxes: [child], form: { totals: undefined, unattendedMinor: true, minorDisclaimer: true } }), who);
    expect(res.statusCode).toBe(403);
  });
});
