import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { flushLog } from './http/logging.ts';
import { seed } from './seed/index.ts';
import { createDemoDeskFlight, hasDemoDeskFlight } from './modules/checkin/demo.ts';

/** Start: read config, migrate, seed an empty database, listen. */
async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  // Once built, the app's logger reports a storage failure.
  const running: { app?: FastifyInstance } = {};
  const database = await openDatabase(config.databaseUrl, { onStorageFailure: (err) => stop(err, running.app) });
  await migrateToLatest(database.db);
  await seed(database, { demo: config.seedDemo });
  // Demo data of the check-in desk: a flight taking off 25 minutes after the start, once a day (docs/guide.md).
  if (config.seedDemo && !(await hasDemoDeskFlight(database.db, new Date()))) await createDemoDeskFlight(database.db, new Date(), 25);

  const app = (running.app = await buildApp(config, { database, serveWeb: true }));
  app.addHook('onClose', () => database.close());
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      // The log is written asynchronously (decision 019). The process is not ended by hand: an
      // answer's line, written when its last bytes have gone, may come after close() resolves,
      // so the process ends by itself once every write is done (5 s at most).
      void app
        .close()
        .then(() => flushLog(app.log))
        .then(() => {
          process.exitCode = 0;
          setTimeout(() => process.exit(0), 5000).unref();
        });
    });
  }
  await app.listen({ host: config.host, port: config.port });
  // Expired 10-minute seat holds go back on sale; stopped by app.close() (modules/index.ts).
  app.services.sweeper.start(config.holdSweepIntervalMs);
  // Refunds the ledger writes are sent as soon as their transaction commits (and after every sweep).
  app.services.refundWorker.listen();
  // Queued mail (a commit wakes the sender at once) and failed attempts, retried with backoff, go out from whichever instance claims them first.
  app.mailer.sender.start(config.mailQueuePollMs);
  app.log.info(`Heliline on ${config.appUrl} (${database.dialect})`);
}

/**
 * The disk failed a SQLite write: what it holds may differ from what was committed, so the
 * process stops at once (as PostgreSQL does when it cannot write its log) rather than answer
 * from it. A restart recovers from the WAL, or fails loudly when the disk is still broken.
 */
function stop(err: Error, app: FastifyInstance | undefined): void {
  const message = 'the database could not write to disk: stopping';
  if (!app) {
    console.error(message, err);
    process.exit(1);
  }
  app.log.fatal({ err }, message);
  void flushLog(app.log).finally(() => process.exit(1));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
