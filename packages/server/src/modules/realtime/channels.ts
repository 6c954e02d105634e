import { can, CHECK_IN_CHANNEL, FAILED_BOOKINGS_CHANNEL } from '@heliline/domain';
import { hmac, safeEqual } from '../../lib/crypto.ts';

/** The public part of an auth string (Pusher's "app key"); the secret never leaves the server. */
const AUTH_KEY = 'heliline';

/** Private channels and who may join them. */
const CHANNEL_ABILITY = { [FAILED_BOOKINGS_CHANNEL]: 'bookings.failed.manage', [CHECK_IN_CHANNEL]: 'flights.checkIn' } as const;

export function isKnownChannel(channel: string): channel is keyof typeof CHANNEL_ABILITY {
  return Object.prototype.hasOwnProperty.call(CHANNEL_ABILITY, channel);
}

export function mayJoin(roles: readonly string[], channel: string): boolean {
  return isKnownChannel(channel) && can(roles, CHANNEL_ABILITY[channel]);
}

/**
 * Signs and checks channel authorisations: "<key>:<HMAC-SHA256(socket_id:channel)>" with a key
 * derived from the session secret, so nothing new has to be configured and a signature is only
 * good for that one socket on that one channel.
 */
export class ChannelSigner {
  private readonly key: string;

  constructor(sessionSecret: string) {
    this.key = hmac(sessionSecret, 'heliline realtime channel authorisation');
  }

  sign(socketId: string, channel: string): string {
    return `${AUTH_KEY}:${hmac(this.key, `${socketId}:${channel}`)}`;
  }

  verify(socketId: string, channel: string, auth: string): boolean {
    return safeEqual(this.sign(socketId, channel), auth);
  }
}
