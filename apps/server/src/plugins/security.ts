/**
 * External protection registered before everything else: security headers, rate limiting and
 * response compression.
 */
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import helmet, { type HelmetOptions } from 'helmet';
import { clientKey } from '../lib/client-key.ts';
import type { Config } from '../config.ts';

/**
 * Third-party origins the app loads at run time: Google Maps (address autocomplete, distance) and
 * the Google Pay and Apple Pay scripts. Everything else is same-origin.
 */
const MAPS = ['https://maps.googleapis.com', 'https://maps.gstatic.com'];
const GOOGLE_PAY = ['https://pay.google.com'];
const APPLE_PAY = ['https://applepay.cdn-apple.com'];

/** Loopback callers (the venue's own systems on the host, health checks, load tests) are never throttled. */
export function isLoopback(ip: string): boolean {
  return ip === '::1' || ip.startsWith('127.') || ip.startsWith('::ffff:127.') || ip === 'localhost';
}

/** Headers by which a proxy (or a client pretending to be one) names another client. */
const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'] as const;

/**
 * A caller on this host itself: the connection comes from loopback and carries no forwarding
 * header. Judged on the connection, never on `request.ip`: behind a proxy on the same host every
 * connection is loopback but the customers are not, and with TRUST_PROXY a client could otherwise
 * write `X-Forwarded-For: 127.0.0.1` and be exempt.
 */
export function isLocalCaller(request: FastifyRequest): boolean {
  const address = request.raw.socket?.remoteAddress ?? '';
  return isLoopback(address) && FORWARDING_HEADERS.every((name) => request.headers[name] === undefined);
}

/** What the server knows of the built app's settings (apps/web/build/build-features.ts). */
export interface WebFeatures {
  /** a Google Maps key is built in */
  maps: boolean;
}

/**
 * Reads `build-features.json` of the built app. Without it (no build, or a build older than the
 * file) nothing optional is assumed: Google's map hosts stay out of the policy.
 */
export function readWebFeatures(webDist: string): WebFeatures {
  try {
    const features = JSON.parse(readFileSync(join(webDist, 'build-features.json'), 'utf8')) as Partial<WebFeatures>;
    return { maps: features.maps === true };
  } catch {
    return { maps: false };
  }
}

/**
 * Browser features pages may use: geolocation (the delivery address and the map) and payment
 * (Apple Pay, and Google Pay's frame) for this origin; camera, microphone and USB for nobody.
 */
export const PERMISSIONS_POLICY =
  'camera=(), microphone=(), usb=(), geolocation=(self), payment=(self "https://pay.google.com")';

/**
 * The content security policy. Google's map hosts are listed only when the build has a maps key:
 * they serve JSONP and script gadgets that would let an injected script tag run. Styles keep
 * 'unsafe-inline': the built pages inline their critical CSS and prerender React's style
 * attributes (docs/decisions/024-security-hardening.md says why and what dropping it would take).
 */
export function helmetOptions(features: WebFeatures): HelmetOptions {
  const maps = features.maps ? MAPS : [];
  return {
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...maps, ...GOOGLE_PAY, ...APPLE_PAY],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...maps],
        connectSrc: ["'self'", ...maps, ...GOOGLE_PAY],
        frameSrc: ["'self'", ...GOOGLE_PAY],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
        // Phones on the venue's network may reach the demo over plain http://<host-ip>:3000; upgrading would break it.
        upgradeInsecureRequests: null,
      },
    },
  };
}

/**
 * The security headers of every response, worked out once: helmet's headers do not depend on the
 * request, and building its middleware per request (as its Fastify wrapper does) re-parses the
 * content security policy every time.
 */
export function securityHeaders(options: HelmetOptions = helmetOptions({ maps: false })): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  } as unknown as ServerResponse;
  helmet(options)({} as IncomingMessage, response, () => undefined);
  headers['permissions-policy'] = PERMISSIONS_POLICY;
  return headers;
}

/**
 * `redis` shares the rate limit counts between every node; without it each process counts alone.
 * When Redis cannot be reached the limit is skipped (fail open) rather than the request failing:
 * the limit guards against runaway clients, and refusing a stadium's customers would be worse.
 */
export async function registerSecurity(app: FastifyInstance, config: Config, redis: Redis | null): Promise<void> {
  const headers = securityHeaders(helmetOptions(readWebFeatures(config.webDist)));
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });

  await app.register(rateLimit, {
    global: true,
    max: config.rateLimitMax,
    timeWindow: '1 minute',
    allowList: (request: FastifyRequest) => isLocalCaller(request),
    // An IPv6 client counts by its /64, which it can roam within at will (lib/client-key.ts).
    keyGenerator: (request: FastifyRequest) => clientKey(request.ip),
    ...(redis ? { redis, nameSpace: `${config.redisKeyPrefix}rate-limit:`, skipOnError: true } : {}),
  });

  // Responses only: no client sends compressed bodies, and the decompression hook would run on every request.
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    threshold: 1024,
    encodings: ['br', 'gzip'],
  });
}
