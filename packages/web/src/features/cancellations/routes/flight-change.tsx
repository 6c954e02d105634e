import { FlightChangeScreen } from '../FlightChangeScreen.tsx';
import type { Route } from './+types/flight-change';

/** /flight-change/{token}: public; the personal link of the cancellation e-mail is the key. */
export default function FlightChange({ params }: Route.ComponentProps) {
  return <FlightChangeScreen token={params.token} />;
}
