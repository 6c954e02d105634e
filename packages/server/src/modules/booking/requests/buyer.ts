import type { DbOrTrx } from '../../../db/database.ts';
import { AppError } from '../../../http/errors.ts';
import type { AuthUser } from '../../sessions/service.ts';
import type { Buyer } from './plan.ts';
import { buyerPax } from './queries.ts';

/**
 * Buyers: logged in (401), e-mail confirmed, agencies authorised, passenger profile (403). The
 * authentication already read the account and its roles: only the passenger profile is read here.
 */
export async function buyerOf(db: DbOrTrx, auth: AuthUser): Promise<Buyer> {
  if (!auth.verified) throw new AppError('forbidden', 'buyerNotVerified');
  if (auth.is_agency && !auth.is_agency_auth) throw new AppError('forbidden', 'agencyNotAuthorised');
  const pax = await buyerPax(db, auth.id);
  if (!pax) throw new AppError('forbidden', 'paxProfileRequired');
  return {
    id: auth.id,
    roles: auth.roles,
    agency: auth.is_agency,
    pax: { id: pax.id, lastname: pax.lastname, firstname: pax.firstname, gender: pax.gender === 'M' || pax.gender === 'F' ? pax.gender : null, birthdate: pax.birthdate },
  };
}
