import { regexes } from 'zod/v4/core';

/**
 * The "standard address pattern" of the spec: the same pattern zod's z.email() applies, so a
 * rule here and a schema elsewhere never disagree. Taken from zod's core, which a screen can
 * import without zod's schema classes (decision 023: the login screen has no zod).
 */
export const EMAIL_PATTERN: RegExp = regexes.email;
/** The longest text any field takes (the columns are VARCHAR(255)). */
export const TEXT_MAX_LENGTH = 255;
