import { describe, expect, it } from 'vitest';
import { clientAddress } from './client-address.ts';

describe('clientAddress', () => {
  it('counts IPv6 by its /64 and IPv4-mapped addresses as IPv4', () => {
    expect(clientAddress('2001:db8:1:2:3:4:5:6')).toBe(clientAddress('2001:db8:1:2:ffff::1'));
    expect(clientAddress('::ffff:192.0.2.7')).toBe('192.0.2.7');
  });

  it('answers for a request whose client has already closed its socket (no address)', () => {
    expect(clientAddress(undefined)).toBe('unknown');
  });
});
