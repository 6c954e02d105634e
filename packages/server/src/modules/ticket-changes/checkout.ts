import {
  centsToWire,
  type Lang,
  type MessageKey,
  PAYPAL_RETURN_PARAM,
  PAYPAL_RETURN_PATH,
  type TPaypalCaptureAnswer,
  type TPaypalCreateOrderAnswer,
} from '@heliline/domain';
import { AppError, messageBody } from '../../http/errors.ts';
import { approveLinkOf, completedCapture, PaypalApiError, type PaypalClient, type PaypalErrorDetail, type PaypalOrder } from '../payments/paypal/client.ts';
import type { Reader } from './plan.ts';
import * as q from './queries.ts';
import type { TicketChangesService } from './service.ts';

/**
 * Paying a change with PayPal Orders v2 (docs/decisions/012): the order is created by the
 * server for the recorded amount (never the browser's), the buyer approves it on PayPal's
 * page, and our capture applies the change. The capture is guarded by pending → paying, so
 * the sweeper cannot release the seats while money is being taken, and a replayed capture
 * finds the change applied and issues nothing.
 */
class PaypalRefused extends AppError {
  constructor(
    code: 'validation' | 'badGateway' | 'conflict',
    messageKey: MessageKey,
    readonly issue: string,
    readonly details: PaypalErrorDetail[],
  ) {
    super(code, messageKey);
  }

  override body(lang: Lang) {
    return { ...messageBody(this.messageKey, lang), status: this.issue, details: this.details.length ? this.details : [{ issue: this.issue }] };
  }
}

/** A capture still 'paying' after this long was cut short (its process died): the sweeper settles it. */
export const INTERRUPTED_CAPTURE_MS = 2 * 60_000;

export class PaypalCheckout {
  constructor(
    private readonly changes: TicketChangesService,
    private readonly client: PaypalClient,
    private readonly appUrl: string,
  ) {}

  /** POST /api/paypal/api/orders: an order for a change waiting for payment (owner only). */
  async createOrder(reader: Reader, uuid: string, lang: Lang): Promise<TPaypalCreateOrderAnswer> {
    const row = await this.changes.ownChange(reader, uuid);
    if (!this.changes.deps.paypalEnabled) throw new AppError('conflict', 'changePaymentUnavailable');
    const now = this.changes.now().toISOString();
    if (row.status !== 'pending' || row.hold_expires_at <= now) throw new AppError('conflict', row.status === 'ticketed' ? 'paypalAlreadyCaptured' : 'changeNotPayable');
    const attempt = (await q.countPaypalOrders(this.changes.deps.db, row.id)) + 1;
    const back = (outcome: string) => `${this.appUrl}${PAYPAL_RETURN_PATH}?${PAYPAL_RETURN_PARAM}=${outcome}&bookingRequestUuid=${uuid}`;
    const order = await this.client
      .createOrder({
        requestId: `change-${uuid}-${attempt}`,
        referenceId: row.code,
        description: `Heliline ${row.code} – ticket change`,
        amountCents: row.amount_cents,
        returnUrl: back('approved'),
        cancelUrl: back('cancelled'),
        locale: lang === 'en' ? 'en-GB' : 'it-IT',
      })
      .catch((err: unknown) => {
        throw new PaypalRefused('badGateway', 'paypalCouldNotStart', issueOf(err), detailsOf(err)).logged('error', 'paypal create order failed', { err, code: row.code });
      });
    const approveLink = approveLinkOf(order);
    if (!approveLink) throw new PaypalRefused('badGateway', 'paypalCouldNotStart', 'NO_APPROVE_LINK', []);
    await q.insertPaypalOrder(this.changes.deps.db, {
      id: order.id,
      booking_request_id: row.id,
      request_key: `change-${uuid}-${attempt}`,
      amount_cents: row.amount_cents,
      status: 'CREATED',
      capture_id: null,
      error_code: null,
      created_at: now,
      updated_at: now,
    });
    await q.setPaymentId(this.changes.deps.db, row.id, `paypal:${order.id}`, now);
    return { id: order.id, status: order.status, approveLink, links: order.links };
  }

  /** POST /api/paypal/api/orders/{orderID}/capture: idempotent; the change is applied once. */
  async capture(reader: Reader, orderId: string): Promise<TPaypalCaptureAnswer> {
    const order = await q.findPaypalOrder(this.changes.deps.db, orderId);
    const row = order ? await q.findById(this.changes.deps.db, order.booking_request_id) : undefined;
    if (!order || !row || (row.user_id !== reader.id && row.created_by !== reader.id)) throw new AppError('notFound', 'notFound');
    if (order.status === 'COMPLETED') return this.captured(row, order.id, { id: order.capture_id ?? '', value: centsToWire(order.amount_cents) });
    const at = this.changes.now().toISOString();
    // Only one capture at a time, and only while the seats are still held.
    if (!(await q.transition(this.changes.deps.db, row.id, 'pending', 'paying', at, { holdAfter: at }))) {
      throw new AppError('conflict', row.status === 'paying' ? 'changePendingExists' : row.status === 'ticketed' ? 'paypalAlreadyCaptured' : 'changeExpired');
    }
    let paid: PaypalOrder;
    try {
      paid = await this.takeMoney(orderId);
    } catch (err) {
      await this.backToPending(row.id, orderId, err);
      throw this.refusal(err);
    }
    const capture = completedCapture(paid)!;
    await this.applyCaptured(row.id, orderId, capture.id);
    return this.captured(row, orderId, { id: capture.id, value: capture.amount.value });
  }

