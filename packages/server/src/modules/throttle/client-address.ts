import { normalizeIP } from '@fastify/rate-limit';

/**
 * The client address as every limit counts it: IPv4 as is, IPv6 by its /64 (one subscriber's
 * network, which hands out addresses freely), IPv4-mapped IPv6 as IPv4: the same key the
 * per-IP rate limits use, so no limit can be dodged by hopping inside one's own /64.
 */
export const clientAddress = (ip: string | undefined): string => (ip ? normalizeIP(ip, 64) : UNKNOWN_ADDRESS);

/**
 * Node forgets a socket's remote address once the client has closed it: a request still being
 * handled then has no address, and counts under this one key instead of throwing.
 */
const UNKNOWN_ADDRESS = 'unknown';
