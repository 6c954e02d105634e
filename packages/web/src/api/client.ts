import type { Lang, Localized, TErrorBody } from '@heliline/domain';
import { currentLang } from '../i18n/index.ts';

/** Body of every API error answer (domain ZErrorBody; 422: field -> texts in the request's language). */
export type ApiErrorBody = TErrorBody;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiErrorBody,
  ) {
    super(body.message ?? `HTTP ${status}`);
    this.name = 'ApiError';
  }

  /** First text of each field error, ready for form.setErrors(). */
  get fieldErrors(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [field, texts] of Object.entries(this.body.errors ?? {})) {
      if (texts[0]) out[field] = texts[0];
    }
    return out;
  }

  firstFieldError(...fields: string[]): string | undefined {
    for (const f of fields) {
      const text = this.body.errors?.[f]?.[0];
      if (text) return text;
    }
    return undefined;
  }
}

/** A network failure (server down, offline): no HTTP answer at all. */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super('network', { cause });
    this.name = 'NetworkError';
  }
}

/** The server's message in the UI language, when it sent both. */
export function messageOf(body: { message?: string; messages?: Localized } | undefined, lang: Lang = currentLang()): string | undefined {
  return body?.messages?.[lang] ?? body?.message;
}

const XSRF_COOKIE = 'XSRF-TOKEN';

function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return decodeURIComponent(v.join('='));
  }
  return null;
}

/** GET /sanctum/csrf-cookie: sets the XSRF-TOKEN cookie that unsafe requests echo back. */
export async function refreshCsrf(): Promise<void> {
  try {
    await fetch('/sanctum/csrf-cookie', { credentials: 'same-origin', headers: { Accept: 'application/json' } });
  } catch (e) {
    throw new NetworkError(e);
  }
}

async function ensureCsrf(): Promise<void> {
  if (!readCookie(XSRF_COOKIE)) await refreshCsrf();
}

export interface RequestOptions {
  body?: unknown;
  /** Bearer token (test panel's API client): no cookies' CSRF needed. */
  token?: string;
  query?: Record<string, string | number | undefined>;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * JSON call to the API: X-Locale on every call, same-origin cookies, CSRF header on unsafe
 * methods (cookie fetched first when missing; a 419 refreshes it and retries once).
 */
export async function request<T>(method: Method, path: string, opts: RequestOptions = {}): Promise<T> {
  const unsafe = method !== 'GET';
  const usesCsrf = unsafe && !opts.token;
  if (usesCsrf) await ensureCsrf();

  let url = path;
  if (opts.query) {
    const qs = new URLSearchParams();
    for (const [k, v] of Object.entries(opts.query)) if (v !== undefined) qs.set(k, String(v));
    const s = qs.toString();
    if (s) url += `?${s}`;
  }

  const send = async () => {
    const headers: Record<string, string> = { Accept: 'application/json', 'X-Locale': currentLang() };
    if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
    if (usesCsrf) headers['X-XSRF-TOKEN'] = readCookie(XSRF_COOKIE) ?? '';
    if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
    try {
      return await fetch(url, {
        method,
        headers,
        credentials: 'same-origin',
        body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      });
    } catch (e) {
      throw new NetworkError(e);
    }
  };

  let res = await send();
  if (res.status === 419 && usesCsrf) {
    await refreshCsrf();
    res = await send();
  }
  const text = await res.text();
  let data: unknown = undefined;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      // Not JSON (a proxy's or gateway's HTML error page): unreadable, so nothing in it is shown
      // to the user; the caller falls back to its own text ('Errore di sistema', spec §8).
      throw new ApiError(res.status, {});
    }
  }
  if (!res.ok) throw new ApiError(res.status, (data ?? {}) as ApiErrorBody);
  return data as T;
}

export const api = {
  get: <T>(path: string, opts?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, opts),
  post: <T>(path: string, body?: unknown, opts?: Omit<RequestOptions, 'body'>) => request<T>('POST', path, { ...opts, body: body ?? {} }),
  put: <T>(path: string, body?: unknown, opts?: Omit<RequestOptions, 'body'>) => request<T>('PUT', path, { ...opts, body: body ?? {} }),
};
