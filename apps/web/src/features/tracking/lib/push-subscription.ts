/**
 * The ready alert on a locked phone (issue 15 part 2; docs/decisions/023-web-push.md): once the
 * customer allowed notifications, the browser subscribes to Web Push with the server's VAPID key
 * and the subscription is stored for the order, so the server can tell the phone when the order is
 * ready, cancelled or needs them, page open or not. Everything here is best effort: no service
 * worker, no PushManager, a push service the browser cannot reach, or a failed call leave the
 * in-page alert (sound, vibration, notification) to do the job, and the customer sees no error.
 * The public key is read with plain fetch, so a network failure there shows nothing; the
 * subscription is stored with the app's signed client as a background call, right after that read
 * succeeded (a connection lost in between shows 'Connection troubles!', as the wait screen's own
 * polling would a moment later). Only code the tracking feature already shares is used, so the
 * first download does not grow.
 */
import type { PushPublicKey } from '@venue/contract/push';
import { apiRequest } from '../../../lib/api-client';
import { signedRequest, type SigningKey } from '../../../lib/request-signing';

/** How long to wait for the service worker (registered once the first page has loaded). */
const WORKER_WAIT_MS = 10_000;
/** How long any one step may take before the attempt is given up. */
const STEP_TIMEOUT_MS = 15_000;

/** Whether this browser can take Web Push at all (it may still fail later). */
export function pushSupported(win: Window = window): boolean {
  return 'serviceWorker' in win.navigator && 'PushManager' in win && 'Notification' in win;
}

/** base64url text → bytes (the applicationServerKey). */
export function base64UrlToBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function sameBytes(a: ArrayBuffer | null, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.byteLength) return false;
  const view = new Uint8Array(a);
  return view.every((byte, i) => byte === b[i]);
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} took too long`)), ms);
    promise.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}

async function workerRegistration(win: Window): Promise<ServiceWorkerRegistration | null> {
  const container = win.navigator.serviceWorker;
  const now = await container.getRegistration();
  if (now) return now;
  try {
    return await withTimeout(container.ready, WORKER_WAIT_MS, 'the service worker');
  } catch {
    return null;
  }
}

/** The server's push key, by the API client (a periodic extra, not something the customer did). */
async function fetchPublicKey(): Promise<string> {
  const answer = await apiRequest<PushPublicKey>('/push/public-key', { timeoutMs: STEP_TIMEOUT_MS, background: true });
  return answer.publicKey;
}

/** PUT the subscription for the order, signed like every call of the current consumer. */
async function storeSubscription(key: SigningKey, orderId: number, subscription: PushSubscription): Promise<void> {
  await signedRequest(key, `/current-consumer/order/${orderId}/push-subscription`, {
    method: 'PUT',
    body: subscription.toJSON(),
    background: true,
  });
}

/**
 * Subscribes this browser to Web Push for the order and stores the subscription with the server.
 * Resolves true when the server has it, false when anything on the way failed (never rejects).
 * Call only once notifications are allowed.
 */
export async function subscribeOrderToPush(key: SigningKey, orderId: number, win: Window = window): Promise<boolean> {
  try {
    if (!pushSupported(win) || (win as Window & typeof globalThis).Notification.permission !== 'granted') return false;
    const registration = await workerRegistration(win);
    if (!registration?.pushManager) return false;
    const serverKey = base64UrlToBytes(await fetchPublicKey());
    let subscription = await registration.pushManager.getSubscription();
    // Made with another server key (the venue changed its keys): the push service would refuse it.
    if (subscription && !sameBytes(subscription.options.applicationServerKey, serverKey)) {
      await subscription.unsubscribe().catch(() => false);
      subscription = null;
    }
    subscription ??= await withTimeout(
      registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: serverKey }),
      STEP_TIMEOUT_MS,
      'subscribing',
    );
    await storeSubscription(key, orderId, subscription);
    return true;
  } catch (error) {
    // The in-page alert still works; push is a bonus.
    console.info('Web Push is not available here; the in-page ready alert stays on.', error);
    return false;
  }
}
