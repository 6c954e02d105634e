import type { TCheckCouponBodyInput, TCheckCouponResponse } from '@heliline/domain';
import { api } from '../../../api/client.ts';

/** POST /api/check-coupon (spec §7). */
export type CouponAnswer = TCheckCouponResponse;

export function checkCoupon(body: TCheckCouponBodyInput): Promise<CouponAnswer> {
  return api.post<CouponAnswer>('/api/check-coupon', body);
}
