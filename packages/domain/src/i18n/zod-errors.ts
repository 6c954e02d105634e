import { z } from 'zod';
import type { MessageKey } from './messages.ts';

/**
 * Our schemas name a MessageKey for every rule they state. For what they don't (a number sent
 * as text, an unknown enum value…) this map still yields a key, so no user ever reads zod's
 * own English text. Installed once when the domain package is imported.
 */
z.config({
  customError: (issue): MessageKey | undefined => {
    if (issue.input === undefined || issue.input === null) return 'required';
    if (issue.code === 'too_big') return 'tooLong';
    if (issue.code === 'invalid_format' && issue.format === 'email') return 'emailInvalid';
    return 'invalidValue';
  },
});
