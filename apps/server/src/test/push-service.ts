/**
 * A stand-in push service for tests (no real one is reachable here): an HTTP server on 127.0.0.1
 * that takes Web Push requests as FCM or Mozilla's autopush would, and checks what a real one
 * checks: the VAPID `Authorization: vapid t=<JWT>, k=<public key>` header (an ES256 JWT signed by
 * that key, `aud` the endpoint's origin, `exp` in the future and at most 24 h away, `sub` a mailto:
 * or https: contact), the TTL, and an aes128gcm body, which it decrypts with the "browser's" keys
 * made by `subscription()` (a P-256 key pair from node:crypto and a random 16-byte auth secret).
 * Each path can be told to answer another status (404/410: the subscription is gone).
 */
import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';

const ece = createRequire(import.meta.url)('http_ece') as {
  decrypt(body: Buffer, params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: string }): Buffer;
};

/** What the browser's PushManager.subscribe() answers, as JSON. */
export interface StandInSubscription {
  endpoint: string;
  expirationTime: null;
  keys: { p256dh: string; auth: string };
}

export interface ReceivedPush {
  path: string;
  headers: IncomingHttpHeaders;
  /** the JWT's claims, when its signature verified */
  claims: { aud?: string; exp?: number; sub?: string } | null;
  /** the `k=` of the Authorization header: the sender's VAPID public key */
  vapidPublicKey: string | null;
  /** the decrypted body, when it could be decrypted */
  payload: string | null;
  /** everything a real push service would have refused this for; empty when it is sound */
  problems: string[];
  /** the status answered */
  answered: number;
}

export interface PushServiceStandIn {
  /** http://127.0.0.1:port */
  origin: string;
  received: ReceivedPush[];
  /** a new "browser" subscription at this service (its own path and keys) */
  subscription(): StandInSubscription;
  /** answers `status` to every later push to this subscription's endpoint */
  answer(endpoint: string, status: number): void;
  /**
   * Holds the answers to pushes to this endpoint (a slow push service) until `release` is called;
   * `arrived` resolves once a push to it has come in and is being held.
   */
  hold(endpoint: string): { arrived: Promise<void>; release: () => void };
  /** resolves with the pushes received so far once `count` have arrived */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedPush[]>;
  close(): Promise<void>;
}

const base64UrlJson = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as unknown;

/** Checks a VAPID JWT against the key it names; answers its claims, or null with problems noted. */
function verifyVapid(authorization: string | undefined, problems: string[]) {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
  if (!match) {
    problems.push(`Authorization is not "vapid t=…, k=…": ${authorization ?? '(none)'}`);
    return { claims: null, vapidPublicKey: null };
  }
  const [, token, key] = match as unknown as [string, string, string];
  const point = Buffer.from(key, 'base64url');
  if (point.length !== 65 || point[0] !== 4) problems.push('k= is not an uncompressed P-256 public key');
  const [head, body, signature] = token.split('.');
  if (!head || !body || !signature) {
    problems.push('t= is not a JWT');
    return { claims: null, vapidPublicKey: key };
  }
  const header = base64UrlJson(head) as { alg?: string; typ?: string };
  if (header.alg !== 'ES256') problems.push(`JWT alg is ${header.alg}, not ES256`);
  const publicKey = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${head}.${body}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) {
    problems.push('the JWT signature does not verify with k=');
    return { claims: null, vapidPublicKey: key };
  }
  return { claims: base64UrlJson(body) as { aud?: string; exp?: number; sub?: string }, vapidPublicKey: key };
}

export async function startPushService(): Promise<PushServiceStandIn> {
  const browsers = new Map<string, { ecdh: ECDH; auth: string }>();
  const answers = new Map<string, number>();
  const received: ReceivedPush[] = [];
  const waiters = new Set<() => void>();
  const held = new Map<string, { arrive: () => void; released: Promise<void> }>();
  let origin = '';

  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      const problems: string[] = [];
      if (request.method !== 'POST') problems.push(`method ${request.method}`);
      const { claims, vapidPublicKey } = verifyVapid(request.headers.authorization, problems);
      const nowSeconds = Date.now() / 1000;
      if (claims) {
        if (claims.aud !== origin) problems.push(`aud is ${claims.aud}, not ${origin}`);
        if (typeof claims.exp !== 'number' || claims.exp <= nowSeconds) problems.push('exp is not in the future');
        else if (claims.exp > nowSeconds + 24 * 60 * 60 + 60) problems.push('exp is more than 24 h away');
        if (!/^(mailto:|https:)/.test(claims.sub ?? '')) problems.push(`sub is ${claims.sub}`);
      }
      if (!/^\d+$/.test(String(request.headers.ttl ?? ''))) problems.push('no TTL header');
      let payload: string | null = null;
      const browser = browsers.get(path);
      if (request.headers['content-encoding'] !== 'aes128gcm') {
        problems.push(`Content-Encoding is ${request.headers['content-encoding']}`);
      } else if (!browser) {
        problems.push(`no subscription at ${path}`);
      } else {
        try {
          payload = ece
            .decrypt(Buffer.concat(chunks), {
              version: 'aes128gcm',
              privateKey: browser.ecdh,
              authSecret: browser.auth,
            })
            .toString('utf8');
        } catch (error) {
          problems.push(`the body does not decrypt: ${String(error)}`);
        }
      }
      const answered = problems.length > 0 ? 400 : (answers.get(path) ?? 201);
      const answer = () => {
        received.push({ path, headers: request.headers, claims, vapidPublicKey, payload, problems, answered });
        response.writeHead(answered).end();
        for (const wake of waiters) wake();
      };
      const hold = held.get(path);
      if (!hold) return answer();
      hold.arrive();
      void hold.released.then(answer);
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    received,
    subscription() {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16).toString('base64url');
      const path = `/push/${randomBytes(12).toString('hex')}`;
      browsers.set(path, { ecdh, auth });
      return {
        endpoint: `${origin}${path}`,
        expirationTime: null,
        keys: { p256dh: ecdh.getPublicKey('base64url'), auth },
      };
    },
    answer(endpoint, status) {
      answers.set(new URL(endpoint).pathname, status);
    },
    hold(endpoint) {
      let arrive = () => undefined as void;
      let release = () => undefined as void;
      const arrived = new Promise<void>((resolve) => (arrive = resolve));
      const released = new Promise<void>((resolve) => (release = resolve));
      held.set(new URL(endpoint).pathname, { arrive, released });
      return { arrived, release };
    },
    waitFor(count, timeoutMs = 20_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (received.length < count) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve([...received]);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`the stand-in push service got ${received.length} pushes, not ${count}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
