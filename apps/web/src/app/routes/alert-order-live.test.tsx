// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { FakeEventSource } from '../../features/tracking/test/fake-event-source';
import { placedOrder, trackingState } from '../../features/tracking/test/tracking-fixtures';
import { ALERT, elapse, freshEachTest, serve } from '../../features/tracking/test/tracking-screens';
import { renderApp } from '../../test/render-app';

freshEachTest();

/** Room for a busy machine: these wait for what happens, not for how fast. */
const PATIENT = { timeout: 10_000 };
const DISCUSS = 'We need to discuss your order with you at the shop';
const helped = { orderStatus: 'VendorSupportRequired', positionInQueue: null } as const;
const ready = { orderStatus: 'PendingAlerted', positionInQueue: null } as const;

/**
 * Moves fake time on a second at a time, letting real time pass too (a read is signed with the
 * browser's crypto, which no fake clock moves), until `check` passes.
 */
const until = (check: () => void) =>
  vi.waitFor(
    async () => {
      await elapse(1000);
      check();
    },
    { timeout: 10_000, interval: 20 },
  );

describe("alert order screen follows a helped order until it is ready (issue 23: 'Needs help', then 'Ready')", () => {
  beforeEach(() => {
    FakeEventSource.made = [];
  });

  it('shows the pick-up alert as soon as the stream says the order is ready, without a reload', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const server = serve(placedOrder(helped));
    renderApp(ALERT, trackingState(helped));
    await screen.findByRole('dialog', { name: DISCUSS }, PATIENT);
    await vi.waitFor(() => expect(FakeEventSource.made.length).toBe(1), PATIENT);
    const stream = FakeEventSource.made[0]!;
    expect(new URL(stream.url).pathname).toBe('/v1/order/42/events');
    await act(async () => {
      stream.emit('order', JSON.stringify(placedOrder(helped)));
    });
    await act(async () => {
      stream.emit('order', JSON.stringify(placedOrder(ready)));
    });
    const pickUp = await screen.findByRole('dialog', { name: 'Pick up now' }, PATIENT);
    expect(
      within(pickUp).getByText('Your order A12 is ready. Collect it from Grill & Bun and show your order number.'),
    ).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: DISCUSS })).toBeNull();
    // The vendor learns the customer saw it (spec §7 alerted), and the screen gives collect instructions.
    await vi.waitFor(
      () => expect(server.calls.some((c) => c.method === 'POST' && c.path === '/vendor/1/order/42/alerted')).toBe(true),
      PATIENT,
    );
    fireEvent.click(within(pickUp).getByRole('button', { name: 'Collect my order' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Collect your order' })).toBeTruthy();
  }, 30_000);

  it('shows it by polling where there is no stream', async () => {
    vi.stubGlobal('EventSource', undefined);
    const server = serve(placedOrder(helped), placedOrder(helped), placedOrder(ready));
    renderApp(ALERT, trackingState(helped));
    await screen.findByRole('dialog', { name: DISCUSS }, PATIENT);
    // Read on entry, then every 5 s: still helped at the second read, ready at the third.
    await until(() => expect(server.orderReads().length).toBeGreaterThanOrEqual(2));
    expect(screen.queryByRole('dialog', { name: 'Pick up now' })).toBeNull();
    await until(() => expect(screen.getByRole('dialog', { name: 'Pick up now' })).toBeTruthy());
    expect(server.orderReads()).toHaveLength(3);
  }, 30_000);

  it('stops following once the order is over', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const server = serve(placedOrder({ orderStatus: 'Serviced', positionInQueue: null }));
    renderApp(ALERT, trackingState({ orderStatus: 'Alerted', positionInQueue: null }));
    await until(() => expect(server.orderReads()).toHaveLength(1));
    // Read once, the stream closed, and nothing more however long the screen stays.
    for (let step = 0; step < 30; step++) await elapse(1000);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.orderReads()).toHaveLength(1);
    expect(FakeEventSource.made.every((source) => source.closed)).toBe(true);
  }, 30_000);
});
