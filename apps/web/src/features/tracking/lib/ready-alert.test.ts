// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  beep,
  flashTitle,
  notificationPermission,
  notify,
  READY_VIBRATION,
  readyAlert,
  requestNotificationPermission,
  vibrate,
} from './ready-alert';

const message = { title: 'Your order is ready!', body: 'Order A12 is ready to collect.', tag: 'order-7' };

function stubNotification(permission: NotificationPermission, answer: NotificationPermission = permission) {
  const Notification = vi.fn();
  Object.assign(Notification, { permission, requestPermission: vi.fn(async () => answer) });
  vi.stubGlobal('Notification', Notification);
  return Notification as unknown as ReturnType<typeof vi.fn> & { requestPermission: ReturnType<typeof vi.fn> };
}

function fakeAudioContext() {
  const oscillators: { start: ReturnType<typeof vi.fn>; frequency: { value: number } }[] = [];
  class FakeContext {
    currentTime = 0;
    destination = {};
    resume = vi.fn(async () => undefined);
    close = vi.fn(async () => undefined);
    createOscillator() {
      const node = {
        type: '',
        frequency: { value: 0 },
        connect: vi.fn((next: unknown) => next),
        start: vi.fn(),
        stop: vi.fn(),
      };
      oscillators.push(node);
      return node;
    }
    createGain() {
      return {
        gain: { setValueAtTime: vi.fn(), exponentialRampToValueAtTime: vi.fn() },
        connect: vi.fn((next: unknown) => next),
      };
    }
  }
  return { FakeContext, oscillators };
}

beforeEach(() => {
  vi.useFakeTimers();
  document.title = 'Harbourside Stadium';
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ready alert (issue 5 part 8)', () => {
  it('vibrates with the ready pattern where the device can', () => {
    const vibrateSpy = vi.fn(() => true);
    vi.stubGlobal('navigator', { ...navigator, vibrate: vibrateSpy });
    vibrate();
    expect(vibrateSpy).toHaveBeenCalledWith(READY_VIBRATION);
  });

  it('plays two oscillator tones and needs no audio file', () => {
    const { FakeContext, oscillators } = fakeAudioContext();
    vi.stubGlobal('AudioContext', FakeContext);
    beep();
    expect(oscillators).toHaveLength(2);
    expect(oscillators.every((node) => node.start.mock.calls.length === 1 && node.frequency.value > 0)).toBe(true);
  });

  it('flashes the title until the page gets focus, then puts it back', () => {
    vi.spyOn(document, 'hasFocus').mockReturnValue(false);
    flashTitle('Your order is ready!');
    expect(document.title).toBe('Your order is ready!');
    vi.advanceTimersByTime(1000);
    expect(document.title).toBe('Harbourside Stadium');
    vi.advanceTimersByTime(1000);
    expect(document.title).toBe('Your order is ready!');
    window.dispatchEvent(new Event('focus'));
    expect(document.title).toBe('Harbourside Stadium');
    vi.advanceTimersByTime(5000);
    expect(document.title).toBe('Harbourside Stadium');
  });

  it('leaves the title alone when the customer is already looking', () => {
    vi.spyOn(document, 'hasFocus').mockReturnValue(true);
    flashTitle('Your order is ready!');
    vi.advanceTimersByTime(3000);
    expect(document.title).toBe('Harbourside Stadium');
  });

  it('shows a system notification only when permission was granted', () => {
    const granted = stubNotification('granted');
    notify(message);
    expect(granted).toHaveBeenCalledWith(message.title, { body: message.body, tag: message.tag });

    const asked = stubNotification('default');
    notify(message);
    const denied = stubNotification('denied');
    notify(message);
    expect(asked).not.toHaveBeenCalled();
    expect(denied).not.toHaveBeenCalled();
  });

  it("asks for permission ('Notify me when ready') and reports the answer", async () => {
    const notification = stubNotification('default', 'granted');
    await expect(requestNotificationPermission()).resolves.toBe('granted');
    expect(notification.requestPermission).toHaveBeenCalledTimes(1);
  });

  it('does nothing, and throws nothing, where the browser lacks every API', async () => {
    vi.spyOn(document, 'hasFocus').mockReturnValue(true);
    vi.stubGlobal('navigator', {});
    vi.stubGlobal('AudioContext', undefined);
    vi.stubGlobal('Notification', undefined);
    Reflect.deleteProperty(window, 'Notification');
    expect(notificationPermission()).toBe('unsupported');
    await expect(requestNotificationPermission()).resolves.toBe('unsupported');
    expect(() => readyAlert(message)()).not.toThrow();
  });
});
