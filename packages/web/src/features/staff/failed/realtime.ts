import { DEFAULT_PUSHER_APP_KEY } from '@heliline/domain/staff/live-channel';
import Echo from 'laravel-echo';
import Pusher, { type ChannelAuthorizationCallback } from 'pusher-js';
import { ApiError } from '../../../api/client.ts';
import { authoriseChannel } from './api.ts';

/**
 * The staff live channel through stock pusher-js and Laravel Echo (decision 053): one socket per
 * tab, to /app/{key} on this host (or to the external Pusher-compatible server the build names
 * with VITE_PUSHER_HOST/PORT/SCHEME), private channels authorised by POST /api/broadcasting/auth
 * through the app's API client (session cookie and CSRF header, as every other call).
 */

/** What a screen shows: connecting (first attempt), connected (subscription confirmed), reconnecting, denied (no session or role). */
export type ConnectionStatus = 'connecting' | 'connected' | 'reconnecting' | 'denied';

/** An event of a channel as the screens read it. */
export interface ChannelEvent {
  event: string;
  data: unknown;
}

export interface LiveChannelOptions {
  /** The private channel's full name, e.g. 'private-bookings-failed'. */
  channel: string;
  /** The events to hear, by the name the server sends (no PHP namespace). */
  events: readonly string[];
  onEvent: (event: ChannelEvent) => void;
  onStatus?: (status: ConnectionStatus) => void;
  /** Subscribed (again), as the server confirmed: events may have been missed, read the list again. */
  onSynced: () => void;
}

/** The authorisation call's answer was a refusal (401/403), not a hiccup: asking again will not help. */
const REFUSED = 'refused';
/** After an authorisation that failed for another reason (network, 5xx), subscribe again after this long. */
const AUTH_RETRY_MS = 5_000;

let echo: Echo<'pusher'> | null = null;
let members = 0;

function authorise({ socketId, channelName }: { socketId: string; channelName: string }, callback: ChannelAuthorizationCallback): void {
  authoriseChannel(socketId, channelName).then(
    (auth) => callback(null, { auth }),
    (error: unknown) => {
      const refused = error instanceof ApiError && (error.status === 401 || error.status === 403);
      callback(new Error(refused ? REFUSED : 'unavailable'), null);
    },
  );
}

function connect(): Echo<'pusher'> {
  const env = import.meta.env as Record<string, string | undefined>;
  const tls = (env.VITE_PUSHER_SCHEME ?? window.location.protocol.replace(':', '')) === 'https';
  const port = Number(env.VITE_PUSHER_PORT ?? (window.location.port || (tls ? 443 : 80)));
  return new Echo({
    broadcaster: 'pusher',
    Pusher,
    key: env.VITE_PUSHER_APP_KEY ?? DEFAULT_PUSHER_APP_KEY,
    // pusher-js wants a cluster; wsHost decides where it connects.
    cluster: '',
    wsHost: env.VITE_PUSHER_HOST ?? window.location.hostname,
    wsPort: port,
    wssPort: port,
    forceTLS: tls,
    enabledTransports: ['ws', 'wss'],
    disableStats: true,
    channelAuthorization: { customHandler: authorise },
  });
}

/**
 * Joins a private channel on the tab's shared connection; returns the function that leaves it
 * (the last one to leave closes the socket). Status: connected once the server confirms the
 * subscription, reconnecting while pusher-js is without a connection it had (or has not got one
 * after its unavailable timeout), denied when the subscription or the connection is refused.
 */
export function joinLiveChannel(o: LiveChannelOptions): () => void {
  echo ??= connect();
  members += 1;
  const { pusher } = echo.connector;
  let status: ConnectionStatus | null = null;
  let heard = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  const setStatus = (next: ConnectionStatus) => {
    if (next === status) return;
    status = next;
    o.onStatus?.(next);
  };
  setStatus('connecting');

  const channel = echo.private(o.channel.replace(/^private-/, ''));
  // A leading dot: the event's name as sent, without Echo's App.Events namespace.
  for (const event of o.events) channel.listen(`.${event}`, (data: unknown) => o.onEvent({ event, data }));
  channel.subscribed(() => {
    heard = true;
    setStatus('connected');
    o.onSynced();
  });
  channel.error((error: { error?: string; status?: number }) => {
    if (error.error === REFUSED || error.status === 403) return setStatus('denied');
    setStatus('reconnecting');
    retry = setTimeout(() => pusher.subscribe(o.channel), AUTH_RETRY_MS);
  });
  const onState = ({ current }: { current: string }) => {
    if (status === 'denied') return;
    if (current === 'unavailable' || (current === 'connecting' && heard)) setStatus('reconnecting');
    // The server refused the connection for good (4000-4099: unknown key, session ended).
    if (current === 'disconnected' || current === 'failed') setStatus('denied');
  };
  pusher.connection.bind('state_change', onState);

  return () => {
    clearTimeout(retry);
    pusher.connection.unbind('state_change', onState);
    echo?.leaveChannel(o.channel);
    members -= 1;
    if (members === 0) {
      echo?.disconnect();
      echo = null;
    }
  };
}
