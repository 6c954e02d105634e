import { randomBytes } from 'node:crypto';
import {
  amountToCents,
  applyCouponPercent,
  centsToAmount,
  COUPON_MAX_ATTEMPTS,
  type Lang,
  localizedWith,
  normaliseCouponCode,
  type Localized,
  romeToday,
  toWireDate,
  voucherAppliedMessages,
  voucherLeftMessages,
  voucherSpend,
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

/** Coupons: percentage off the tickets; vouchers, a balance that pays bookings; the check-coupon call with its attempt limit. */
export class CouponsService {
  constructor(private readonly db: Db) {}

  /**
   * A voucher of a cancelled flight (issue 13, decision 026): a new code worth `amountCents`,
   * valid from..to (Rome dates), spent by bookings until its balance is gone. Returns the code.
   */
  async issueVoucher(amountCents: number, validFrom: string, validTo: string, db: DbOrTrx = this.db): Promise<string> {
    for (;;) {
      const code = `HV${[...randomBytes(10)].map((b) => VOUCHER_ALPHABET[b % VOUCHER_ALPHABET.length]).join('')}`;
      if (await q.findCoupon(db, code)) continue;
      await q.insertVoucher(db, { code, amount_cents: amountCents, valid_from: validFrom, valid_to: validTo, created_at: new Date().toISOString() });
      return code;
    }
  }

  /** A valid coupon on a Rome date: its percentage, or a voucher's balance (while some is left); null when none. */
  async lookup(code: string, isoDate: string, db: DbOrTrx = this.db): Promise<{ perc: number } | { balanceCents: number; validTo: string } | null> {
    const row = await q.findCoupon(db, normaliseCouponCode(code));
    if (!row || row.active !== 1) return null;
    if ((row.valid_from && isoDate < row.valid_from) || (row.valid_to && isoDate > row.valid_to)) return null;
    if (row.amount_cents === null) return { perc: row.perc };
    // issueVoucher always sets valid_to.
    return (row.balance_cents ?? 0) > 0 ? { balanceCents: row.balance_cents!, validTo: row.valid_to! } : null;
  }

  /**
   * Spends part of a voucher for a booking request inside its transaction (one conditional
   * statement: concurrent bookings never spend more than the balance); false when it no longer covers it.
   */
  spendVoucher(trx: DbOrTrx, code: string, cents: number, requestId: number, at: string): Promise<boolean> {
    return q.spendVoucher(trx, normaliseCouponCode(code), cents, requestId, at);
  }

  /** A failed or expired request gives back what it holds of its voucher (idempotent: the movements say what it holds). */
  async restoreVoucher(trx: DbOrTrx, requestId: number, reason: string, at: string): Promise<void> {
    const v = await q.voucherOfRequest(trx, requestId);
    if (v && v.held > 0) await q.creditVoucher(trx, v.code, v.held, requestId, reason, at);
  }

  /** A request paid after it expired or failed takes its voucher part again; false when the voucher no longer covers it. */
  async respendVoucher(trx: DbOrTrx, requestId: number, at: string): Promise<boolean> {
    const v = await q.voucherOfRequest(trx, requestId);
    const missing = v ? v.spentAtBooking - v.held : 0;
    return missing <= 0 || q.spendVoucher(trx, v!.code, missing, requestId, at);
  }

  /** What is left on a voucher and until when, for its holder's pages; null for an unknown code. */
  async voucherLeft(code: string): Promise<Localized | null> {
    const row = await q.findCoupon(this.db, normaliseCouponCode(code));
    if (!row || row.amount_cents === null || !row.valid_to) return null;
    return voucherLeftMessages(row.balance_cents ?? 0, row.valid_to);
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
    if (found && 'balanceCents' in found) {
      // A voucher pays the whole total (tot) up to its balance; the tickets keep their price.
      const spend = voucherSpend(tot, found.balanceCents);
      return {
        status: 'success' as const,
        perc: 0,
        amount: centsToAmount(found.balanceCents),
        voucher: { applied: centsToAmount(spend.spentCents), left: centsToAmount(spend.leftCents), valid_to: toWireDate(found.validTo) },
        new_tkts_total: centsToAmount(tickets),
        new_grand_total: centsToAmount(spend.dueCents),
        ...withMessage(voucherAppliedMessages(normaliseCouponCode(coupon), spend, found.validTo), lang),
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
