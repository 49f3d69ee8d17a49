import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../config.ts';
import { pushEndpointProblem } from './push-endpoint.ts';

describe('push endpoints the server posts to', () => {
  it("takes browsers' push services", () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/dGVzdA:APA91b',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAAA',
      'https://web.push.apple.com/QGuQyavXutnMH',
      'https://wns2-par02p.notify.windows.com/w/?token=BQYAAAB',
    ]) {
      expect(pushEndpointProblem(endpoint), endpoint).toBeNull();
    }
  });

  it('refuses any other host: internal names, look-alikes, and names that resolve to this network', () => {
    for (const endpoint of [
      'https://localhost./push',
      'https://db.internal/push',
      'https://metadata.google.internal/computeMetadata/v1/',
      'https://127.0.0.1.nip.io/push',
      'https://redis.default.svc/push',
      'https://router.lan/push',
      'https://nas.home.arpa/push',
      'https://fcm.googleapis.com./fcm/send/x',
      'https://fcm.googleapis.com.evil.example/fcm/send/x',
      'https://evilfcm.googleapis.com.example/x',
      'https://notfcm.googleapis.co/x',
      'https://example.com/push',
    ]) {
      expect(pushEndpointProblem(endpoint), endpoint).toBe(
        "The push endpoint must be a browser push service's address.",
      );
    }
  });

  it("takes an operator's own push service named in PUSH_SERVICE_HOSTS", () => {
    const extraHosts = parseConfig({ PUSH_SERVICE_HOSTS: ' Push.Example.com , relay.example.net' }).pushServiceHosts;
    expect(extraHosts).toEqual(['push.example.com', 'relay.example.net']);
    expect(pushEndpointProblem('https://push.example.com/p/1', { extraHosts })).toBeNull();
    expect(pushEndpointProblem('https://eu.relay.example.net/p/1', { extraHosts })).toBeNull();
    expect(pushEndpointProblem('https://push.example.com/p/1')).not.toBeNull();
    expect(parseConfig({}).pushServiceHosts).toEqual([]);
    expect(() => parseConfig({ PUSH_SERVICE_HOSTS: 'https://push.example.com/' })).toThrow(/PUSH_SERVICE_HOSTS/);
  });

  it('refuses http, addresses, local names, other ports and credentials', () => {
    for (const endpoint of [
      'http://fcm.googleapis.com/fcm/send/x',
      'http://127.0.0.1:8080/push',
      'https://127.0.0.1/push',
      'https://localhost/push',
      'https://[::1]/push',
      'https://169.254.169.254/latest/meta-data',
      'https://printer.local/push',
      'https://intranet/push',
      'https://fcm.googleapis.com:444/fcm/send/x',
      'https://a:b@fcm.googleapis.com/fcm/send/x',
      'file:///etc/passwd',
      'not a url',
    ]) {
      expect(pushEndpointProblem(endpoint), endpoint).not.toBeNull();
    }
  });

  it('takes http loopback stand-ins only when PUSH_ALLOW_LOOPBACK is on, which it never is by default', () => {
    expect(pushEndpointProblem('http://127.0.0.1:8080/push', { allowLoopback: true })).toBeNull();
    expect(pushEndpointProblem('http://127.0.0.1:8080/push')).not.toBeNull();
    expect(pushEndpointProblem('http://10.0.0.1:8080/push', { allowLoopback: true })).not.toBeNull();
    expect(pushEndpointProblem('https://localhost/push', { allowLoopback: true })).not.toBeNull();
    expect(parseConfig({}).pushAllowLoopback).toBe(false);
    expect(parseConfig({ PUSH_ALLOW_LOOPBACK: 'on' }).pushAllowLoopback).toBe(true);
  });
});

describe('VAPID settings', () => {
  // A pair made with web-push's generateVAPIDKeys().
  const PUBLIC = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';
  const PRIVATE = 'UUxI4O8-FbRouAevSmBQ6o18hgE4nSG3qwvJTfKc-ls';

  it('neither key: generated later (null); both: used', () => {
    expect(parseConfig({}).vapidKeys).toBeNull();
    expect(parseConfig({ VAPID_PUBLIC_KEY: PUBLIC, VAPID_PRIVATE_KEY: PRIVATE }).vapidKeys).toEqual({
      publicKey: PUBLIC,
      privateKey: PRIVATE,
    });
  });

  it('one key without the other, a key of the wrong size, or keys of two pairs stop the start with a clear error', () => {
    expect(() => parseConfig({ VAPID_PUBLIC_KEY: PUBLIC })).toThrow(/must be set together/);
    expect(() => parseConfig({ VAPID_PRIVATE_KEY: PRIVATE })).toThrow(/must be set together/);
    expect(() => parseConfig({ VAPID_PUBLIC_KEY: PUBLIC.slice(0, 40), VAPID_PRIVATE_KEY: PRIVATE })).toThrow(
      /VAPID_PUBLIC_KEY must decode to 65 bytes/,
    );
    const otherPrivate = Buffer.alloc(32, 7).toString('base64url');
    expect(() => parseConfig({ VAPID_PUBLIC_KEY: PUBLIC, VAPID_PRIVATE_KEY: otherPrivate })).toThrow(
      /not the public key of VAPID_PRIVATE_KEY/,
    );
  });

  it('the subject: as set (mailto: or https:), else the https public address, else a mailto: at its host', () => {
    expect(parseConfig({ VAPID_SUBJECT: 'mailto:ops@venue.example' }).vapidSubject).toBe('mailto:ops@venue.example');
    expect(() => parseConfig({ VAPID_SUBJECT: 'http://venue.example' })).toThrow(/VAPID_SUBJECT/);
    expect(parseConfig({ PUBLIC_URL: 'https://order.venue.example/' }).vapidSubject).toBe(
      'https://order.venue.example',
    );
    expect(parseConfig({ PORT: '3000' }).vapidSubject).toBe('mailto:push@localhost');
  });
});
