/**
 * Issue 12's targets, in one place: `npm run bench` judges its figures against these and the
 * README's "Benchmarks" table quotes them. Ratios are against the bare Fastify hello-world
 * measured in the same run (the higher of its two runs).
 */

export type DialectName = 'sqlite' | 'postgres';

/** Read paths: req/s as a share of hello-world's, and a p99 bound where the issue sets one. */
export const READ_TARGETS = {
  flights: { minRatio: 0.5, maxP99Ms: 30 },
  nextFlight: { minRatio: 0.5 },
  documentTypes: { minRatio: 0.7 },
  authUser: { minRatio: 0.5 },
} as const satisfies Record<string, { minRatio: number; maxP99Ms?: number }>;

/**
 * The whole POST /api/bookings: the rate is judged on the closed loop (capacity), the p99 on
 * the run at `offeredRate` (the target's own rate, so queueing beyond it does not count).
 */
export const BOOKING_TARGETS: Record<DialectName, { minRate: number; maxP99Ms: number; offeredRate: number }> = {
  sqlite: { minRate: 1000, maxP99Ms: 50, offeredRate: 1000 },
  postgres: { minRate: 500, maxP99Ms: 80, offeredRate: 500 },
};

/** 1,000 buyers at once on one flight with 6 free seats, one seat each. */
export const RACE = { buyers: 1000, seats: 6, maxAnswerMs: 2000 } as const;

/** Lighthouse mobile, every public page in both languages; JS is gzip bytes downloaded by the time the page is idle. */
export const PAGE_TARGETS = { minPerformance: 98, maxLcpMs: 1500, maxTbtMs: 50, maxPublicJsKb: 90, maxBookingJsKb: 200 } as const;
