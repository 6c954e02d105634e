import { ZEmailOnly, ZLogin, ZPasswordReset, ZSignup } from '@heliline/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messageBody } from '../../http/errors.ts';
import { ZMessageBody } from '../../http/schemas.ts';
import type { AccountsService } from '../accounts/service.ts';
import type { SessionService } from '../sessions/service.ts';
import { clientAddress } from '../throttle/client-address.ts';
import { RATE_LIMITS } from '../throttle/limits.ts';
import { ZLoginAnswer, ZRegistered, ZV1LoginAnswer, ZVerifyParams, ZVerifyQuery, ZWebLoginAnswer } from './schemas.ts';
import { type AuthService, VERIFY_REDIRECT } from './service.ts';

export interface AuthRoutesOptions {
  auth: AuthService;
  accounts: AccountsService;
  sessions: SessionService;
}

const register = {
  config: { access: 'public', rateLimit: RATE_LIMITS.register } as const,
  schema: { tags: ['auth'], summary: 'Sign up as user or agency; e-mails a verification link (does not log in)', body: ZSignup, response: { 201: ZRegistered } },
};

const login = {
  config: { access: 'public', readsCaller: true, rateLimit: RATE_LIMITS.login } as const,
  schema: { tags: ['auth'], summary: 'Log in: starts the session cookie and issues a bearer token (user with token)', body: ZLogin, response: { 200: ZLoginAnswer } },
};

const logout = {
  config: { access: 'public', readsCaller: true } as const,
  schema: { tags: ['auth'], summary: 'Ends the session, or revokes the bearer token used; 200 even when not logged in', response: { 200: ZMessageBody } },
};

const resendVerification = {
  config: { access: 'public', rateLimit: RATE_LIMITS.resendVerification } as const,
  schema: {
    tags: ['auth'],
    summary: 'Sends a new verification link to an unverified account; same answer for any address',
    body: ZEmailOnly,
    response: { 200: ZMessageBody },
  },
};

const verifyEmail = {
  config: { access: 'public', answers: [302], secretParams: ['hash'] } as const,
  schema: { tags: ['auth'], summary: 'Signed, expiring link of the verification e-mail; redirects to the web app', params: ZVerifyParams, querystring: ZVerifyQuery },
};

const passwordEmail = {
  config: { access: 'public', rateLimit: RATE_LIMITS.passwordEmail } as const,
  schema: { tags: ['auth'], summary: 'E-mails a single-use password-reset link (60 minutes)', body: ZEmailOnly, response: { 200: ZMessageBody } },
};

const passwordReset = {
  config: { access: 'public' } as const,
  schema: { tags: ['auth'], summary: 'Sets a new password with the token of the reset link; ends every session', body: ZPasswordReset, response: { 200: ZMessageBody } },
};

const v1Login = {
  // API clients hold no cookies, so there is nothing for a forged request to ride on.
  config: { access: 'public', csrf: false, rateLimit: RATE_LIMITS.login, answers: [401] } as const,
  schema: { tags: ['test-panel'], summary: 'Bearer-token login for API clients; wrong credentials answer 401', body: ZLogin, response: { 200: ZV1LoginAnswer } },
};

const v1Logout = {
  config: { access: 'bearer', csrf: false } as const,
  schema: { tags: ['test-panel'], summary: 'Revokes the bearer token used', response: { 200: ZMessageBody } },
};

const webLogin = {
  config: { access: 'public', readsCaller: true, rateLimit: RATE_LIMITS.login } as const,
  schema: { tags: ['test-panel'], summary: 'Session-only ("web") login: sets the session cookie, no token', body: ZLogin, response: { 200: ZWebLoginAnswer } },
};

const webLogout = {
  config: { access: 'public', readsCaller: true } as const,
  schema: { tags: ['test-panel'], summary: 'Ends the web session', response: { 200: ZMessageBody } },
};

