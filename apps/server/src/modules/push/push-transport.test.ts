import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPublicAddress, NonPublicAddressError, publicOnlyLookup, pushPost } from './push-transport.ts';

describe('the addresses push requests may connect to', () => {
  it('are public unicast addresses', () => {
    for (const address of ['142.250.70.234', '8.8.8.8', '2a00:1450:4001:80e::200a', '::ffff:142.250.70.234']) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });

  it('are never loopback, private, link-local, unique-local, shared or reserved', () => {
    for (const address of [
      '127.0.0.1',
      '127.1.2.3',
      '10.0.0.5',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      '::',
      'fe80::1',
      'fd00::1',
      'fc12:3456::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:10.1.2.3',
      '64:ff9b::10.0.0.1',
      'ff02::1',
      'not an address',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });
});

describe('sending a push', () => {
  let server: ReturnType<typeof createServer>;
  let port = 0;
  let received = 0;

  beforeAll(async () => {
    server = createServer((request, response) => {
      received += 1;
      request.resume();
      response.writeHead(201).end();
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const push = { method: 'POST', headers: { ttl: '60' }, body: Buffer.from('x') };

  it('never connects to a name that resolves to this machine or its network', async () => {
    const post = pushPost({ allowLoopback: false });
    // localhost resolves to loopback: refused when connecting, whatever the name looked like.
    await expect(post(`https://localhost:${port}/p`, push, 5_000)).rejects.toBeInstanceOf(NonPublicAddressError);
    await expect(post(`https://127.0.0.1:${port}/p`, push, 5_000)).rejects.toBeInstanceOf(NonPublicAddressError);
    await expect(post(`http://127.0.0.1:${port}/p`, push, 5_000)).rejects.toThrow(/https only/);
    expect(received).toBe(0);
  });

  it('refuses in the lookup itself, so a name re-resolved to a private address is caught at connect time', async () => {
    const error = await new Promise<Error | null>((resolve) =>
      publicOnlyLookup('localhost', { family: 0 }, (failure) => resolve(failure)),
    );
    expect(error).toBeInstanceOf(NonPublicAddressError);
    expect(error?.message).toMatch(/not a public address/);
  });

  it('reaches a loopback stand-in only with PUSH_ALLOW_LOOPBACK', async () => {
    const status = await pushPost({ allowLoopback: true })(`http://127.0.0.1:${port}/p`, push, 5_000);
    expect(status).toBe(201);
    expect(received).toBe(1);
  });
});
