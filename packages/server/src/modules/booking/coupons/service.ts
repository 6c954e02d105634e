import { randomBytes } from 'node:crypto';
import {
  amountToCents,
  applyCouponPercent,
  centsToAmount,
  COUPON_MAX_ATTEMPTS,
  type Lang,
  localizedWith,
  normaliseCouponCode,
  romeToday,
  voucherAppliedMessages,
  voucherOff,
  type ZCheckCouponBody,
  type ZCheckCouponResponse,
} from '@heliline/domain';
import type { z } from 'zod';
import type { Db, DbOrTrx } from '../../../db/database.ts';
import { AppError } from '../../../http/errors.ts';
import * as q from './queries.ts';

/** Voucher codes: no 0/O, 1/I (read aloud on the phone). */
const VOUCHER_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** Failed attempts count within this window (spec §9: 3 attempts). */
const COUPON_WINDOW_MS = 60 * 60 * 1000;

type CheckBody = z.infer<typeof ZCheckCouponBody>;
type CheckAnswer = z.infer<typeof ZCheckCouponResponse>;

const withMessage = (m: ReturnType<typeof localizedWith>, lang: Lang) => ({ message: m[lang], messages: m, message_it: m.it, message_en: m.en });

/** Coupons: percentage off the tickets, and the check-coupon call with its attempt limit. */
export class CouponsService {
  constructor(private readonly db: Db) {}

  /**
   * A voucher of a cancelled flight (issue 13, decision 026): a new single-use code worth
   * `amountCents`, valid from..to (Rome dates). Returns the code.
   */
  async issueVoucher(amountCents: number, validFrom: string, validTo: string, db: DbOrTrx = this.db): Promise<string> {
    for (;;) {
      const code = `HV${[...randomBytes(10)].map((b) => VOUCHER_ALPHABET[b % VOUCHER_ALPHABET.length]).join('')}`;
      if (await q.findCoupon(db, code)) continue;
      await q.insertVoucher(db, { code, amount_cents: amountCents, valid_from: validFrom, valid_to: validTo, created_at: new Date().toISOString() });
      return code;
    }
  }

  /** A valid coupon on a Rome date: its percentage, or a voucher's amount (unused, or its booking failed); null when none. */
  async lookup(code: string, isoDate: string, db: DbOrTrx = this.db): Promise<{ perc: number } | { amountCents: number } | null> {
    const row = await q.findCoupon(db, normaliseCouponCode(code));
    if (!row || row.active !== 1) return null;
    if ((row.valid_from && isoDate < row.valid_from) || (row.valid_to && isoDate > row.valid_to)) return null;
    if (row.amount_cents === null) return { perc: row.perc };
    if (row.used_by && !(await q.usedByFailedRequest(db, row.used_by))) return null;
    return { amountCents: row.amount_cents };
  }

  /**
   * Takes a voucher for a booking request inside its transaction (one statement: of two bookings
   * only one gets it). A voucher held by a request that failed or expired is free again.
   */
  useVoucher(trx: DbOrTrx, code: string, requestCode: string): Promise<boolean> {
    return q.takeVoucher(trx, normaliseCouponCode(code), requestCode);
  }

  /** The percentage of a valid, active coupon on a Rome date, or null. */
  async percent(code: string, isoDate: string, db: DbOrTrx = this.db): Promise<number | null> {
    const row = await q.findCoupon(db, normaliseCouponCode(code));
    if (!row || row.active !== 1 || row.amount_cents !== null) return null;
    if ((row.valid_from && isoDate < row.valid_from) || (row.valid_to && isoDate > row.valid_to)) return null;
    return row.perc;
  }

  /** POST /api/check-coupon: the new totals, or an error answer that counts as a failed attempt. */
  async check(userId: number, body: CheckBody, lang: Lang, now = new Date()): Promise<CheckAnswer> {
    const { coupon, att } = body;
    const tickets = amountToCents(body.tickets) ?? -1;
    const tot = amountToCents(body.tot) ?? -1;
    if (tickets < 0 || tot < tickets) throw new AppError('validation', 'invalidInput', { tot: ['invalidValue'] });
    const failures = await q.countCouponFailures(this.db, userId, new Date(now.getTime() - COUPON_WINDOW_MS).toISOString());
    if (failures >= COUPON_MAX_ATTEMPTS || att >= COUPON_MAX_ATTEMPTS) throw new AppError('tooManyRequests', 'couponAttemptsExhausted');
    const found = await this.lookup(coupon, romeToday(now));
    if (found && 'amountCents' in found) {
      const off = voucherOff(tickets, found.amountCents);
      const amount = centsToAmount(found.amountCents);
      return {
        status: 'success' as const,
        perc: 0,
        amount,
        new_tkts_total: centsToAmount(tickets - off),
        new_grand_total: centsToAmount(tot - off),
        ...withMessage(voucherAppliedMessages(tickets, found.amountCents), lang),
        att,
      };
    }
    const perc = found ? found.perc : null;
    if (perc === null) {
      await q.insertCouponFailure(this.db, userId, now.toISOString());
      const failed = { status: 'error' as const, perc: 0, new_tkts_total: null, new_grand_total: null };
      return { ...failed, ...withMessage(localizedWith('couponInvalid'), lang), att: Math.max(att, failures) + 1 };
    }
    const applied = applyCouponPercent({ tickets, tot }, perc);
    return {
      status: 'success' as const,
      perc,
      new_tkts_total: centsToAmount(applied.new_tkts_total),
      new_grand_total: centsToAmount(applied.new_grand_total),
      ...withMessage(localizedWith('couponApplied', { perc }), lang),
      att,
    };
  }
}
