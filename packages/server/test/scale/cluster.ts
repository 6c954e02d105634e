import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { SERVER_NODE_FLAGS } from '../../../../scripts/ensure-built.mjs';

/**
 * The production shape on one machine (decision 014): nginx with deploy/nginx/heliline.conf
 * in front of two compiled app instances (packages/server/dist/main.js, as `npm start` runs
 * it) on one PostgreSQL database of their own. Ports 3450-3453 on 127.0.0.1.
 */
const ROOT = new URL('../../../../', import.meta.url).pathname;
export const SERVER_ENTRY = join(ROOT, 'packages/server/dist/main.js');
export const PROXY_PORT = 3450;
export const INSTANCE_PORTS = [3451, 3452] as const;
export const SMTP_PORT = 3453;
/** The response header the test's nginx adds (only here, never in deploy/): which instance answered. */
export const UPSTREAM_HEADER = 'x-heliline-upstream';

export const proxyUrl = `http://127.0.0.1:${PROXY_PORT}`;
export const instanceOf = (upstream: string | null | undefined): string => upstream ?? '';

/** A database of the test's own on the PostgreSQL server of `baseUrl`; dropped by the returned function. */
export async function createDatabase(baseUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `heliline_scale_${randomBytes(4).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

/** Starts one compiled instance and resolves once it answers. */
export async function startInstance(port: number, env: Record<string, string>): Promise<ChildProcess> {
  if (!existsSync(SERVER_ENTRY)) throw new Error(`${SERVER_ENTRY} is missing: run npm run build -w @heliline/server`);
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, SERVER_ENTRY], {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, ...env, HOST: '127.0.0.1', PORT: String(port) },
  });
  await waitUntilAnswering(`http://127.0.0.1:${port}/sanctum/csrf-cookie`, child);
  return child;
}

/**
 * nginx on 127.0.0.1 with the production server block: deploy/nginx/heliline.conf, its
 * upstream pointed at the instances, its port at PROXY_PORT, plus one test-only header naming
 * the instance that answered. Everything else (headers, upgrade, limits) is the file as it is.
 */
export async function startNginx(): Promise<{ process: ChildProcess; dir: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'heliline-nginx-'));
  for (const sub of ['logs', 'temp']) mkdirSync(join(dir, sub));
  // Worker processes may run as another user when the test runs as root.
  chmodSync(dir, 0o755);
  chmodSync(join(dir, 'temp'), 0o777);
  writeFileSync(join(dir, 'heliline.conf'), renderServerBlock(readFileSync(join(ROOT, 'deploy/nginx/heliline.conf'), 'utf8')));
  writeFileSync(join(dir, 'nginx.conf'), mainConfig(dir));
  const child = spawn('nginx', ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', 'stderr', '-g', 'daemon off;'], { stdio: ['ignore', 'inherit', 'inherit'] });
  await waitUntilAnswering(`${proxyUrl}/sanctum/csrf-cookie`, child);
  return { process: child, dir };
}

export function renderServerBlock(conf: string): string {
  const upstreams = INSTANCE_PORTS.map((port) => `    server 127.0.0.1:${port} max_fails=3 fail_timeout=10s;`).join('\n');
  const rendered = conf
    .replace(/^(\s*)server app\d+:3000[^\n]*\n/gm, '')
    .replace(/(upstream heliline_app \{\n)/, `$1${upstreams}\n`)
    .replace(/listen 80;/, `listen 127.0.0.1:${PROXY_PORT};`)
    .replace(/(server_tokens off;)/, `$1\n    add_header X-Heliline-Upstream $upstream_addr always;`);
  if (!rendered.includes(`127.0.0.1:${INSTANCE_PORTS[1]}`) || !rendered.includes(`listen 127.0.0.1:${PROXY_PORT}`)) {
    throw new Error('deploy/nginx/heliline.conf no longer has the upstream or listen lines this test rewrites');
  }
  return rendered;
}

function mainConfig(dir: string): string {
  const temp = (name: string) => `${name}_temp_path ${join(dir, 'temp', name)};`;
  return `${process.getuid?.() === 0 ? 'user nobody nogroup;' : ''}
worker_processes 1;
pid ${join(dir, 'nginx.pid')};
error_log stderr warn;
events { worker_connections 256; }
http {
    access_log ${join(dir, 'logs', 'access.log')};
    ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n    ')}
    include ${join(dir, 'heliline.conf')};
}
`;
}

async function waitUntilAnswering(url: string, child: ChildProcess, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited with ${child.exitCode}`);
    const ok = await fetch(url).then(
      (r) => r.status < 500,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${ms} ms`);
}

/** Ends a process we started and waits for it. */
export async function stop(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

export function removeDir(dir: string | undefined): void {
  if (dir) rmSync(dir, { recursive: true, force: true });
}

/**
 * A browser through the proxy: keeps cookies, echoes the XSRF-TOKEN cookie in X-XSRF-TOKEN on
 * unsafe requests (as the web app does), and reports which instance answered each request.
 */
export class ProxyClient {
  private readonly cookies = new Map<string, string>();

  async request(method: string, path: string, options: { body?: unknown; headers?: Record<string, string>; csrf?: boolean } = {}) {
    const headers: Record<string, string> = { 'x-locale': 'en', ...options.headers };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (options.csrf !== false && method !== 'GET' && this.cookies.has('XSRF-TOKEN')) headers['x-xsrf-token'] = decodeURIComponent(this.cookies.get('XSRF-TOKEN')!);
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${proxyUrl}${path}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body), redirect: 'manual' });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...value] = pair!.split('=');
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(line) || value.join('=') === '') this.cookies.delete(name!.trim());
      else this.cookies.set(name!.trim(), value.join('='));
    }
    const text = await res.text();
    return {
      status: res.status,
      headers: res.headers,
      upstream: instanceOf(res.headers.get(UPSTREAM_HEADER)),
      json: () => JSON.parse(text) as Record<string, unknown>,
      text,
    };
  }

  get(path: string, headers?: Record<string, string>) {
    return this.request('GET', path, { headers });
  }

  post(path: string, body: unknown, headers?: Record<string, string>) {
    return this.request('POST', path, { body, headers });
  }

  /** Round robin sends the request after one answered by `instance` to the other: asks until it answers. */
  async steerAwayFrom(instance: string): Promise<void> {
    for (let i = 0; i < 6; i++) if ((await this.get('/sanctum/csrf-cookie')).upstream === instance) return;
    throw new Error(`${instance} never answered`);
  }

  /** Repeats `call` until another instance than `other` answers it (round robin: the next one, normally). */
  async onInstanceOtherThan(other: string, call: () => ReturnType<ProxyClient['request']>) {
    for (let i = 0; i < 6; i++) {
      const res = await call();
      if (res.upstream !== other) return res;
    }
    throw new Error(`every answer came from ${other}`);
  }
}
