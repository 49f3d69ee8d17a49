// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { FakeEventSource } from '../../features/tracking/test/fake-event-source';
import { placedOrder, trackingState } from '../../features/tracking/test/tracking-fixtures';
import { WAIT, elapse, freshEachTest, serve, untilReads } from '../../features/tracking/test/tracking-screens';
import { renderApp } from '../../test/render-app';

freshEachTest();

describe('wait order screen with the live order stream (GET /v1/order/{orderId}/events)', () => {
  /** Room for a busy machine: these wait for what happens, not for how fast. */
  const PATIENT = { timeout: 10_000 };
  beforeEach(() => {
    FakeEventSource.made = [];
    vi.stubGlobal('EventSource', FakeEventSource);
  });
  const stream = () => FakeEventSource.made.at(-1)!;
  const opened = () =>
    vi.waitFor(() => expect(FakeEventSource.made.length).toBeGreaterThan(0), { timeout: PATIENT.timeout });

  it("opens 'Pick up now' as soon as the stream says the order is ready, without waiting for a poll", async () => {
    const server = serve(placedOrder());
    renderApp(WAIT, trackingState());
    await screen.findByTestId('queue-position', {}, PATIENT);
    await opened();
    expect(new URL(stream().url).pathname).toBe('/v1/order/42/events');
    expect(new URL(stream().url).searchParams.get('consumerId')).toBe('c-1');
    await act(async () => {
      stream().emit('order', JSON.stringify(placedOrder({ positionInQueue: 1, secsToServiceEstimate: 60 })));
    });
    await waitFor(() => expect(screen.getByTestId('queue-position').textContent).toBe('1'), PATIENT);
    await act(async () => {
      stream().emit('order', JSON.stringify(placedOrder({ orderStatus: 'PendingAlerted', positionInQueue: null })));
    });
    await screen.findByRole('dialog', { name: 'Pick up now' }, PATIENT);
    // One read on entry (spec §4), none since: the stream carried the rest, and was closed once the wait was over.
    expect(server.orderReads()).toHaveLength(1);
    expect(stream().closed).toBe(true);
  }, 30_000);

  it('reads no more while the stream is live, and polls every 5 s again once it drops', async () => {
    const server = serve(placedOrder());
    renderApp(WAIT, trackingState());
    await screen.findByTestId('queue-position', {}, PATIENT);
    await waitFor(() => expect(server.orderReads()).toHaveLength(1), PATIENT);
    await opened();
    await act(async () => {
      stream().emit('order', JSON.stringify(placedOrder()));
    });
    await elapse(20_000);
    expect(server.orderReads()).toHaveLength(1);
    await act(async () => {
      stream().drop();
    });
    await untilReads(server, 2);
    await untilReads(server, 3);
  }, 30_000);
});
