import { afterEach, beforeEach, expect, vi } from 'vitest';
import { act, cleanup } from '@testing-library/react';
import { setNetworkListener } from '../../../lib/api-client';
import { resetAlertedOnce } from '../lib/alerted-once';
import { trackingFetch } from './tracking-fixtures';

/** The tracking screens' tests (app/routes/wait-order*.test.tsx, alert-order*.test.tsx): their paths, a fake clock and the server's answers. */

export const WAIT = '/order-flow/wait-order';
export const ALERT = '/order-flow/alert-order';
export const NOW = Date.parse('2026-11-22T06:04:00.000Z');

export function serve(...answers: Parameters<typeof trackingFetch>[0]) {
  const server = trackingFetch(answers);
  vi.stubGlobal('fetch', vi.fn(server.fetchMock));
  return server;
}

/** Moves fake time on in half-second steps until the order has been read `count` times. */
export async function untilReads(server: ReturnType<typeof serve>, count: number) {
  for (let step = 0; step < 60 && server.orderReads().length < count; step++) await elapse(500);
  expect(server.orderReads()).toHaveLength(count);
}

/** Lets timers and answers run for `ms` of fake time. */
export async function elapse(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

/** Each test starts with nothing alerted (on a fake clock at NOW unless `fakeClock` is false), and leaves no stubs behind. */
export function freshEachTest({ fakeClock = true } = {}) {
  beforeEach(() => {
    if (fakeClock) vi.useFakeTimers({ shouldAdvanceTime: true, now: NOW });
    vi.stubGlobal('scrollTo', vi.fn());
    resetAlertedOnce();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    setNetworkListener(null);
    Reflect.deleteProperty(navigator, 'vibrate');
  });
}

/** A saved order for home delivery from vendor 1, to an address in Sydney. */
export const deliveryOrder = {
  order: {
    vendorId: 1,
    orderConfiguration: { defaultOrderServiceMode: 'HomeDelivery', selectedServiceMode: 'HomeDelivery' },
    deliveryAddress: {
      streetAddress: '1 Harbour St',
      addressLocality: 'Sydney',
      postalCode: '2000',
      addressRegion: 'NSW',
      addressCountry: 'AU',
      addressDescription: '',
      location: { latitude: -33.86, longitude: 151.2 },
    },
  },
};
