import { FLEET, PLACES } from '@heliline/domain';
import { insertMissingAircraft, updateAircraftPayload } from '../modules/schedule/queries.ts';
import type { DbOrTrx } from '../db/database.ts';
import * as q from './queries.ts';

/** Document types of the sign-up form (spec: api.document-types.index). Ids are stable. */
export const DOCUMENT_TYPES = [
  { id: 1, code: 'id_card', text_it: "Carta d'identità", text_en: 'ID card' },
  { id: 2, code: 'passport', text_it: 'Passaporto', text_en: 'Passport' },
  { id: 3, code: 'driving_licence', text_it: 'Patente di guida', text_en: 'Driving licence' },
] as const;

/**
 * Places and document types belong to the code: upserted, so a corrected label reaches every
 * database at the next start. Aircraft are only added when missing: seat counts drive the
 * inventory, and changing them under sold tickets must be a deliberate operation.
 */
export async function seedReference(db: DbOrTrx): Promise<void> {
  await q.upsertPlaces(
    db,
    PLACES.map((p) => ({
      id: p.id,
      code: p.code,
      name_it: p.name.it,
      name_en: p.name.en,
      can_depart: p.canDepart ? 1 : 0,
      can_arrive: p.canArrive ? 1 : 0,
    })),
  );
  await q.upsertDocumentTypes(db, [...DOCUMENT_TYPES]);
  const aircraft = FLEET.map((a) => ({ registration: a.registration, model: a.model, seats: a.seats }));
  await insertMissingAircraft(db, aircraft);
  // The payload is reference data (the desk's load limit, decision 025): kept up to date like places.
  for (const a of FLEET) await updateAircraftPayload(db, a.registration, a.payloadKg, a.payloadSource);
}
