import { ZBookingForm } from '@heliline/domain';
import { z } from 'zod';
import { ZLocalized } from '../../../http/schemas.ts';

/**
 * Server-only wire shapes of the booking calls. The spec's shapes (flights query and answer,
 * store body and answer, check-coupon, booking status) are the domain's
 * (packages/domain/src/booking/schemas.ts), shared with the wizard.
 */
const ZMessage = { message: z.string(), message_it: z.string(), message_en: z.string(), messages: ZLocalized };

export { ZBookingStatusAnswer } from '@heliline/domain';

export const ZExtendResponse = z.object({ paymentDeadline: z.string(), deadlineExtended: z.literal(true), ...ZMessage });

/** POST /api/guest/grandtotal: the form whose totals the server computes. */
export const ZGrandTotalBody = z.object({ type: z.number().int().optional(), form: ZBookingForm });

export const ZBookingCodeParams = z.object({ code: z.string().regex(/^[A-Z0-9]{8}$/) });
