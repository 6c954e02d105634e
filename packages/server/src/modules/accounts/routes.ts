import { ZAccountUpdate, ZDocumentType, ZUser } from '@heliline/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageBody } from '../../http/errors.ts';
import { currentUser } from '../../plugins/auth.ts';
import { ZUserAnswer, ZUserUpdated, ZV1Details } from './schemas.ts';
import type { AccountsService } from './service.ts';

const getUser = {
  config: { access: 'user' } as const,
  schema: { tags: ['accounts'], summary: 'The logged-in user: flags, roles and passenger profile', response: { 200: ZUserAnswer } },
};

const updateUser = {
  config: { access: 'user', answers: [429] } as const,
  schema: {
    tags: ['accounts'],
    summary: 'Account screen update: address, telephone, document (users), password (needs the current one)',
    body: ZAccountUpdate,
    response: { 200: ZUserUpdated },
  },
};

const ZDocumentTypes = z.object({ document_types: z.array(ZDocumentType) });

const documentTypes = {
  config: { access: 'public' } as const,
  schema: {
    tags: ['accounts'],
    summary: 'Identity document types, text in the request language',
    response: { 200: ZDocumentTypes },
  },
};

const v1Details = {
  config: { access: 'bearer', csrf: false } as const,
  schema: { tags: ['test-panel'], summary: 'The token owner', response: { 200: ZV1Details } },
};

const v1Bookings = {
  config: { access: 'bearer', csrf: false } as const,
  schema: {
    tags: ['test-panel'],
    summary: 'The token owner and their bookings',
    response: { 200: z.object({ user: ZUser, bookings: z.array(z.unknown()) }) },
  },
};

/** The logged-in user's account (SPA and bearer API) and the document-type list. */
export async function accountsRoutes(fastify: FastifyInstance, opts: { accounts: AccountsService }): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { accounts } = opts;
  app.get('/api/auth/user', getUser, async (req) => ({ user: await accounts.requireUser(currentUser(req).id, req.lang) }));
  app.put('/api/auth/user', updateUser, async (req) => messageBody('dataUpdated', req.lang, { user: await accounts.updateAccount(req.auth!, req.body, req.lang) }));
  app.get('/api/document-types', documentTypes, async (req) => ({ document_types: await accounts.listDocumentTypes(req.lang) }));
  // ---- test panel (spec §7), bearer token
  app.post('/api/v1/user/details', v1Details, async (req) => ({ success: await accounts.requireUser(currentUser(req).id, req.lang) }));
  app.post('/api/v1/user/bookings', v1Bookings, async (req) => {
    const user = await accounts.requireUser(currentUser(req).id, req.lang);
    // Bookings arrive with the booking module; until then an account has none.
    return { user, bookings: [] as unknown[] };
  });
}
