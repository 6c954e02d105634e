/** Wire shapes every module's answers share (serialisation and the OpenAPI document). */
import { ZMessageBody } from '@heliline/domain';
import { z } from 'zod';

// `{ message (request language), messages: { it, en }, message_it, message_en }`: the domain
// defines it once, the web reads its type.
export { ZMessageBody } from '@heliline/domain';

/** OpenAPI security requirements (the schemes are declared in app.ts). */
export type Security = Array<Record<string, string[]>>;
/** Session cookie or bearer token. */
export const SECURITY_USER: Security = [{ session: [] }, { bearer: [] }];
/** Bearer token only (the test panel's API). */
export const SECURITY_BEARER: Security = [{ bearer: [] }];

/**
 * The body of every error answer (http/errors.ts messageBody, IssuesError, the error handler):
 * the message in both languages, field errors by path (422), Fastify's reason for a malformed
 * request (400, 413, 415). Loose: a few answers add fields of their own (status, error, details).
 */
export const ZErrorBody = ZMessageBody.extend({
  errors: z.record(z.string(), z.array(z.string())).optional().describe('422: the messages of each field, by path (form.passengers.0.name)'),
  detail: z.string().optional().describe("400, 413, 415: the server's reason, in English"),
}).loose();

/** An answer that is an HTML page (the handler sends it as a string with its content type, never serialised). */
export const htmlPage = (description: string) => ({ description, content: { 'text/html': { schema: z.string() } } });
