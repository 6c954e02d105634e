import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../src/db/database.ts';
import { dialectOf } from './helpers.ts';

/**
 * Shared by the authorisation matrix and the fuzzer: the operations of the OpenAPI document
 * (`app.swagger()`), their documented answers checked with ajv, and the row counts of every
 * table (to prove a refused call wrote nothing).
 */

type JsonSchema = Record<string, unknown>;

export interface Operation {
  /** `METHOD /path/{param}` as the document writes it: the key of the matrix's table. */
  key: string;
  method: string;
  path: string;
  /** Documented status codes (strings, as in the document: "200", "4XX", "default"). */
  statuses: string[];
  security: boolean;
  /** The `x-access` extension, when the document carries the route's declared access. */
  access?: unknown;
  responses: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
  parameters: { in: string; name: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options']);

/** Every operation of the app's OpenAPI document (the app must be ready). */
export function operationsOf(app: FastifyInstance): Operation[] {
  const doc = app.swagger() as unknown as { paths: Record<string, Record<string, Record<string, unknown>>> };
  const out: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      const responses = (op.responses ?? {}) as Operation['responses'];
      out.push({
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        statuses: Object.keys(responses),
        security: Array.isArray(op.security) && op.security.length > 0,
        access: op['x-access'],
        responses,
        parameters: (op.parameters ?? []) as Operation['parameters'],
        requestBody: op.requestBody as Operation['requestBody'],
      });
    }
  }
  return out;
}

/** Lone UTF-16 surrogates replaced by U+FFFD (encodeURIComponent throws on them). */
const wellFormed = (s: string) => s.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');

/** The document's path template filled with (URL-encoded) parameter values; a lone surrogate becomes U+FFFD, as a browser sends it. */
export function fillPath(path: string, params: Record<string, unknown> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(wellFormed(String(params[name] ?? ''))));
}

/**
 * OpenAPI 3.0 keywords ajv (draft 7) reads differently: `nullable` beside `anyOf` or without a
 * type, and the boolean `exclusiveMinimum`/`exclusiveMaximum` of draft 4.
 */
function toDraft7(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(toDraft7);
  if (!schema || typeof schema !== 'object') return schema;
  const s: JsonSchema = {};
  for (const [k, v] of Object.entries(schema)) s[k] = toDraft7(v);
  if (s.exclusiveMinimum === true) s.exclusiveMinimum = s.minimum;
  if (s.exclusiveMaximum === true) s.exclusiveMaximum = s.maximum;
  if (s.exclusiveMinimum === false) delete s.exclusiveMinimum;
  if (s.exclusiveMaximum === false) delete s.exclusiveMaximum;
  if (s.nullable === true) {
    const { nullable: _n, description: _d, ...rest } = s;
    return { anyOf: [rest, { type: 'null' }] };
  }
  delete s.nullable;
  return s;
}

/**
 * Answers of the router that any operation with path parameters may give before its route
 * runs, and that the document does not repeat per operation: a malformed %-escape in the path
 * (400) and a parameter over Fastify's maxParamLength (414). They must still be the JSON error
 * body (plugins/framework-errors.ts).
 */
const ROUTER_STATUSES: readonly number[] = [400, 414];

/**
 * Answers the document should list and does not yet, each with why: the OpenAPI derivation is
 * wt/api-contract's (http/openapi.ts), reported there. The check accepts exactly these, and a
 * test fails once the document lists one (so the entry goes).
 */
export const KNOWN_GAPS: readonly { key: string; status: number; why: string }[] = [];

const isErrorBody = (body: unknown) => {
  const b = body as { message?: unknown; messages?: { it?: unknown; en?: unknown } } | null;
  return typeof b?.message === 'string' && typeof b.messages?.it === 'string' && typeof b.messages.en === 'string';
};

/** What an answer did wrong against the document, or null when it is what the document says. */
export type AnswerCheck = (op: Operation, res: LightMyRequestResponse) => string | null;

/** Compiles each operation's documented response schemas once (ajv + formats) and checks answers. */
export function answerChecker(): AnswerCheck {
  const ajv = new Ajv({ strict: false, allErrors: false });
  addFormats(ajv);
  const compiled = new Map<string, ValidateFunction | null>();
  const validatorFor = (op: Operation, status: string) => {
    const key = `${op.key} ${status}`;
    if (!compiled.has(key)) {
      const schema = op.responses[status]?.content?.['application/json']?.schema;
      compiled.set(key, schema ? ajv.compile(toDraft7(schema) as JsonSchema) : null);
    }
    return compiled.get(key)!;
  };
  return (op, res) => {
    const code = String(res.statusCode);
    const documented = [code, `${code[0]}XX`, 'default'].find((s) => op.responses[s]);
    if (!documented && KNOWN_GAPS.some((g) => g.key === op.key && g.status === res.statusCode)) return null;
    if (!documented && ROUTER_STATUSES.includes(res.statusCode) && op.path.includes('{')) {
      return isErrorBody(parseJson(res.body)) ? null : `${op.key}: ${code} without the error body: ${res.body.slice(0, 200)}`;
    }
    if (!documented) return `${op.key}: ${code} is not documented (documented: ${op.statuses.join(', ')}); body ${res.body.slice(0, 300)}`;
    const validate = validatorFor(op, documented);
    const json = String(res.headers['content-type'] ?? '').includes('application/json');
    if (!validate || !json) return null;
    const body = parseJson(res.body);
    if (body === NOT_JSON) return `${op.key}: ${code} body is not JSON: ${res.body.slice(0, 200)}`;
    if (validate(body)) return null;
    return `${op.key}: ${code} body does not match the document: ${ajv.errorsText(validate.errors)}; body ${res.body.slice(0, 300)}`;
  };
}

const NOT_JSON = Symbol('not JSON');
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return NOT_JSON;
  }
}

/** Names of every table of the schema (migrations' bookkeeping left out). */
export async function tableNames(db: Db): Promise<string[]> {
  const tables = await db.introspection.getTables();
  // PostgreSQL: every test file has a schema of its own on the shared server; count only ours.
  const ours = dialectOf(db) === 'postgres' ? (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0]?.s : undefined;
  return tables
    .filter((t) => !t.isView && !t.name.startsWith('kysely_') && (ours === undefined || t.schema === ours))
    .map((t) => t.name)
    .sort();
}

/** Row counts of the given tables, in one round trip. */
export async function rowCounts(db: Db, tables: string[]): Promise<Record<string, number>> {
  const columns = tables.map((t) => sql`(select count(*) from ${sql.table(t)}) as ${sql.ref(t)}`);
  const { rows } = await sql<Record<string, number | string>>`select ${sql.join(columns)}`.execute(db);
  return Object.fromEntries(Object.entries(rows[0] ?? {}).map(([k, v]) => [k, Number(v)]));
}

/**
 * Tables a refusal may write to on purpose: the throttles count failed attempts (that is how
 * they refuse the next ones), the coupon check counts wrong codes.
 */
export const WRITTEN_ON_REFUSAL: readonly string[] = ['throttles', 'coupon_failures'];

/** The tables whose count changed between two snapshots: `name before→after`. */
export function changedTables(before: Record<string, number>, after: Record<string, number>, ignore: readonly string[] = []): string[] {
  return Object.keys(after)
    .filter((t) => !ignore.includes(t) && before[t] !== after[t])
    .map((t) => `${t} ${before[t]}→${after[t]}`);
}
