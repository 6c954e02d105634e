import { normalizeIP } from '@fastify/rate-limit';

/**
 * The client address as every limit counts it: IPv4 as is, IPv6 by its /64 (one subscriber's
 * network, which hands out addresses freely), IPv4-mapped IPv6 as IPv4: the same key the
 * per-IP rate limits use, so no limit can be dodged by hopping inside one's own /64.
 */
export const clientAddress = (ip: string): string => normalizeIP(ip, 64);
