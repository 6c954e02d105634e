import { AppError } from '../../../http/errors.ts';
import type { AuthUser } from '../../sessions/service.ts';
import type { Buyer } from './plan.ts';

/**
 * Buyers: logged in (401), e-mail confirmed, agencies authorised, passenger profile (403). The
 * authentication already read the account, its roles and its passenger profile (a request that
 * writes reads them from the database, decision 028): nothing is read here.
 */
export function buyerOf(auth: AuthUser): Buyer {
  if (!auth.verified) throw new AppError('forbidden', 'buyerNotVerified');
  if (auth.is_agency && !auth.is_agency_auth) throw new AppError('forbidden', 'agencyNotAuthorised');
  if (!auth.pax) throw new AppError('forbidden', 'paxProfileRequired');
  return { id: auth.id, roles: auth.roles, agency: auth.is_agency, pax: auth.pax };
}