/** A new login replaces the session this browser had (no session fixation). */
async function replaceSession(sessions: SessionService, req: FastifyRequest, reply: FastifyReply, userId: number) {
  if (req.auth?.via === 'session') await sessions.end(req.auth, reply);
  return sessions.startSession(req, reply, userId);
}

/** The SPA's sign-up, login and logout. */
function registerSpaRoutes(fastify: FastifyInstance, { auth, accounts, sessions }: AuthRoutesOptions): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post('/api/auth/register', register, async (req, reply) => {
    const { agency } = await auth.register(req.body, req.lang);
    return reply.status(201).send(messageBody('registered', req.lang, { agency }));
  });
  app.post('/api/auth/login', login, async (req, reply) => {
    const userId = await auth.checkCredentials(req.body.email, req.body.password, clientAddress(req.ip));
    const token = await sessions.issueSessionToken(userId, await replaceSession(sessions, req, reply, userId));
    const user = await accounts.requireUser(userId, req.lang);
    return messageBody('loginSuccess', req.lang, { user: { ...user, token } });
  });
  app.post('/api/auth/logout', logout, async (req, reply) => {
    if (req.auth) await sessions.end(req.auth, reply);
    return messageBody('logoutSuccess', req.lang);
  });
}

/** E-mail verification and password recovery. */
function registerRecoveryRoutes(fastify: FastifyInstance, { auth }: AuthRoutesOptions): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post('/api/auth/resend-verification-email', resendVerification, async (req) => {
    await auth.resendVerification(req.body.email);
    return messageBody('emailSent', req.lang);
  });
  app.get('/email/verify/:id/:hash', verifyEmail, async (req, reply) => {
    const result = await auth.verifyEmail({ ...req.params, ...req.query });
    return reply.redirect(result === 'verified' ? VERIFY_REDIRECT.ok : VERIFY_REDIRECT.invalid, 302);
  });
  app.post('/password/email', passwordEmail, async (req) => {
    await auth.requestPasswordReset(req.body.email);
    return messageBody('resetLinkSent', req.lang);
  });
  app.post('/password/reset', passwordReset, async (req) => {
    await auth.resetPassword(req.body);
    return messageBody('passwordResetDone', req.lang);
  });
}

/** The test panel (spec §7): bearer-token API login/logout and the session-only web login/logout. */
function registerTestPanelRoutes(fastify: FastifyInstance, { auth, accounts, sessions }: AuthRoutesOptions): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post('/api/v1/auth/login', v1Login, async (req) => {
    const userId = await auth.checkApiCredentials(req.body.email, req.body.password, clientAddress(req.ip));
    const token = await sessions.issueToken(userId, 'api');
    return { success: { token }, user: await accounts.requireUser(userId, req.lang) };
  });
  app.post('/api/v1/auth/logout', v1Logout, async (req, reply) => {
    await sessions.end(req.auth!, reply);
    return messageBody('logoutSuccess', req.lang);
  });
  app.post('/login', webLogin, async (req, reply) => {
    const userId = await auth.checkCredentials(req.body.email, req.body.password, clientAddress(req.ip));
    await replaceSession(sessions, req, reply, userId);
    return messageBody('loginSuccess', req.lang, { user: await accounts.requireUser(userId, req.lang) });
  });
  app.post('/logout', webLogout, async (req, reply) => {
    if (req.auth?.via === 'session') await sessions.end(req.auth, reply);
    return messageBody('logoutSuccess', req.lang);
  });
}

/**
 * Sign-up, login/logout (SPA, web session and bearer API), e-mail verification and
 * password recovery. Handlers only translate HTTP to service calls.
 */
export async function authRoutes(fastify: FastifyInstance, opts: AuthRoutesOptions): Promise<void> {
  registerSpaRoutes(fastify, opts);
  registerRecoveryRoutes(fastify, opts);
  registerTestPanelRoutes(fastify, opts);
}
