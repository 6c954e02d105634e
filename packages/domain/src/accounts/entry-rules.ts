import type { TUser } from './schemas.ts';

/**
 * Where a logged-in user must go before using booking screens (spec: entry rules). Kept apart
 * from the schemas so the web app's route guards check it without downloading zod.
 */
export function needsPending(user: Pick<TUser, 'verified' | 'is_agency' | 'is_agency_auth' | 'pax'>): boolean {
  return !user.verified || (user.is_agency && !user.is_agency_auth) || !user.pax;
}
