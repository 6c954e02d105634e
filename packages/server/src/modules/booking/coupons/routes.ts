import { ZCheckCouponBody, ZCheckCouponResponse } from '@heliline/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
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

/** The wizard's coupon check. */
export async function couponsRoutes(fastify: FastifyInstance, opts: { coupons: CouponsService }): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post('/api/check-coupon', checkCoupon, async (req) => opts.coupons.check(currentUser(req).id, req.body, req.lang));
}
