import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sendJson } from '../src/http/json.ts';

/** Cached answers (pre-serialised JSON) go out as they are; other answers still pass their response schema. */
describe('sendJson', async () => {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const schema = { response: { 200: z.object({ n: z.number() }) } };
  const cached = '{"n":1,"kept":"as is"}';
  app.get('/cached', { schema }, async (_req, reply) => sendJson(reply, cached));
  app.get('/object', { schema }, async () => ({ n: 'not a number' }) as unknown as { n: number });
  await app.ready();

  it('sends the string byte for byte with a JSON content type', async () => {
    const res = await app.inject('/cached');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.body).toBe(cached);
  });

  it('an object answer that breaks its schema is still refused', async () => {
    expect((await app.inject('/object')).statusCode).toBe(500);
  });
});
