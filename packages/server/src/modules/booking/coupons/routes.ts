import { addDays, romeToday, ZCheckCouponBody, ZCheckCouponResponse } from '@heliline/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SECURITY_USER } from '../../../http/schemas.ts';
import { currentUser } from '../../../plugins/auth.ts';
import type { CouponsService } from './service.ts';

const checkCoupon = {
  config: { access: 'user', answers: [429] } as const,
  schema: {
    tags: ['booking'],
    summary: 'Check a coupon: percentage off the tickets (3 failed attempts per hour, then 429)',
    security: SECURITY_USER,
    body: ZCheckCouponBody,
    response: { 200: ZCheckCouponResponse },
  },
};

const devVoucher = {
  config: { access: 'public' } as const,
  schema: {
    tags: ['dev'],
    summary: 'Development and e2e only: issue a voucher worth amountCents, valid from today for a year',
    body: z.object({ amountCents: z.number().int().min(1).max(10_000_000) }),
    response: { 200: z.object({ code: z.string(), validTo: z.string() }) },
  },
};

/** The wizard's coupon check; outside production, a voucher for the e2e tests. */
export async function couponsRoutes(fastify: FastifyInstance, opts: { coupons: CouponsService }): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post('/api/check-coupon', checkCoupon, async (req) => opts.coupons.check(currentUser(req).id, req.body, req.lang));
  if (!app.config.production) {
    app.post('/api/dev/voucher', devVoucher, async (req) => {
      const validTo = addDays(romeToday(), 364);
      return { code: await opts.coupons.issueVoucher(req.body.amountCents, romeToday(), validTo), validTo };
    });
  }
}
