import { type Lang, parseWireDate } from '@heliline/domain';
import { AppError } from '../../../http/errors.ts';
import type { AccountsService } from '../../accounts/service.ts';
import type { AuthUser } from '../../sessions/service.ts';
import type { Buyer } from './plan.ts';

/** Buyers: logged in (401), e-mail confirmed, agencies authorised, passenger profile (403). */
export async function buyerOf(accounts: Pick<AccountsService, 'requireUser'>, auth: AuthUser, lang: Lang): Promise<Buyer> {
  if (!auth.verified) throw new AppError('forbidden', 'buyerNotVerified');
  if (auth.is_agency && !auth.is_agency_auth) throw new AppError('forbidden', 'agencyNotAuthorised');
  const user = await accounts.requireUser(auth.id, lang);
  if (!user.pax) throw new AppError('forbidden', 'paxProfileRequired');
  const birth = user.pax.birthdate ? parseWireDate(user.pax.birthdate) : null;
  return {
    id: auth.id,
    roles: auth.roles,
    agency: auth.is_agency,
    pax: { id: user.pax.id, lastname: user.pax.lastname, firstname: user.pax.firstname, gender: user.pax.gender, birthdate: birth },
  };
}
