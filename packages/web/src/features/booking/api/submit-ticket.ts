import type { TSubmitTicketBody } from '@heliline/domain';
import { api } from '../../../api/client.ts';

/** POST /api/submit-ticket: a response without an `errors` key means success (spec §7). */
interface SubmitTicketAnswer {
  errors?: unknown;
  message?: string;
}

export async function submitTicket(body: TSubmitTicketBody): Promise<boolean> {
  const answer = await api.post<SubmitTicketAnswer>('/api/submit-ticket', body);
  return answer.errors === undefined;
}
