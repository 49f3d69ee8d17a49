import { z } from 'zod';

/**
 * Web Push (issue 15 part 2; docs/decisions/023-web-push.md): the browser's push subscription for
 * an order, and the server's VAPID public key the browser subscribes with.
 */

/** GET /v1/push/public-key: the VAPID public key (uncompressed P-256 point, base64url), the browser's applicationServerKey. */
export const PushPublicKey = z.object({ publicKey: z.string() });
export type PushPublicKey = z.infer<typeof PushPublicKey>;

/** Push service addresses are short; a long one is a mistake or a probe. */
export const PUSH_ENDPOINT_MAX_LENGTH = 2048;

/** base64url text (padding tolerated) that decodes to exactly `bytes` bytes. */
function base64UrlOfLength(bytes: number, what: string) {
  return z
    .string()
    .max(200)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, `${what} must be base64url text`)
    .refine((text) => decodedLength(text) === bytes, `${what} must decode to ${bytes} bytes`);
}

/** The decoded length of base64url text (without decoding it). */
function decodedLength(text: string): number {
  const bare = text.replace(/=+$/, '');
  return Math.floor((bare.length * 3) / 4);
}

/**
 * The browser's `PushSubscription.toJSON()`: the push service's endpoint, and the keys the server
 * encrypts with (`p256dh`: the browser's P-256 public key, 65 bytes; `auth`: 16 random bytes).
 * Whether the endpoint may be used (https, a public host) is the server's check (422).
 */
export const PushSubscriptionBody = z.strictObject({
  endpoint: z
    .string()
    .min(1)
    .max(PUSH_ENDPOINT_MAX_LENGTH)
    .regex(/^[a-z][a-z0-9+.-]*:\/\/[^\s/?#]+\S*$/i, 'endpoint must be an absolute URL'),
  expirationTime: z.number().nonnegative().nullable().optional(),
  keys: z.strictObject({
    p256dh: base64UrlOfLength(65, 'keys.p256dh').refine((text) => text.startsWith('B'), {
      message: 'keys.p256dh must be an uncompressed P-256 public key',
    }),
    auth: base64UrlOfLength(16, 'keys.auth'),
  }),
});
export type PushSubscriptionBody = z.infer<typeof PushSubscriptionBody>;

/** The message a push carries (JSON): what the service worker shows, and where a tap goes. */
export const PushMessage = z.object({
  title: z.string(),
  body: z.string(),
  /** one notification per order: a later message replaces the earlier */
  tag: z.string(),
  /** a path of the app (same origin), opened when the notification is tapped */
  url: z.string(),
  orderId: z.number().int(),
  status: z.string(),
});
export type PushMessage = z.infer<typeof PushMessage>;
