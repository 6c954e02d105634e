import { createHmac } from 'node:crypto';
import { can, CHECK_IN_CHANNEL, FAILED_BOOKINGS_CHANNEL } from '@heliline/domain';
import { safeEqual } from '../../lib/crypto.ts';

/** Private channels and who may join them. */
const CHANNEL_ABILITY = { [FAILED_BOOKINGS_CHANNEL]: 'bookings.failed.manage', [CHECK_IN_CHANNEL]: 'flights.checkIn' } as const;

function isKnownChannel(channel: string): channel is keyof typeof CHANNEL_ABILITY {
  return Object.prototype.hasOwnProperty.call(CHANNEL_ABILITY, channel);
}

export function mayJoin(roles: readonly string[], channel: string): boolean {
  return isKnownChannel(channel) && can(roles, CHANNEL_ABILITY[channel]);
}

/**
 * Pusher's private-channel authorisation: "<app key>:<hex HMAC-SHA256 of socket_id:channel_name
 * with the app secret>". A signature is good for that one socket on that one channel.
 */
export class ChannelSigner {
  constructor(
    readonly key: string,
    private readonly secret: string,
  ) {}

  sign(socketId: string, channel: string): string {
    return `${this.key}:${createHmac('sha256', this.secret).update(`${socketId}:${channel}`).digest('hex')}`;
  }

  verify(socketId: string, channel: string, auth: string): boolean {
    return safeEqual(this.sign(socketId, channel), auth);
  }
}
