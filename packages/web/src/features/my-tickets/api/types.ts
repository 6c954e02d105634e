import type { TMyTicketRow, TMyTicketsAnswer, TPassengerEditBodyInput, TTicketEmailBodyInput } from '@heliline/domain';

/** Wire shapes of the list, the pax modal and the e-mail modal: z.infer of the domain's schemas (tickets/wire.ts). */
export type TicketRow = TMyTicketRow;
export type TicketsPage = TMyTicketsAnswer;
export type PassengerUpdate = { [K in keyof Required<TPassengerEditBodyInput>]: string } & { doc_type: string };
export type TicketEmail = Required<TTicketEmailBodyInput> & { forms: { minor: boolean; pregnant: boolean; weapons: boolean } };
