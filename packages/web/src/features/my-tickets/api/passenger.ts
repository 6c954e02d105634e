import { api } from '../../../api/client.ts';
import type { PassengerUpdate, TicketEmail } from './types.ts';

/** PUT /api/tickets/{n}/passenger: the pax modal's save. */
export const savePassenger = (ticketNr: string, body: PassengerUpdate) => api.put<unknown>(`/api/tickets/${encodeURIComponent(ticketNr)}/passenger`, body);

/** POST /api/tickets/{n}/email: the e-mail modal's send. */
export const emailTicket = (ticketNr: string, body: TicketEmail) => api.post<unknown>(`/api/tickets/${encodeURIComponent(ticketNr)}/email`, body);

export const ticketPdfUrl = (ticketNr: string) => `/api/tickets/${encodeURIComponent(ticketNr)}/pdf`;
export const bookingPdfUrl = (code: string) => `/api/bookings/${encodeURIComponent(code)}/pdf`;
