import { BAG_KG_MAX, BAG_KG_MIN, PASSENGER_KG_MAX, PASSENGER_KG_MIN } from '../operations/checkin.ts';
import type { Localized } from './localized.ts';

const itKg = (kg: number) => String(kg).replace('.', ',');

/** Texts of the check-in desk (issue 13 part A): answers of /api/admin/check-in/…. */
export const CHECKIN_MESSAGES = {
  checkedIn: { it: 'Passeggero registrato al check-in', en: 'Passenger checked in' },
  alreadyCheckedIn: { it: 'Passeggero già registrato al check-in', en: 'Passenger already checked in' },
  boardingPassInvalid: {
    it: "Carta d'imbarco non valida: codice alterato o non emesso da Heliline",
    en: 'Invalid boarding pass: the code was altered or not issued by Heliline',
  },
  checkInTicketUnknown: { it: 'Biglietto non trovato', en: 'Ticket not found' },
  checkInOtherFlight: { it: 'Il biglietto è di un altro volo', en: 'The ticket is for another flight' },
  checkInTicketCancelled: { it: 'Il biglietto è stato annullato', en: 'The ticket was cancelled' },
  checkInTicketMoved: { it: 'Il biglietto è stato spostato su un altro volo', en: 'The ticket was moved to another flight' },
  checkInNotOpen: {
    it: 'Il check-in apre 30 minuti prima del decollo: per procedere indicare un motivo',
    en: 'Check-in opens 30 minutes before take-off: give a reason to go ahead',
  },
  checkInClosed: {
    it: 'Il check-in chiude 10 minuti prima del decollo: per procedere indicare un motivo',
    en: 'Check-in closes 10 minutes before take-off: give a reason to go ahead',
  },
  checkInFlightClosed: { it: 'Il volo è già chiuso', en: 'The flight is already closed' },
  checkInFlightUnknown: { it: 'Volo non trovato', en: 'Flight not found' },
  weightsSaved: { it: 'Pesi registrati', en: 'Masses saved' },
  passengerKgImplausible: {
    it: `Peso del passeggero: tra ${itKg(PASSENGER_KG_MIN)} e ${itKg(PASSENGER_KG_MAX)} kg`,
    en: `Passenger mass: between ${PASSENGER_KG_MIN} and ${PASSENGER_KG_MAX} kg`,
  },
  bagKgImplausible: { it: `Peso del bagaglio: tra ${itKg(BAG_KG_MIN)} e ${itKg(BAG_KG_MAX)} kg`, en: `Bag mass: between ${BAG_KG_MIN} and ${BAG_KG_MAX} kg` },
  flightClosed: { it: 'Volo chiuso', en: 'Flight closed' },
  loadOverLimit: {
    it: 'Il carico supera il carico utile massimo: per chiudere il volo indicare un motivo',
    en: 'The load exceeds the maximum payload: give a reason to close the flight',
  },
} as const satisfies Record<string, Localized>;
