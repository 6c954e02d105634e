import type { TUser } from '@heliline/domain';
import { needsPending } from '@heliline/domain/accounts/entry-rules';
import { redirect } from 'react-router';
import { getMe } from '../api/session.ts';
import { paths } from './paths.ts';

/** Route entry rule: not logged in -> /login. */
export async function requireUser(): Promise<TUser> {
  const user = await getMe();
  if (!user) throw redirect(paths.login);
  return user;
}

/** Booking-area entry rules: not logged in -> /login; unverified, agency not authorised or no passenger profile -> /pending. */
export async function requireBookingUser(): Promise<TUser> {
  const user = await requireUser();
  if (needsPending(user)) throw redirect(paths.pending);
  return user;
}
