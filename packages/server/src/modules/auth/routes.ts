import { ZEmailOnly, ZLogin, ZPasswordReset, ZSignup } from '@heliline/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError, messageBody } from '../../http/errors.ts';
import type { AccountsService } from '../accounts/service.ts';
import type { SessionService } from '../sessions/service.ts';
import { RATE_LIMITS } from '../throttle/limits.ts';
import { SECURITY_BEARER, ZMessageBody } from '../../http/schemas.ts';
import { ZLoginAnswer, ZRegistered, ZV1LoginAnswer, ZVerifyParams, ZVerifyQuery, ZWebLoginAnswer } from './schemas.ts';
import { type AuthService, VERIFY_REDIRECT } from './service.ts';

export interface AuthRoutesOptions {
  auth: AuthService;
  accounts: AccountsService;
  sessions: SessionService;
}

/**
 * Sign-up, login/logout (SPA, web session and bearer API), e-mail verification and
 * password recovery. Handlers only translate HTTP to service calls.
 */
export async function authRoutes(fastify: FastifyInstance, opts: AuthRoutesOptions): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { auth, accounts, sessions } = opts;

  /** A new login replaces the session this browser had (no session fixation). */
  const replaceSession = async (req: FastifyRequest, reply: FastifyReply, userId: number) => {
    if (req.auth?.via === 'session') await sessions.end(req.auth, reply);
    return sessions.startSession(req, reply, userId);
  };

  app.post(
    '/api/auth/register',
    {
      config: { rateLimit: RATE_LIMITS.register },
      schema: {
        tags: ['auth'],
        summary: 'Sign up as user or agency; e-mails a verification link (does not log in)',
        body: ZSignup,
        response: { 201: ZRegistered },
      },
    },
    async (req, reply) => {
      const { agency } = await auth.register(req.body, req.lang);
      return reply.status(201).send(messageBody('registered', req.lang, { agency }));
    },
  );

  app.post(
    '/api/auth/login',
    {
      config: { rateLimit: RATE_LIMITS.login },
      schema: {
        tags: ['auth'],
        summary: 'Log in: starts the session cookie and issues a bearer token (user with token)',
        body: ZLogin,
        response: { 200: ZLoginAnswer },
      },
    },
    async (req, reply) => {
      const userId = await auth.checkCredentials(req.body.email, req.body.password);
      const sessionHash = await replaceSession(req, reply, userId);
      const token = await sessions.issueSessionToken(userId, sessionHash);
      const user = await accounts.requireUser(userId, req.lang);
      return messageBody('loginSuccess', req.lang, { user: { ...user, token } });
    },
  );

  app.post(
    '/api/auth/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'Ends the session, or revokes the bearer token used; 200 even when not logged in',
        response: { 200: ZMessageBody },
      },
    },
    async (req, reply) => {
      if (req.auth) await sessions.end(req.auth, reply);
      return messageBody('logoutSuccess', req.lang);
    },
  );

  app.post(
    '/api/auth/resend-verification-email',
    {
      config: { rateLimit: RATE_LIMITS.resendVerification },
      schema: {
        tags: ['auth'],
        summary: 'Sends a new verification link to an unverified account; same answer for any address',
        body: ZEmailOnly,
        response: { 200: ZMessageBody },
      },
    },
    async (req) => {
      await auth.resendVerification(req.body.email);
      return messageBody('emailSent', req.lang);
    },
  );

  app.get(
    '/email/verify/:id/:hash',
    {
      schema: {
        tags: ['auth'],
        summary: 'Signed, expiring link of the verification e-mail; redirects to the web app',
        params: ZVerifyParams,
        querystring: ZVerifyQuery,
      },
    },
    async (req, reply) => {
      const result = await auth.verifyEmail({ ...req.params, ...req.query });
      return reply.redirect(result === 'verified' ? VERIFY_REDIRECT.ok : VERIFY_REDIRECT.invalid, 302);
    },
  );

  app.post(
    '/password/email',
    {
      config: { rateLimit: RATE_LIMITS.passwordEmail },
      schema: {
        tags: ['auth'],
        summary: 'E-mails a single-use password-reset link (60 minutes)',
        body: ZEmailOnly,
        response: { 200: ZMessageBody },
      },
    },
    async (req) => {
      await auth.requestPasswordReset(req.body.email);
      return messageBody('resetLinkSent', req.lang);
    },
  );

  app.post(
    '/password/reset',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sets a new password with the token of the reset link; ends every session',
        body: ZPasswordReset,
        response: { 200: ZMessageBody },
      },
    },
    async (req) => {
      await auth.resetPassword(req.body);
      return messageBody('passwordResetDone', req.lang);
    },
  );

  // ---- test panel (spec §7) ---------------------------------------------------------------

  app.post(
    '/api/v1/auth/login',
    {
      // API clients hold no cookies, so there is nothing for a forged request to ride on.
      config: { csrf: false, rateLimit: RATE_LIMITS.v1Login },
      schema: {
        tags: ['test-panel'],
        summary: 'Bearer-token login for API clients; wrong credentials answer 401',
        body: ZLogin,
        response: { 200: ZV1LoginAnswer },
      },
    },
    async (req) => {
      let userId: number;
      try {
        userId = await auth.checkCredentials(req.body.email, req.body.password);
      } catch (err) {
        if (err instanceof AppError && err.code === 'validation') throw new AppError('unauthenticated', 'loginFailed');
        throw err;
      }
      const token = await sessions.issueToken(userId, 'api');
      return { success: { token }, user: await accounts.requireUser(userId, req.lang) };
    },
  );

  app.post(
    '/api/v1/auth/logout',
    {
      config: { csrf: false },
      schema: {
        tags: ['test-panel'],
        summary: 'Revokes the bearer token used',
        security: SECURITY_BEARER,
        response: { 200: ZMessageBody },
      },
    },
    async (req, reply) => {
      if (req.auth?.via !== 'token') throw new AppError('unauthenticated', 'unauthenticated');
      await sessions.end(req.auth, reply);
      return messageBody('logoutSuccess', req.lang);
    },
  );

  app.post(
    '/login',
    {
      config: { rateLimit: RATE_LIMITS.login },
      schema: {
        tags: ['test-panel'],
        summary: 'Session-only ("web") login: sets the session cookie, no token',
        body: ZLogin,
        response: { 200: ZWebLoginAnswer },
      },
    },
    async (req, reply) => {
      const userId = await auth.checkCredentials(req.body.email, req.body.password);
      await replaceSession(req, reply, userId);
      return messageBody('loginSuccess', req.lang, { user: await accounts.requireUser(userId, req.lang) });
    },
  );

  app.post(
    '/logout',
    {
      schema: { tags: ['test-panel'], summary: 'Ends the web session', response: { 200: ZMessageBody } },
    },
    async (req, reply) => {
      if (req.auth?.via === 'session') await sessions.end(req.auth, reply);
      return messageBody('logoutSuccess', req.lang);
    },
  );
}
