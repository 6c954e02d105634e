import type { MessageKey } from '@heliline/domain';

/** A refusal with a user-facing text; the booking routes turn it into its status and body. */
export class BookingRefusal extends Error {
  constructor(
    readonly status: 403 | 409 | 422 | 502,
    readonly key: MessageKey,
  ) {
    super(key);
  }
}
