/**
 * External protection registered before everything else: security headers, rate limiting and
 * response compression.
 */
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import helmet, { type HelmetOptions } from 'helmet';
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

const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: true,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...MAPS, ...GOOGLE_PAY, ...APPLE_PAY],
      // React sets style properties through the DOM, which CSP allows; inline style attributes in markup are allowed too.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', ...MAPS],
      connectSrc: ["'self'", ...MAPS, ...GOOGLE_PAY],
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

/**
 * The security headers of every response, worked out once: helmet's headers do not depend on the
 * request, and building its middleware per request (as its Fastify wrapper does) re-parses the
 * content security policy every time.
 */
export function securityHeaders(options: HelmetOptions = HELMET_OPTIONS): Record<string, string> {
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
  return headers;
}

/**
 * `redis` shares the rate limit counts between every node; without it each process counts alone.
 * When Redis cannot be reached the limit is skipped (fail open) rather than the request failing:
 * the limit guards against runaway clients, and refusing a stadium's customers would be worse.
 */
export async function registerSecurity(app: FastifyInstance, config: Config, redis: Redis | null): Promise<void> {
  const headers = securityHeaders();
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });

  await app.register(rateLimit, {
    global: true,
    max: config.rateLimitMax,
    timeWindow: '1 minute',
    allowList: (request: FastifyRequest) => isLoopback(request.ip),
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
