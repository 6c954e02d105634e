import { encodeSingleTicketParam } from '@heliline/domain';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_THROTTLES } from '../src/modules/throttle/limits.ts';
import { TicketsService } from '../src/modules/tickets/service.ts';
import { createUser, IpClient, login, mailsTo, uniqueEmail } from './accounts-support.ts';
import { buildTestApp } from './helpers.ts';
import { issueRequest } from './payments-support.ts';

/**
 * Issue 11: the ticket e-mails (receipt and send-single-ticket) take an address from the caller,
 * so they are limited per user and per ticket and send only on POST: not a mail relay.
 */
const { app, db, config } = await buildTestApp();
const tickets = new TicketsService({ db, config, mailer: app.mailer, log: app.log, pdfCompress: false });
const PER_TICKET = ACCOUNT_THROTTLES.ticketEmailsPerTicket.max;
const PER_USER = ACCOUNT_THROTTLES.ticketEmailsPerUser.max;

async function ticketsOf(userId: number, passengers = 3) {
  const list = await db.transaction().execute((trx) => tickets.issue(trx, issueRequest({ ownerUserId: userId }, { passengers })));
  return list.map((t) => t.ticketNr);
}

async function clientFor(user: { email: string; password: string }) {
  const client = new IpClient(app, 'en');
  await login(client, user);
  return client;
}

const single = (client: IpClient, nr: string, to: string) => client.post(`/api/send-single-ticket/${encodeSingleTicketParam(nr, to)}`);

describe('send-single-ticket', () => {
  it('a GET sends nothing (a link or an image tag cannot mail anyone)', async () => {
    const owner = await createUser(db);
    const [nr] = await ticketsOf(owner.id, 1);
    const to = uniqueEmail('get');
    const res = await (await clientFor(owner)).get(`/api/send-single-ticket/${encodeSingleTicketParam(nr!, to)}`);
    expect(res.statusCode).not.toBe(200);
    expect(await mailsTo(db, to)).toHaveLength(0);
  });

  it(`one ticket goes out at most ${PER_TICKET} times an hour, then 429 with Retry-After and no mail`, async () => {
    const owner = await createUser(db);
    const [nr] = await ticketsOf(owner.id, 1);
    const client = await clientFor(owner);
    for (let i = 0; i < PER_TICKET; i++) expect((await single(client, nr!, uniqueEmail('relay'))).statusCode).toBe(200);
    const to = uniqueEmail('relay-over');
    const refused = await single(client, nr!, to);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await mailsTo(db, to)).toHaveLength(0);
    // The receipt counts against the same ticket.
    expect((await client.post('/api/submit-ticket', { email: to, tickets: [nr] })).statusCode).toBe(429);
  });
});

describe('submit-ticket', () => {
  it(`one user sends at most ${PER_USER} ticket e-mails an hour, from any address, then 429 and no mail`, async () => {
    const owner = await createUser(db);
    const mine = [...(await ticketsOf(owner.id)), ...(await ticketsOf(owner.id)), ...(await ticketsOf(owner.id)), ...(await ticketsOf(owner.id))];
    const client = await clientFor(owner);
    for (let i = 0; i < PER_USER; i++) expect((await client.post('/api/submit-ticket', { email: uniqueEmail('bulk'), tickets: [mine[i]] })).statusCode).toBe(200);
    const to = uniqueEmail('bulk-over');
    const elsewhere = await clientFor(owner);
    const refused = await elsewhere.post('/api/submit-ticket', { email: to, tickets: [mine[PER_USER]] });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await mailsTo(db, to)).toHaveLength(0);
  });
});
