import Ajv from 'ajv';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from './accounts-support.ts';
import { buildTestApp, Client, type TestApp } from './helpers.ts';

/** The OpenAPI document lists every status each operation answers, with the error body's schema. */
type Schema = Record<string, unknown>;
type Operation = { 'x-access'?: string; responses: Record<string, { content?: Record<string, { schema: Schema }> }>; requestBody?: unknown; parameters?: unknown[] };

const t: TestApp = await buildTestApp();
let doc: { paths: Record<string, Record<string, Operation>> };
let customer: string;
let admin: string;
beforeAll(async () => {
  doc = t.app.swagger() as unknown as typeof doc;
  customer = await t.app.services.sessions.issueToken((await createUser(t.db)).id);
  admin = await t.app.services.sessions.issueToken((await createUser(t.db, { roles: ['Admin'] })).id);
});

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ id: `${method.toUpperCase()} ${path}`, method, op })));

describe('every operation documents its answers', () => {
  it('none documents only 2xx, and each declares its access', () => {
    expect(operations().length).toBeGreaterThan(50);
    for (const { id, op } of operations()) {
      const codes = Object.keys(op.responses);
      expect(
        codes.some((c) => !c.startsWith('2')),
        `${id}: ${codes}`,
      ).toBe(true);
      expect(op['x-access'], id).toBeTruthy();
    }
  });

  it('the common answers follow from the declaration: 401 (logged-in only), 403 (role), 419 (unsafe), 422 (input), 500', () => {
    for (const { id, method, op } of operations()) {
      const codes = Object.keys(op.responses);
      const access = op['x-access']!;
      if (access !== 'public') expect(codes, id).toContain('401');
      if (!['public', 'user', 'bearer'].includes(access)) expect(codes, id).toContain('403');
      if (['post', 'put', 'delete'].includes(method) && access !== 'bearer' && !id.includes('/notify') && !id.includes('/api/v1/')) expect(codes, id).toContain('419');
      if (op.requestBody || op.parameters?.length) expect(codes, id).toContain('422');
      expect(codes, id).toContain('500');
    }
  });

  it('error answers carry the error body schema (message in both languages, errors by path)', () => {
    const schema = doc.paths['/api/auth/user']!.put!.responses['422']!.content!['application/json']!.schema;
    expect(schema).toMatchObject({
      properties: { message: { type: 'string' }, message_it: { type: 'string' }, message_en: { type: 'string' }, errors: { type: 'object' } },
    });
    expect(doc.paths['/api/auth/register']!.post!.responses['429']).toMatchObject({ headers: { 'retry-after': { schema: { type: 'integer' } } } });
  });

  it('the validators’ constraints show: max lengths, enums, patterns', () => {
    const body = (path: string, method: string) => doc.paths[path]![method]!.requestBody as { content: Record<string, { schema: Schema }> };
    expect(JSON.stringify(body('/api/auth/user', 'put').content['application/json']!.schema)).toContain('"maxLength":255');
    const agencies = doc.paths['/api/admin/agencies']!.get!.parameters as { name: string; schema: Schema }[];
    expect(agencies.find((p) => p.name === 'status')?.schema.enum).toEqual(expect.arrayContaining(['pending']));
    const capture = doc.paths['/api/paypal/api/orders/{orderID}/capture']!.post!.parameters as { name: string; schema: Schema }[];
    expect(capture.find((p) => p.name === 'orderID')?.schema.pattern).toBeTruthy();
  });
});

describe('documented codes are what the operations answer', () => {
  const ajv = new Ajv({ strict: false, allErrors: true });

  /** Calls, then checks the status is documented for the operation and the body fits its schema. */
  async function answersAsDocumented(
    path: string,
    method: string,
    call: () => Promise<{ statusCode: number; json(): unknown; headers: Record<string, unknown> }>,
    expected: number,
  ) {
    const res = await call();
    expect(res.statusCode, `${method} ${path}`).toBe(expected);
    const documented = doc.paths[path]![method]!.responses[String(expected)];
    expect(documented, `${method} ${path} ${expected}`).toBeDefined();
    const schema = documented!.content?.['application/json']?.schema;
    expect(Boolean(schema), `${method} ${path} ${expected}: JSON documented`).toBe(String(res.headers['content-type']).startsWith('application/json'));
    if (schema) expect(ajv.validate(schema, res.json()), JSON.stringify(ajv.errors)).toBe(true);
  }

  it('admin authorise: 401, 403, 422, 404 as the document says', async () => {
    const path = '/api/admin/agencies/{id}/authorise';
    const c = new Client(t.app);
    await answersAsDocumented(path, 'post', () => c.post('/api/admin/agencies/5/authorise'), 401);
    await answersAsDocumented(path, 'post', () => c.post('/api/admin/agencies/5/authorise', undefined, { bearer: customer }), 403);
    await answersAsDocumented(path, 'post', () => c.post('/api/admin/agencies/abc/authorise', undefined, { bearer: admin }), 422);
    await answersAsDocumented(path, 'post', () => c.post('/api/admin/agencies/999999/authorise', undefined, { bearer: admin }), 404);
  });

  it('register: 419 without the CSRF token, 400 for broken JSON, 415 for XML, 422 for a bad body', async () => {
    const c = new Client(t.app);
    const raw = (payload: string, type: string) => () =>
      c.request({ method: 'POST', url: '/api/auth/register', payload, headers: { 'content-type': type, 'x-forwarded-for': '10.9.9.1' } });
    await answersAsDocumented('/api/auth/register', 'post', () => c.request({ method: 'POST', url: '/api/auth/register', payload: {}, noCsrf: true }), 419);
    await answersAsDocumented('/api/auth/register', 'post', raw('{"email": ', 'application/json'), 400);
    await answersAsDocumented('/api/auth/register', 'post', raw('<email/>', 'application/xml'), 415);
    await answersAsDocumented('/api/auth/register', 'post', raw('{"email":"x"}', 'application/json'), 422);
  });

  it('a helipad post, a payment link, the booking extension: their own 404', async () => {
    const c = new Client(t.app);
    await answersAsDocumented('/api/helipad-posts/{slug}', 'get', () => c.get('/api/helipad-posts/nowhere-at-all'), 404);
    await answersAsDocumented('/payment-link/{token}', 'get', () => c.get('/payment-link/nothing-like-a-token'), 404);
    await answersAsDocumented('/api/bookings/{code}/extend', 'post', () => c.post('/api/bookings/ZZZZZZZZ/extend', undefined, { bearer: customer }), 404);
  });
});
