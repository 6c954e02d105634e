import {
  isManualRefund,
  type MessageKey,
  type TAdminRefund,
  ZAdminRefundsAnswer,
  ZAdminRefundsQuery,
  ZMyRefundsAnswer,
  ZMyRefundsQuery,
  ZRefundActionAnswer,
  ZRefundIdParams,
  ZRefundPayoutBody,
} from '@heliline/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError, messageBody } from '../../http/errors.ts';
import { currentUser } from '../../plugins/auth.ts';
import type { RefundLists } from './staff-queries.ts';

/** What the routes ask of the ledger's actions (actions.ts): each answers whether the row changed (false: it was no longer in that state). */
interface RefundStateActions {
  retry(id: string): Promise<boolean>;
  recordPayout(id: string, staffId: number, how: string): Promise<boolean>;
}

export interface RefundsRoutesOptions {
  lists: RefundLists;
  actions: RefundStateActions;
}

const mine = {
  config: { access: 'user' } as const,
  schema: {
    tags: ['my-tickets'],
    summary: 'My tickets: the refunds of these booking groups and their states',
    description:
      "groups: booking group codes (or booking codes), comma-separated, at most 50. The logged-in user gets the refunds of their own bookings; booking staff (Admin, Prenotazioni, PrenotaFull) everyone's, as on my tickets. Someone else's refunds are left out, never an error. Each refund: amount, state (pending, sent, confirmed, failed), where the money goes (source), dates.",
    querystring: ZMyRefundsQuery,
    response: { 200: ZMyRefundsAnswer },
  },
};

const list = {
  config: { access: 'refunds.view' } as const,
  schema: {
    tags: ['refunds'],
    summary: 'The refund ledger (/admin/refunds): Admin, Prenotazioni, PrenotaFull (read-only), PagamentoCash',
    description:
      'Filters: state, source (nexi, sandbox, paypal, cash, account, voucher), from/to (YYYY-MM-DD, Rome calendar days of the refund’s creation, both included), code (a booking code or its start). 25 a page, newest first. Failed refunds carry the gateway’s code and reason. Others 403.',
    querystring: ZAdminRefundsQuery,
    response: { 200: ZAdminRefundsAnswer },
  },
};

const retry = {
  config: { access: 'refunds.retry', answers: [404, 409] } as const,
  schema: {
    tags: ['refunds'],
    summary: 'Puts a failed refund back in the queue (failed → pending, due now): Admin',
    description: 'The worker sends it again with the same idempotency key. Unknown id 404; a refund that is not failed 409; others 403.',
    params: ZRefundIdParams,
    response: { 200: ZRefundActionAnswer },
  },
};

const payout = {
  config: { access: 'refunds.payout', answers: [404, 409] } as const,
  schema: {
    tags: ['refunds'],
    summary: 'Records how a cash or operator-account refund was paid out (pending → confirmed): Admin, PagamentoCash',
    description:
      'how: what was done, e.g. "contanti allo sportello" (required, at most 200 characters). The caller is recorded as who paid out. Unknown id 404; a refund of another source, or not pending, 409; others 403.',
    params: ZRefundIdParams,
    body: ZRefundPayoutBody,
    response: { 200: ZRefundActionAnswer },
  },
};

/** The refund as it is now: 404 when no refund has this id, 409 (with `conflict`) when `allowed` says no. */
async function refundFor(lists: RefundLists, id: string, allowed: (r: TAdminRefund) => boolean, conflict: MessageKey): Promise<TAdminRefund> {
  const refund = await lists.one(id);
  if (!refund) throw new AppError('notFound', 'notFound');
  if (!allowed(refund)) throw new AppError('conflict', conflict);
  return refund;
}

const failed = (r: TAdminRefund) => r.state === 'failed';
const manualPending = (r: TAdminRefund) => r.state === 'pending' && isManualRefund(r.source);

/** Refunds people can see (issue 51 item 4): the customer's on my tickets, the staff ledger with retry and payout. */
export async function refundsRoutes(fastify: FastifyInstance, opts: RefundsRoutesOptions): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { lists, actions } = opts;

  app.get('/api/my-tickets/refunds', mine, async (req) => ({ refunds: await lists.mine(currentUser(req), req.query.groups) }));

  app.get('/api/admin/refunds', list, async (req) => lists.list(req.query));

  app.post('/api/admin/refunds/:id/retry', retry, async (req) => {
    const { id } = req.params;
    await refundFor(lists, id, failed, 'refundNotFailed');
    if (!(await actions.retry(id))) throw new AppError('conflict', 'refundNotFailed');
    return messageBody('refundRetried', req.lang, { refund: (await lists.one(id))! });
  });

  app.post('/api/admin/refunds/:id/payout', payout, async (req) => {
    const { id } = req.params;
    await refundFor(lists, id, manualPending, 'refundNotManual');
    if (!(await actions.recordPayout(id, currentUser(req).id, req.body.how))) throw new AppError('conflict', 'refundNotManual');
    return messageBody('refundPaidOut', req.lang, { refund: (await lists.one(id))! });
  });
}
