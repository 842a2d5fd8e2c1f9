import { describe, expect, it } from 'vitest';
import { ClientAddresses } from './client-address.js';

describe('ClientAddresses', () => {
  it('without trusted proxies: the peer address, whatever x-forwarded-for says', () => {
    const clients = new ClientAddresses(undefined);
    expect(clients.of({ socketAddress: '203.0.113.7', forwardedFor: undefined })).toBe('203.0.113.7');
    expect(clients.of({ socketAddress: '203.0.113.7', forwardedFor: '10.0.0.1' })).toBe('203.0.113.7');
    expect(clients.of({ socketAddress: '127.0.0.1', forwardedFor: '10.0.0.1, 10.0.0.2' })).toBe('127.0.0.1');
  });

  it('from a trusted proxy: the rightmost address that is not a trusted proxy', () => {
    const clients = new ClientAddresses(['127.0.0.1', '10.1.0.0/16']);
    expect(clients.of({ socketAddress: '127.0.0.1', forwardedFor: '198.51.100.4' })).toBe('198.51.100.4');
    // A client cannot choose its address by sending x-forwarded-for: the proxy appends the real one.
    expect(clients.of({ socketAddress: '127.0.0.1', forwardedFor: '1.2.3.4, 198.51.100.4' })).toBe('198.51.100.4');
    // Hops through trusted proxies are walked past.
    expect(clients.of({ socketAddress: '127.0.0.1', forwardedFor: '198.51.100.4, 10.1.2.3' })).toBe('198.51.100.4');
    // No header: the proxy itself.
    expect(clients.of({ socketAddress: '127.0.0.1', forwardedFor: undefined })).toBe('127.0.0.1');
    // A peer that is not trusted: its own address.
    expect(clients.of({ socketAddress: '192.0.2.9', forwardedFor: '198.51.100.4' })).toBe('192.0.2.9');
  });

  it('an entry that is not an address names no client: the hop that passed it on does', () => {
    const clients = new ClientAddresses(['127.0.0.1']);
    expect(clients.of({ socketAddress: '127.0.0.1', forwardedFor: 'unknown' })).toBe('127.0.0.1');
    expect(clients.of({ socketAddress: '127.0.0.1', forwardedFor: '198.51.100.4, not-an-address' })).toBe('127.0.0.1');
  });

  it('an IPv4 peer on an IPv6 socket is its IPv4 address, trusted as such', () => {
    expect(new ClientAddresses(undefined).of({ socketAddress: '::ffff:192.0.2.9', forwardedFor: undefined })).toBe(
      '192.0.2.9',
    );
    const clients = new ClientAddresses(['127.0.0.1']);
    expect(clients.of({ socketAddress: '::ffff:127.0.0.1', forwardedFor: '198.51.100.4' })).toBe('198.51.100.4');
    expect(clients.of({ socketAddress: '127.0.0.1', forwardedFor: '::ffff:198.51.100.4' })).toBe('198.51.100.4');
  });

  it('IPv6 proxies and clients, CIDR blocks included', () => {
    const clients = new ClientAddresses(['::1', 'fd00::/8']);
    expect(clients.of({ socketAddress: '::1', forwardedFor: '2001:db8::5, fd12::1' })).toBe('2001:db8::5');
    expect(clients.of({ socketAddress: '2001:db8::7', forwardedFor: '2001:db8::5' })).toBe('2001:db8::7');
  });

  it('no peer address (app.request, a server that does not tell it): no client', () => {
    const clients = new ClientAddresses(['127.0.0.1']);
    expect(clients.of({ socketAddress: undefined, forwardedFor: '198.51.100.4' })).toBeUndefined();
    expect(clients.of({ socketAddress: '', forwardedFor: undefined })).toBeUndefined();
  });
});
