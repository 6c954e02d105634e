/**
 * Where a logged-in user must go before using booking screens (spec: entry rules). Kept apart
 * from the schemas so the web app's route guards check it without downloading zod.
 */
export function needsPending(user: { verified: boolean; is_agency: boolean; is_agency_auth: boolean; pax: unknown }): boolean {
  return !user.verified || (user.is_agency && !user.is_agency_auth) || !user.pax;
}
