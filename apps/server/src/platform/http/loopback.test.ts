import { describe, expect, it } from 'vitest';
import { isFromHandleHolder } from '../embedded-handle.ts';
import { isLoopbackAddress, unmappedAddress } from './loopback.ts';

// "This machine", one notion for the embedded server's internal routes and the back office's gate.

describe('a loopback address', () => {
  it('is 127.0.0.0/8 or ::1, however the socket writes it', () => {
    for (const address of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1', '::FFFF:127.0.0.1'])
      expect(isLoopbackAddress(address), address).toBe(true);
    for (const address of ['', 'localhost', '10.0.0.1', '128.0.0.1', '::2', '::ffff:10.0.0.1', 'fe80::1'])
      expect(isLoopbackAddress(address), address).toBe(false);
    expect(unmappedAddress('::ffff:192.168.1.9')).toBe('192.168.1.9');
  });
});

describe('a command handed to the embedded server', () => {
  const handle = { pid: 1, port: 1, adminToken: 'secret-token' };
  const request = (remoteAddress: string, token?: string) => ({
    socket: { remoteAddress },
    headers: token === undefined ? {} : { 'x-admin-token': token },
  });

  it('is run only from this machine, with the handle’s secret, while there is a handle', () => {
    expect(isFromHandleHolder(handle, request('127.0.0.1', 'secret-token'))).toBe(true);
    expect(isFromHandleHolder(handle, request('::ffff:127.0.0.1', 'secret-token'))).toBe(true);
    expect(isFromHandleHolder(handle, request('10.0.0.7', 'secret-token'))).toBe(false);
    expect(isFromHandleHolder(handle, request('127.0.0.1', 'secret-tokeN'))).toBe(false);
    expect(isFromHandleHolder(handle, request('127.0.0.1'))).toBe(false);
    expect(isFromHandleHolder(null, request('127.0.0.1', 'secret-token'))).toBe(false);
  });
});
