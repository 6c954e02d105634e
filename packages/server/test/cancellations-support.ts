import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { Client } from './helpers.ts';

/** Shared fixtures of the weather-cancellation tests. */

/** Staff cancel a flight (or leg) through the API. */
export async function cancelAs(app: FastifyInstance, token: string, body: Record<string, unknown>) {
  return new Client(app).post('/api/admin/cancellations', body, { bearer: token });
}

/** The personal links e-mailed to an address (newest last), read from the outbox. */
export async function linksTo(app: FastifyInstance, to: string, kind = 'flight-cancelled'): Promise<string[]> {
  const rows = await app.db.selectFrom('mail_outbox').select(['text']).where('to_address', '=', to).where('kind', '=', kind).orderBy('id').execute();
  return rows.map((r) => {
    const m = /\/flight-change\/([A-Za-z0-9_-]+)/.exec(r.text);
    expect(m, r.text).not.toBeNull();
    return m![1]!;
  });
}

/** A visitor (no login) on the choice page: GET the view, POST a choice (with the CSRF round trip). */
export function visitor(app: FastifyInstance) {
  const client = new Client(app);
  return {
    view: (token: string, lang?: string) => client.get(`/api/flight-change/${token}${lang ? `?lang=${lang}` : ''}`),
    choose: (token: string, body: unknown) => client.post(`/api/flight-change/${token}`, body),
  };
}

/** The personal link of one booking group (from its cancellation e-mail's subject). */
export async function linkOfGroup(app: FastifyInstance, group: string): Promise<string> {
  const row = await app.db
    .selectFrom('mail_outbox')
    .select('text')
    .where('kind', '=', 'flight-cancelled')
    .where('subject', 'like', `%${group}%`)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return /\/flight-change\/([A-Za-z0-9_-]+)/.exec(row.text)![1]!;
}
