/** Wire shapes every module's answers share (serialisation and the OpenAPI document). */

// `{ message (request language), messages: { it, en }, message_it, message_en }`: the domain
// defines it once, the web reads its type.
export { ZLocalized, ZMessageBody } from '@heliline/domain';

/** OpenAPI security requirements (the schemes are declared in app.ts). */
export type Security = Array<Record<string, string[]>>;
/** Session cookie or bearer token. */
export const SECURITY_USER: Security = [{ session: [] }, { bearer: [] }];
/** Bearer token only (the test panel's API). */
export const SECURITY_BEARER: Security = [{ bearer: [] }];