  /**
   * Sweeper: changes left 'paying' by a process that died mid-capture. Asks PayPal about the
   * order: captured → the change is applied; not captured → back to pending, so the buyer may
   * capture again while the hold lasts and its end releases the seats. Returns how many it settled.
   */
  async settleInterrupted(now = this.changes.now()): Promise<number> {
    const before = new Date(now.getTime() - INTERRUPTED_CAPTURE_MS).toISOString();
    let settled = 0;
    for (const row of await q.payingSince(this.changes.deps.db, before)) {
      const orderId = row.payment_id?.startsWith('paypal:') ? row.payment_id.slice('paypal:'.length) : null;
      if (!orderId) continue;
      try {
        const capture = completedCapture(await this.client.getOrder(orderId));
        if (capture) await this.applyCaptured(row.id, orderId, capture.id);
        else await this.backToPending(row.id, orderId, new PaypalApiError(422, 'CAPTURE_INTERRUPTED', [], null));
        settled++;
      } catch (err) {
        this.changes.deps.log.error({ err, code: row.code, orderId }, 'interrupted paypal capture not settled; next sweep tries again');
      }
    }
    return settled;
  }

  /** Money taken at PayPal: record the capture, then apply the change (once; a replay finds it applied). */
  private async applyCaptured(requestId: number, orderId: string, captureId: string): Promise<void> {
    await q.updatePaypalOrder(this.changes.deps.db, orderId, { status: 'COMPLETED', capture_id: captureId, error_code: null }, this.changes.now().toISOString());
    await this.changes.applyPaid(requestId, `paypal:${orderId}`).catch(async (err: unknown) => {
      // Money taken, change not applied: never silent. The request is failed and the capture goes back through the refund ledger.
      const order = (await q.findPaypalOrder(this.changes.deps.db, orderId))!;
      await this.changes.failUnapplied(requestId, 'paying', `captured ${captureId} but not applied; refund due`, {
        payment: { source: 'paypal', sourceRef: orderId },
        amountCents: order.amount_cents,
      });
      throw err instanceof AppError ? err.logged('error', 'paypal captured but change not applied', { orderId, captureId }) : err;
    });
  }

  /** Captures at PayPal; an order captured before (our answer lost) is read back instead. */
  private async takeMoney(orderId: string): Promise<PaypalOrder> {
    try {
      const order = await this.client.captureOrder(orderId, `capture-${orderId}`);
      if (completedCapture(order)) return order;
      throw new PaypalApiError(422, order.status || 'CAPTURE_NOT_COMPLETED', [], null);
    } catch (err) {
      if (err instanceof PaypalApiError && err.issue === 'ORDER_ALREADY_CAPTURED') {
        const order = await this.client.getOrder(orderId);
        if (completedCapture(order)) return order;
      }
      throw err;
    }
  }

  private async backToPending(requestId: number, orderId: string, err: unknown): Promise<void> {
    const at = this.changes.now().toISOString();
    await q.transition(this.changes.deps.db, requestId, 'paying', 'pending', at);
    await q.updatePaypalOrder(this.changes.deps.db, orderId, { error_code: issueOf(err).slice(0, 64) }, at);
    await q.insertEvent(this.changes.deps.db, { requestId, from: 'paying', to: 'pending', actor: `paypal:${orderId}`, reason: `capture failed: ${issueOf(err)}`, at });
  }

  private refusal(err: unknown): AppError {
    const issue = issueOf(err);
    if (issue === 'INSTRUMENT_DECLINED') return new PaypalRefused('validation', 'paypalInstrumentDeclined', issue, detailsOf(err));
    if (err instanceof PaypalApiError && err.httpStatus < 500) return new PaypalRefused('validation', 'paypalNotProcessed', issue, detailsOf(err));
    return new PaypalRefused('badGateway', 'paypalNotProcessed', issue, detailsOf(err)).logged('error', 'paypal capture failed', { err });
  }

  private captured(row: q.ChangeRequestRow, orderId: string, capture: { id: string; value: string }): TPaypalCaptureAnswer {
    return {
      id: orderId,
      status: 'COMPLETED',
      purchase_units: [
        { reference_id: row.code, payments: { captures: [{ id: capture.id, status: 'COMPLETED', amount: { currency_code: 'EUR', value: capture.value } }] } },
      ],
      bookingCode: row.code,
      bookingRequestUuid: row.uuid,
    };
  }
}

const issueOf = (err: unknown) => (err instanceof PaypalApiError ? err.issue : 'PAYPAL_UNREACHABLE');
const detailsOf = (err: unknown) => (err instanceof PaypalApiError ? err.details : []);
