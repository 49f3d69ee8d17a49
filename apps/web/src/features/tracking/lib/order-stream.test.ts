// @vitest-environment jsdom
import { createHmac } from 'node:crypto';
import type { PlacedOrder } from '@venue/contract/order';
import { signedQueryBase } from '@venue/domain/request-signature';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeEventSource } from '../test/fake-event-source';
import {
  followOrderStream,
  orderEventsUrl,
  orderStreamsSupported,
  STREAM_RETRY_FIRST_MS,
  STREAM_RETRY_MOST_MS,
} from './order-stream';

const KEY = { consumerId: 'consumer-7', hmacKey: 'secret-key' };

const order = (status: string, position: number | null = null) =>
  ({ id: 5, vendorId: 2, orderStatus: status, positionInQueue: position }) as PlacedOrder;

const latest = () => FakeEventSource.made.at(-1)!;
/** Waits until `count` sources have been opened (signing is asynchronous). */
const opened = (count: number) => vi.waitFor(() => expect(FakeEventSource.made).toHaveLength(count));

beforeEach(() => {
  FakeEventSource.made = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("the order's live stream", () => {
  it('is signed in its query over the path, as the server checks it', async () => {
    const url = new URL(await orderEventsUrl(KEY, 42, 1_700_000_000_000));
    expect(url.pathname).toBe('/v1/order/42/events');
    expect(url.searchParams.get('consumerId')).toBe('consumer-7');
    expect(url.searchParams.get('timestamp')).toBe('1700000000000');
    const expected = createHmac('sha1', KEY.hmacKey)
      .update(signedQueryBase('/v1/order/42/events', '1700000000000'))
      .digest('base64');
    expect(url.searchParams.get('signature')).toBe(expected);
  });

  it('hands each order on and says when it is live, and when it is not', async () => {
    const onOrder = vi.fn();
    const onLiveChange = vi.fn();
    const stop = followOrderStream(KEY, 5, { onOrder, onLiveChange });
    await opened(1);
    expect(onLiveChange).not.toHaveBeenCalled();

    latest().emit('order', JSON.stringify(order('Waiting', 2)));
    expect(onOrder).toHaveBeenLastCalledWith(order('Waiting', 2));
    expect(onLiveChange).toHaveBeenLastCalledWith(true);
    latest().emit('order', 'not json');
    expect(onOrder).toHaveBeenCalledTimes(1);

    // A dropped connection: the browser reconnects by itself; no second source is opened.
    latest().drop();
    expect(onLiveChange).toHaveBeenLastCalledWith(false);
    await vi.advanceTimersByTimeAsync(STREAM_RETRY_MOST_MS);
    expect(FakeEventSource.made).toHaveLength(1);
    latest().emit('order', JSON.stringify(order('PendingAlerted')));
    expect(onLiveChange).toHaveBeenLastCalledWith(true);
    expect(onOrder).toHaveBeenLastCalledWith(order('PendingAlerted'));

    stop();
    expect(latest().closed).toBe(true);
  });

  it('opens a refused stream again, freshly signed, after a pause that grows to at most 30 s', async () => {
    const stop = followOrderStream(KEY, 5, { onOrder: vi.fn(), onLiveChange: vi.fn() });
    await opened(1);
    const pauses = [1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000];
    expect(pauses[0]).toBe(STREAM_RETRY_FIRST_MS);
    expect(pauses.at(-1)).toBe(STREAM_RETRY_MOST_MS);
    for (const [attempt, pause] of pauses.entries()) {
      const source = latest();
      source.refuse();
      expect(source.closed).toBe(true);
      await vi.advanceTimersByTimeAsync(pause - 1);
      expect(FakeEventSource.made).toHaveLength(attempt + 1);
      await vi.advanceTimersByTimeAsync(1);
      await opened(attempt + 2);
    }
    // Each attempt is signed at its own time, so an expired signature is never sent again.
    const stamps = FakeEventSource.made.map((s) => new URL(s.url).searchParams.get('timestamp'));
    expect(new Set(stamps).size).toBe(stamps.length);

    // Once an order arrives, the next refusal starts from the shortest pause again.
    latest().emit('order', JSON.stringify(order('Waiting', 1)));
    latest().refuse();
    const before = FakeEventSource.made.length;
    await vi.advanceTimersByTimeAsync(STREAM_RETRY_FIRST_MS);
    await opened(before + 1);
    stop();
  });

  it('opens nothing once stopped, and nothing where the browser has no EventSource', async () => {
    const stop = followOrderStream(KEY, 5, { onOrder: vi.fn(), onLiveChange: vi.fn() });
    await opened(1);
    latest().refuse();
    stop();
    await vi.advanceTimersByTimeAsync(STREAM_RETRY_MOST_MS);
    expect(FakeEventSource.made).toHaveLength(1);

    expect(orderStreamsSupported()).toBe(true);
    vi.stubGlobal('EventSource', undefined);
    expect(orderStreamsSupported()).toBe(false);
  });
});
