/**
 * iPhone and iPad (iOS 16.4+) deliver Web Push only to a web app added to the Home Screen and
 * opened from there; in a Safari tab there is no push and no Notification at all. Such a customer
 * is told so, in one line by 'Notify me when ready' (issue 15 part 2); everybody else gets the
 * in-page ready alert and, where the browser can, push.
 */

export const HOME_SCREEN_HINT =
  'On iPhone, add this app to your Home Screen (Share → Add to Home Screen) to be notified when your order is ready.';

interface BrowserFacts {
  userAgent: string;
  maxTouchPoints: number;
  /** Safari's own flag: true when opened from the Home Screen */
  standalone?: boolean | undefined;
  /** whether `(display-mode: standalone)` matches */
  displayStandalone: boolean;
}

/** iPhone, iPod or iPad, the iPad included when it asks for desktop sites (a "Macintosh" with touch). */
export function isAppleMobile({ userAgent, maxTouchPoints }: Pick<BrowserFacts, 'userAgent' | 'maxTouchPoints'>) {
  return /\b(iPhone|iPad|iPod)\b/.test(userAgent) || (/\bMacintosh\b/.test(userAgent) && maxTouchPoints > 1);
}

/** Whether to show HOME_SCREEN_HINT: an Apple phone or tablet, in a browser tab rather than the Home Screen app. */
export function needsHomeScreenForPush(facts: BrowserFacts): boolean {
  return isAppleMobile(facts) && facts.standalone !== true && !facts.displayStandalone;
}

/** The facts of this browser. */
export function browserFacts(win: Window = window): BrowserFacts {
  const nav = win.navigator as Navigator & { standalone?: boolean };
  return {
    userAgent: nav.userAgent,
    maxTouchPoints: nav.maxTouchPoints ?? 0,
    standalone: nav.standalone,
    displayStandalone: typeof win.matchMedia === 'function' && win.matchMedia('(display-mode: standalone)').matches,
  };
}
