import { ZAccountDeleteBody, ZPersonalDataExport } from '@heliline/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messageBody } from '../../../http/errors.ts';
import { ZMessageBody } from '../../../http/schemas.ts';
import { currentUser } from '../../../plugins/auth.ts';
import { SESSION_COOKIE } from '../../sessions/service.ts';
import type { PersonalDataService } from './service.ts';

const dataExport = {
  config: { access: 'user' } as const,
  schema: {
    tags: ['accounts'],
    summary: 'Download my personal data (GDPR art. 15 and 20): a JSON file',
    description:
      'Account, roles, passenger profile or agency data, bookings with passengers, tickets, ticket changes and edits, payments, contact requests sent with the account’s e-mail, sessions and devices, API tokens, mails sent to the account (subject and dates). No password or token hashes. Sent as an attachment.',
    response: { 200: ZPersonalDataExport },
  },
};

/** Password guesses through the deletion form: few, per IP (argon2 makes each one slow too). */
const DELETE_ACCOUNT_RATE_LIMIT = { max: 10, timeWindow: 15 * 60_000 } as const;

const deleteAccount = {
  config: { access: 'user', rateLimit: DELETE_ACCOUNT_RATE_LIMIT, answers: [403] } as const,
  schema: {
    tags: ['accounts'],
    summary: 'Delete my account (GDPR art. 17), with the current password re-entered',
    description:
      'Ends every session and token and pseudonymises the account. Bookings, tickets and payments stay for the 10 years Italian tax law requires, with a pseudonym; tickets still to fly stay valid with their passengers (booking code). Staff accounts 403 (an administrator closes them); a wrong password 422, nothing written. See docs/decisions/016-personal-data.md.',
    body: ZAccountDeleteBody,
    response: { 200: ZMessageBody },
  },
};

/** The logged-in user's personal data: export and account deletion. */
export async function personalDataRoutes(fastify: FastifyInstance, opts: { personalData: PersonalDataService }): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { personalData } = opts;
  app.get('/api/user/data-export', dataExport, async (req, reply) => {
    const file = await personalData.export(currentUser(req).id);
    const day = file.exported_at.slice(0, 10);
    void reply.header('content-disposition', `attachment; filename="heliline-personal-data-${day}.json"`).header('cache-control', 'no-store');
    return file;
  });
  app.delete('/api/user', deleteAccount, async (req, reply) => {
    await personalData.deleteAccount(currentUser(req), req.body);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return messageBody('accountDeleted', req.lang);
  });
}
