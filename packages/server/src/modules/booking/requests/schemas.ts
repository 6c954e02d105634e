import { ZBookingForm } from '@heliline/domain';
import { z } from 'zod';

/**
 * Server-only wire shapes of the booking calls. The spec's shapes (flights query and answer,
 * store body and answer, check-coupon, booking status) are the domain's
 * (packages/domain/src/booking/schemas.ts), shared with the wizard.
 */
export { ZBookingStatusAnswer, ZExtendResponse } from '@heliline/domain';

/** POST /api/guest/grandtotal: the form whose totals the server computes. */
export const ZGrandTotalBody = z.object({ type: z.number().int().optional(), form: ZBookingForm });

export const ZBookingCodeParams = z.object({ code: z.string().regex(/^[A-Z0-9]{8}$/) });
