import { ZAccountUpdate, ZDocumentType, ZUser } from '@heliline/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, messageBody } from '../../http/errors.ts';
import { SECURITY_BEARER, SECURITY_USER } from '../../http/schemas.ts';
import { currentUser } from '../../plugins/auth.ts';
import type { Auth } from '../sessions/service.ts';
import { ZUserAnswer, ZUserUpdated, ZV1Details } from './schemas.ts';
import type { AccountsService } from './service.ts';

const loggedIn = async (req: FastifyRequest) => void currentUser(req);

const getUser = {
  preHandler: loggedIn,
  schema: { tags: ['accounts'], summary: 'The logged-in user: flags, roles and passenger profile', security: SECURITY_USER, response: { 200: ZUserAnswer } },
};

const updateUser = {
  preHandler: loggedIn,
  schema: {
    tags: ['accounts'],
    summary: 'Account screen update: address, telephone, document (users), password (needs the current one)',
    security: SECURITY_USER,
    body: ZAccountUpdate,
    response: { 200: ZUserUpdated },
  },
};

const documentTypes = {
  schema: {
    tags: ['accounts'],
    summary: 'Identity document types, text in the request language',
    response: { 200: z.object({ document_types: z.array(ZDocumentType) }) },
  },
};

const v1Details = {
  config: { csrf: false },
  schema: { tags: ['test-panel'], summary: 'The token owner', security: SECURITY_BEARER, response: { 200: ZV1Details } },
};

const v1Bookings = {
  config: { csrf: false },
  schema: {
    tags: ['test-panel'],
    summary: 'The token owner and their bookings',
    security: SECURITY_BEARER,
    response: { 200: z.object({ user: ZUser, bookings: z.array(z.unknown()) }) },
  },
};

/** The bearer API of the test panel: only a token authenticates, never a cookie. */
function requireToken(req: FastifyRequest): Auth {
  if (req.auth?.via !== 'token') throw new AppError('unauthenticated', 'unauthenticated');
  return req.auth;
}

/** The logged-in user's account (SPA and bearer API) and the document-type list. */
export async function accountsRoutes(fastify: FastifyInstance, opts: { accounts: AccountsService }): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { accounts } = opts;
  app.get('/api/auth/user', getUser, async (req) => ({ user: await accounts.requireUser(currentUser(req).id, req.lang) }));
  app.put('/api/auth/user', updateUser, async (req) => messageBody('dataUpdated', req.lang, { user: await accounts.updateAccount(req.auth!, req.body, req.lang) }));
  app.get('/api/document-types', documentTypes, async (req) => ({ document_types: await accounts.listDocumentTypes(req.lang) }));
  // ---- test panel (spec §7), bearer token
  app.post('/api/v1/user/details', v1Details, async (req) => ({ success: await accounts.requireUser(requireToken(req).user.id, req.lang) }));
  app.post('/api/v1/user/bookings', v1Bookings, async (req) => {
    const user = await accounts.requireUser(requireToken(req).user.id, req.lang);
    // Bookings arrive with the booking module; until then an account has none.
    return { user, bookings: [] as unknown[] };
  });
}
