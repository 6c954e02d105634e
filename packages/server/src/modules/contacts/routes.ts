import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messageBody } from '../../http/errors.ts';
import type { Captcha } from './captcha.ts';
import { ZChallenge, ZContactAnswer, ZContactRequestBody } from './schemas.ts';
import type { ContactsService } from './service.ts';

const MINUTE = 60_000;
/** Per client IP, on top of the proof of work (see modules/throttle/limits.ts for the other limits). */
const CONTACT_RATE_LIMITS = {
  challenge: { max: 30, timeWindow: MINUTE },
  submit: { max: 5, timeWindow: 15 * MINUTE },
} as const;

const challenge = {
  config: { access: 'public', rateLimit: CONTACT_RATE_LIMITS.challenge } as const,
  schema: {
    tags: ['public site'],
    summary: 'A signed ALTCHA proof-of-work challenge (expires in 10 minutes) for the contacts form',
    response: { 200: ZChallenge },
  },
};

const contactRequest = {
  config: { access: 'public', rateLimit: CONTACT_RATE_LIMITS.submit, multiline: ['form.message'] } as const,
  // Answers (errors included) speak the language the form was filled in.
  preValidation: async (req: FastifyRequest) => {
    const lang = (req.body as { lang?: unknown } | undefined)?.lang;
    if (lang === 'it' || lang === 'en') req.lang = lang;
  },
  schema: {
    tags: ['public site'],
    summary: 'Sends a contact request (stored, mailed to the company or flight assistance); the captcha is checked first',
    body: ZContactRequestBody,
    response: { 200: ZContactAnswer },
  },
};

/** Contact requests with a self-hosted ALTCHA captcha. */
export async function contactsRoutes(fastify: FastifyInstance, opts: { contacts: ContactsService; captcha: Captcha }): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { contacts, captcha } = opts;
  app.get('/api/altcha/challenge', challenge, async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    const { parameters, signature } = await captcha.create();
    return { parameters, signature };
  });
  app.post('/api/contact-requests', contactRequest, async (req) => {
    const lang = req.body.lang ?? req.lang;
    await contacts.submit({ lang, form: req.body.form, captcha: req.body.captcha, ip: req.ip ?? null });
    return messageBody('contactSent', lang, { status: 'success' as const });
  });
}
