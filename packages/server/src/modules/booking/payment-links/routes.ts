import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { htmlPage } from '../../../http/schemas.ts';
import { linkPage } from './page.ts';
import { PAYMENT_LINK_PATH, type PaymentLinksService } from './service.ts';

const visit = {
  config: { access: 'public', answers: [302, 404, 410], secretParams: ['token'] } as const,
  schema: {
    tags: ['booking'],
    summary: 'A payment link e-mailed by staff: redirects to the bank’s page while the booking’s hold lasts',
    description:
      'The token is random (only its SHA-256 is stored). While the booking is pending and its hold has not expired: 302 to the sandbox bank’s hosted page. Afterwards (expired, paid, cancelled): 410 with an HTML page in it/en; unknown token: 404 HTML page. ?lang=it|en picks the page language.',
    params: z.object({ token: z.string().max(80) }),
    querystring: z.object({ lang: z.enum(['it', 'en']).optional() }),
    response: { 404: htmlPage('Unknown link: a page in it/en'), 410: htmlPage('The booking is no longer payable: a page in it/en') },
  },
};

/** GET /payment-link/{token} (HTML, no login: the customer opens it from the e-mail). */
export async function paymentLinksRoutes(fastify: FastifyInstance, opts: { paymentLinks: PaymentLinksService }): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(`${PAYMENT_LINK_PATH}/:token`, visit, async (req, reply) => {
    const result = await opts.paymentLinks.visit(req.params.token);
    if (result.kind === 'bank') return reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').redirect(result.url, 302);
    const lang = req.query.lang ?? (result.kind === 'expired' ? result.lang : req.lang);
    const headers = { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' };
    return reply
      .status(result.kind === 'expired' ? 410 : 404)
      .headers(headers)
      .send(linkPage(lang, result.kind));
  });
}
