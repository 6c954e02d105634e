import { FLEET, PLACES } from '@heliline/domain';
import type { DbOrTrx } from '../database.ts';

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
  await db
    .insertInto('places')
    .values(
      PLACES.map((p) => ({
        id: p.id,
        code: p.code,
        name_it: p.name.it,
        name_en: p.name.en,
        can_depart: p.canDepart ? 1 : 0,
        can_arrive: p.canArrive ? 1 : 0,
      })),
    )
    .onConflict((oc) =>
      oc.column('id').doUpdateSet((eb) => ({
        code: eb.ref('excluded.code'),
        name_it: eb.ref('excluded.name_it'),
        name_en: eb.ref('excluded.name_en'),
        can_depart: eb.ref('excluded.can_depart'),
        can_arrive: eb.ref('excluded.can_arrive'),
      })),
    )
    .execute();

  await db
    .insertInto('document_types')
    .values(DOCUMENT_TYPES.map((d) => ({ ...d })))
    .onConflict((oc) =>
      oc.column('id').doUpdateSet((eb) => ({
        code: eb.ref('excluded.code'),
        text_it: eb.ref('excluded.text_it'),
        text_en: eb.ref('excluded.text_en'),
      })),
    )
    .execute();

  await db
    .insertInto('aircraft')
    .values(FLEET.map((a) => ({ registration: a.registration, model: a.model, seats: a.seats })))
    .onConflict((oc) => oc.column('registration').doNothing())
    .execute();
}
