import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, onTestFinished } from 'vitest';
import { buildTestApp, Client } from './helpers.ts';

/** Decision 019: at most one log line per request, every error and change logged, nothing lost on shutdown. */
const logged = (lines: string[]) =>
  lines.map((l) => JSON.parse(l) as { msg: string; reqId?: string; req?: { method: string; url: string }; res?: { statusCode: number } });

describe('the request log', () => {
  it('writes one line for each change and each error, none for a quick successful read', async () => {
    const lines: string[] = [];
    const { app } = await buildTestApp({ logLevel: 'info' }, { logStream: { write: (line) => void lines.push(line) } });
    const client = new Client(app);
    expect((await client.get('/api/document-types')).statusCode).toBe(200);
    expect((await client.get('/api/nope')).statusCode).toBe(404);
    expect((await client.get('/api/auth/user')).statusCode).toBe(401);
    expect((await client.post('/api/auth/login', { email: 'nobody@example.com', password: 'x' })).statusCode).toBe(422);

    const requests = logged(lines).filter((l) => l.msg === 'request completed');
    expect(requests.map((l) => `${l.req!.method} ${l.req!.url} ${l.res!.statusCode}`)).toEqual([
      'GET /api/nope 404',
      'GET /api/auth/user 401',
      'POST /api/auth/login 422',
    ]);
    expect(logged(lines).filter((l) => l.msg === 'incoming request')).toEqual([]);
  });

  it("binds the request's id to every line it writes", async () => {
    const lines: string[] = [];
    const { app } = await buildTestApp({ logLevel: 'info' }, { logStream: { write: (line) => void lines.push(line) } });
    expect((await app.inject('/api/nope')).statusCode).toBe(404);
    expect((await app.inject('/api/nope')).statusCode).toBe(404);
    const ids = logged(lines)
      .filter((l) => l.msg === 'request completed')
      .map((l) => l.reqId);
    expect(ids).toHaveLength(2);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(ids).size).toBe(2);
  });

  it('with LOG_ALL_REQUESTS every request has exactly one line', async () => {
    const lines: string[] = [];
    const { app } = await buildTestApp({ logLevel: 'info', logAllRequests: true }, { logStream: { write: (line) => void lines.push(line) } });
    for (let i = 0; i < 5; i++) expect((await app.inject('/api/document-types')).statusCode).toBe(200);
    expect(logged(lines).filter((l) => l.msg === 'request completed' && l.req?.url === '/api/document-types')).toHaveLength(5);
  });

  it('loses no line when the server is stopped (SIGTERM) right after answering', { timeout: 60_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'heliline-log-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    const server = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: fileURLToPath(new URL('..', import.meta.url)),
      env: {
        ...process.env,
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: '0',
        DATABASE_URL: `sqlite:${join(dir, 'db.sqlite')}`,
        SEED_DEMO: 'false',
        LOG_LEVEL: 'info',
        LOG_ALL_REQUESTS: 'true',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    server.stdout.setEncoding('utf8');
    const listening = new Promise<string>((resolve, reject) => {
      server.stdout.on('data', (chunk: string) => {
        out += chunk;
        const url = out.match(/Server listening at (http:\/\/127\.0\.0\.1:\d+)/)?.[1];
        if (url) resolve(url);
      });
      server.once('exit', (code) => reject(new Error(`server ended (${code}) before listening:\n${out}`)));
    });
    // 'close', not 'exit': the child may have ended before its last lines are read from the pipe.
    const exited = new Promise<number | null>((resolve) => server.once('close', resolve));
    const url = await listening;

    const REQUESTS = 400;
    const answers = await Promise.all(Array.from({ length: REQUESTS }, (_, i) => fetch(`${url}/api/document-types?n=${i}`).then((r) => r.status)));
    expect(answers.every((s) => s === 200)).toBe(true);
    server.kill('SIGTERM');
    expect(await exited).toBe(0);

    const seen = new Set(out.split('\n').flatMap((l) => l.match(/"url":"\/api\/document-types\?n=(\d+)"/)?.[1] ?? []));
    expect(seen.size).toBe(REQUESTS);
  });
});
