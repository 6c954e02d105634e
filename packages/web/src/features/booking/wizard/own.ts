import type { TUser } from '@heliline/domain';
import type { OwnPassenger } from './state.ts';

/** The account holder as the first passenger of their gender; agencies and staff without a gender have none. */
export function ownPassenger(user: TUser): OwnPassenger | null {
  const pax = user.pax;
  if (!pax?.gender || user.is_agency) return null;
  return {
    paxId: pax.id,
    gender: pax.gender,
    lastname: pax.lastname,
    firstname: pax.firstname,
    birthDate: pax.birthdate ?? '',
    residence: pax.city,
    document_type: pax.document_type != null ? String(pax.document_type) : null,
    document_num: pax.document_num ?? '',
    email: user.email,
    telephone: pax.telephone ?? user.telephone ?? '',
  };
}
