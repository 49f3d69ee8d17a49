/**
 * The ready alert (issue 5 part 8): when the order is ready the phone vibrates, beeps, flashes the
 * page title and, if the customer allowed it, shows a system notification. Every browser API is
 * optional: where one is missing or refuses, that part does nothing.
 */

/** Vibration pattern in ms: buzz, pause, buzz, pause, long buzz. */
export const READY_VIBRATION = [200, 100, 200, 100, 400];
/** The beep: two short tones. */
const BEEP_HZ = 880;
const BEEP_SECONDS = 0.18;
const BEEP_GAP_SECONDS = 0.12;
/** How often the title switches while flashing. */
export const TITLE_FLASH_MS = 1000;

export interface ReadyAlertMessage {
  /** the flashing title and the notification title, e.g. 'Your order is ready!' */
  title: string;
  /** the notification text */
  body: string;
  /** one notification per order: a repeat replaces, not stacks */
  tag: string;
}

/** Vibrates when the device can. */
export function vibrate(pattern: number[] = READY_VIBRATION): void {
  try {
    if (typeof navigator !== 'undefined' && typeof navigator.vibrate === 'function') navigator.vibrate(pattern);
  } catch {
    // not allowed here (e.g. no user gesture yet): silent
  }
}

type AudioContextClass = typeof AudioContext;

function audioContextClass(): AudioContextClass | undefined {
  if (typeof window === 'undefined') return undefined;
  const w = window as unknown as { AudioContext?: AudioContextClass; webkitAudioContext?: AudioContextClass };
  return w.AudioContext ?? w.webkitAudioContext;
}

/** Two short tones from an oscillator (no audio file to download). */
export function beep(): void {
  const Context = audioContextClass();
  if (!Context) return;
  try {
    const context = new Context();
    void context.resume?.().catch(() => undefined);
    const start = context.currentTime;
    for (const offset of [0, BEEP_SECONDS + BEEP_GAP_SECONDS]) {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.type = 'sine';
      oscillator.frequency.value = BEEP_HZ;
      gain.gain.setValueAtTime(0.0001, start + offset);
      gain.gain.exponentialRampToValueAtTime(0.4, start + offset + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + offset + BEEP_SECONDS);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(start + offset);
      oscillator.stop(start + offset + BEEP_SECONDS);
    }
    setTimeout(() => void context.close?.().catch(() => undefined), 1000);
  } catch {
    // audio not available (autoplay policy, no device): silent
  }
}

function pageHasFocus(): boolean {
  return typeof document !== 'undefined' && document.visibilityState !== 'hidden' && document.hasFocus();
}

/**
 * Alternates the page title with `text` until the page is focused, then puts the title back.
 * Does nothing while the page already has focus. Returns a function that stops it early.
 */
export function flashTitle(text: string, intervalMs: number = TITLE_FLASH_MS): () => void {
  if (typeof document === 'undefined' || pageHasFocus()) return () => undefined;
  const original = document.title;
  let showingText = false;
  const timer = setInterval(() => {
    showingText = !showingText;
    document.title = showingText ? text : original;
  }, intervalMs);
  document.title = text;
  showingText = true;

  const stop = () => {
    clearInterval(timer);
    document.title = original;
    window.removeEventListener('focus', stop);
    document.removeEventListener('visibilitychange', onVisibility);
  };
  const onVisibility = () => {
    if (document.visibilityState === 'visible') stop();
  };
  window.addEventListener('focus', stop);
  document.addEventListener('visibilitychange', onVisibility);
  return stop;
}

/** Whether the browser can show notifications at all. */
export function notificationsSupported(): boolean {
  return typeof window !== 'undefined' && 'Notification' in window;
}

/** 'granted', 'denied', 'default', or 'unsupported' where the browser has no notifications. */
export function notificationPermission(): NotificationPermission | 'unsupported' {
  return notificationsSupported() ? Notification.permission : 'unsupported';
}

/** Asks the customer for permission to notify ('Notify me when ready'); resolves with the answer. */
export async function requestNotificationPermission(): Promise<NotificationPermission | 'unsupported'> {
  if (!notificationsSupported()) return 'unsupported';
  try {
    return await Notification.requestPermission();
  } catch {
    return Notification.permission;
  }
}

/** A system notification, only when the customer allowed it. */
export function notify({ title, body, tag }: ReadyAlertMessage): void {
  if (notificationPermission() !== 'granted') return;
  try {
    new Notification(title, { body, tag });
  } catch {
    // Some mobile browsers only notify through a service worker; fall back to one when registered.
    void navigator.serviceWorker
      ?.getRegistration?.()
      .then((registration) => registration?.showNotification(title, { body, tag }).catch(() => undefined));
  }
}

/** Every part of the ready alert at once; returns a function that stops the title flashing. */
export function readyAlert(message: ReadyAlertMessage): () => void {
  vibrate();
  beep();
  notify(message);
  return flashTitle(message.title);
}
