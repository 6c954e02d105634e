import { useMe } from '../../../api/session.ts';
import { requireBookingUser } from '../../../lib/guards.ts';
import { MyTicketsScreen } from '../MyTicketsScreen.tsx';
import type { Route } from './+types/my-tickets';

export async function clientLoader() {
  return { user: await requireBookingUser() };
}

/** /my-tickets: the logged-in user's tickets (features/my-tickets). */
export default function MyTickets({ loaderData }: Route.ComponentProps) {
  const me = useMe();
  return <MyTicketsScreen user={me.data ?? loaderData.user} />;
}
