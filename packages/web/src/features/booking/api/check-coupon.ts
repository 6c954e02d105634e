import { api } from '../../../api/client.ts';

/** POST /api/check-coupon (spec §7). */
export interface CouponAnswer {
  status: 'success' | 'error' | string;
  perc?: number;
  new_tkts_total?: number;
  new_grand_total?: number;
  message_it?: string;
  message_en?: string;
  att?: number;
}

export function checkCoupon(body: { coupon: string; tickets: string; tot: string; att: number }): Promise<CouponAnswer> {
  return api.post<CouponAnswer>('/api/check-coupon', body);
}
