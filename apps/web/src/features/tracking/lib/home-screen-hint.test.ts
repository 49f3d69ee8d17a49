import { describe, expect, it } from 'vitest';
import { needsHomeScreenForPush } from './home-screen-hint';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const IPAD_DESKTOP =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15';
const ANDROID =
  'Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const IPHONE_CHROME =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1';

const tab = { maxTouchPoints: 5, standalone: false, displayStandalone: false };

describe('the Home Screen hint for push on iPhone', () => {
  it('shows in an iPhone browser tab (Safari or another browser on iOS) and on an iPad asking for desktop sites', () => {
    expect(needsHomeScreenForPush({ ...tab, userAgent: IPHONE })).toBe(true);
    expect(needsHomeScreenForPush({ ...tab, userAgent: IPHONE_CHROME })).toBe(true);
    expect(needsHomeScreenForPush({ ...tab, userAgent: IPAD_DESKTOP })).toBe(true);
    expect(needsHomeScreenForPush({ ...tab, userAgent: IPHONE, standalone: undefined })).toBe(true);
  });

  it('does not show once the app runs from the Home Screen', () => {
    expect(needsHomeScreenForPush({ ...tab, userAgent: IPHONE, standalone: true })).toBe(false);
    expect(needsHomeScreenForPush({ ...tab, userAgent: IPHONE, displayStandalone: true })).toBe(false);
  });

  it('does not show on Android, or on a Mac without touch', () => {
    expect(needsHomeScreenForPush({ ...tab, userAgent: ANDROID })).toBe(false);
    expect(needsHomeScreenForPush({ ...tab, userAgent: IPAD_DESKTOP, maxTouchPoints: 0 })).toBe(false);
  });
});
