// The server Playwright tests run against: the real built app — the compiled server that production
// runs (rebuilt here when src/ changed; the web app comes from `npm run build`) — on a fresh SQLite file with
// demo data. Mail is delivered over SMTP to a local sink (smtp-sink.mjs, read by tests/smtp.ts)
// and kept in the developer outbox as well (read through /api/dev/mailbox).
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { ensureBuilt, SERVER_ENTRY, SERVER_NODE_FLAGS } from '../scripts/ensure-built.mjs';
import { startSmtpSink } from './smtp-sink.mjs';

ensureBuilt(['server']);
const root = new URL('..', import.meta.url).pathname;
// One folder per port, so two suites (or a suite and a manual run) never share a database.
const dataDir = join(root, 'e2e/.data', process.env.E2E_PORT ?? '3210');
rmSync(dataDir, { recursive: true, force: true });
const smtp = await startSmtpSink(join(dataDir, 'smtp'));

const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, SERVER_ENTRY], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: process.env.E2E_PORT ?? '3210',
    DATABASE_URL: `sqlite:${join(dataDir, 'heliline.sqlite')}`,
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'true',
    // Every browser test comes from 127.0.0.1: per-IP limits would throttle the suite itself.
    // Per-account limits still apply, and the rate-limit tests run through app.inject().
    RATE_LIMIT_ALLOW_LIST: '127.0.0.1',
    // The demo buyer books in test after test within one hold's 10 minutes.
    HOLD_SEATS_PER_BUYER: '1000',
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => void smtp.close().then(() => process.exit(code ?? 0)));
