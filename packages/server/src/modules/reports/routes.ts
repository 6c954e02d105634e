import { ZReportAnswer, ZReportCsvQuery, ZReportQuery } from '@heliline/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth.ts';
import type { ReportsService } from './service.ts';

const WHO = 'Admin sees every line; PagamentoCash only the cash it took or paid out itself (its closing). Others 403.';
const RANGE = 'from/to: Rome calendar days (YYYY-MM-DD), both included; to defaults to from, must not be before it, at most 366 days in all (else 422, nothing read).';

const report = {
  config: { access: 'reports.view' } as const,
  schema: {
    tags: ['reports'],
    summary: 'Money report (/admin/reports): money in, refunds and net by payment type, route and channel; cash closings per staff user and day',
    description: `${RANGE} One line per money movement: card payments when approved, PayPal change captures, cash and operator-account payments, voucher spends (and spends given back by a failed booking), refunds when sent (or confirmed, for cash, operator account and voucher). Pending and failed refunds created in the range are listed by source beside the totals, not in them. Amounts in integer cents. ${WHO}`,
    querystring: ZReportQuery,
    response: { 200: ZReportAnswer },
  },
};

const csv = {
  config: { access: 'reports.view' } as const,
  schema: {
    tags: ['reports'],
    summary: 'Every line of the money report as CSV (an attachment)',
    description: `${RANGE} lang (it, en): the language of the route names, the caller's when absent. UTF-8 with a BOM, comma-separated, a header row; amount_eur with a dot for decimals and amount_cents as an integer, always positive, direction in/out; date-times in Rome time. Cells that would start a spreadsheet formula are prefixed with a quote. ${WHO}`,
    querystring: ZReportCsvQuery,
  },
};

/** The money reports (issue 51 item 6): /api/admin/reports and its CSV. */
export async function reportsRoutes(fastify: FastifyInstance, opts: { reports: ReportsService }): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { reports } = opts;

  app.get('/api/admin/reports', report, async (req) => reports.report(currentUser(req), req.query));

  app.get('/api/admin/reports.csv', csv, async (req, reply) => {
    const body = await reports.csv(currentUser(req), req.query, req.query.lang ?? req.lang);
    const to = req.query.to ?? req.query.from;
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="heliline-report-${req.query.from}-${to}.csv"`)
      .header('cache-control', 'private, no-store')
      .send(body);
  });
}
