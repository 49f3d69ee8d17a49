// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setNetworkListener } from '../../lib/api-client';
import { AUTHORIZATION_HEADER, TIMESTAMP_HEADER } from '@venue/domain/request-signature';
import { resetAlertedOnce } from '../../features/tracking/lib/alerted-once';
import { FakeEventSource } from '../../features/tracking/test/fake-event-source';
import { placedOrder, trackingFetch, trackingState } from '../../features/tracking/test/tracking-fixtures';
import { renderApp } from '../../test/render-app';

const WAIT = '/order-flow/wait-order';
const NOW = Date.parse('2026-11-22T06:04:00.000Z');

function serve(...answers: Parameters<typeof trackingFetch>[0]) {
  const server = trackingFetch(answers);
  vi.stubGlobal('fetch', vi.fn(server.fetchMock));
  return server;
}

/** Moves fake time on in half-second steps until the order has been read `count` times. */
async function untilReads(server: ReturnType<typeof serve>, count: number) {
  for (let step = 0; step < 60 && server.orderReads().length < count; step++) await elapse(500);
  expect(server.orderReads()).toHaveLength(count);
}

/** Lets timers and answers run for `ms` of fake time. */
async function elapse(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true, now: NOW });
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

describe('wait order screen (spec §2 step 2)', () => {
  it('shows queue position, progress, estimated wait, order number and the vendor', async () => {
    serve(placedOrder());
    renderApp(WAIT, trackingState());
    await screen.findByRole('heading', { level: 1, name: 'Wait and keep checking screen' });
    expect(screen.getByTestId('queue-position').textContent).toBe('3');
    // 780 s: 709 s to 858 s
    expect(screen.getByTestId('wait-estimate').textContent).toBe('11 mins - 15 mins');
    expect(screen.getByTestId('claim-ticket').textContent).toBe('A12');
    // 4 of 10 minutes gone: 40 % is the fourth step
    const progress = screen.getByRole('progressbar', { name: 'Order progress' });
    expect(progress.getAttribute('aria-valuenow')).toBe('40');
    expect(progress.getAttribute('aria-valuetext')).toBe('Step 4 of 8');
    expect(screen.getByRole('link', { name: /Call 02 9000 0000/ }).getAttribute('href')).toBe('tel:0290000000');
    expect(screen.getByText('Level 1, Gate B')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Where to find Grill & Bun' }).getAttribute('src')).toBe(
      '/v1/displayassets/77/transformed/350x',
    );
    // the step header marks Track as the current step
    expect(
      screen.getByRole('navigation', { name: 'Order progress' }).querySelector('[aria-current="step"]')?.textContent,
    ).toContain('Track');
  });

  it('announces the queue position in a live region as it changes', async () => {
    const server = serve(placedOrder(), placedOrder({ positionInQueue: 1, secsToServiceEstimate: 60 }));
    renderApp(WAIT, trackingState());
    const position = await screen.findByTestId('queue-position');
    expect(position.closest('[aria-live="polite"]')).toBeTruthy();
    await untilReads(server, 2);
    await waitFor(() => expect(screen.getByTestId('queue-position').textContent).toBe('1'));
    expect(screen.getByTestId('wait-estimate').textContent).toBe('Very Soon!');
  });

  it('announces status and queue changes in one polite live region that stays in the page', async () => {
    // Paid (not queued yet) → 3rd in the queue → 1st: each change is read out from the same region.
    const server = serve(placedOrder(), placedOrder({ positionInQueue: 1, secsToServiceEstimate: 60 }));
    renderApp(WAIT, trackingState({ orderStatus: 'Paid', positionInQueue: null }));
    const sending = await screen.findByText('Sending your order to Grill & Bun…');
    const region = sending.closest('[aria-live]');
    expect(region?.getAttribute('aria-live')).toBe('polite');
    expect(region?.getAttribute('aria-atomic')).toBe('true');
    await untilReads(server, 1);
    await waitFor(() => expect(region?.textContent).toContain('you are 3rd in the queue'));
    expect(region?.isConnected, 'the same region, not a new one').toBe(true);
    await untilReads(server, 2);
    await waitFor(() => expect(region?.textContent).toContain('you are 1st in the queue'));
    expect(region?.isConnected).toBe(true);
    expect(within(region as HTMLElement).getByTestId('queue-position').textContent).toBe('1');
  });

  it('polls the signed order read every 5 s', async () => {
    const server = serve(placedOrder());
    renderApp(WAIT, trackingState());
    await screen.findByTestId('queue-position');
    await waitFor(() => expect(server.orderReads()).toHaveLength(1));
    await elapse(4000);
    expect(server.orderReads()).toHaveLength(1);
    await untilReads(server, 2);
    await elapse(4000);
    expect(server.orderReads()).toHaveLength(2);
    await untilReads(server, 3);
    const read = server.orderReads()[0]!;
    expect(read.headers[TIMESTAMP_HEADER]).toMatch(/^\d+$/);
    expect(read.headers[AUTHORIZATION_HEADER]).toMatch(/^hmac c-1:/i);
  });

  it("opens 'Pick up now' when the order turns PendingAlerted, and alerts the customer", async () => {
    const vibrate = vi.fn(() => true);
    Object.defineProperty(navigator, 'vibrate', { value: vibrate, configurable: true });
    const server = serve(placedOrder(), placedOrder({ orderStatus: 'PendingAlerted', positionInQueue: null }));
    const { location } = renderApp(WAIT, trackingState());
    await screen.findByTestId('queue-position');
    expect(screen.queryByRole('dialog')).toBeNull();
    await untilReads(server, 2);
    const dialog = await screen.findByRole('dialog', { name: 'Pick up now' });
    expect(within(dialog).getByText(/A12 is ready/)).toBeTruthy();
    expect(vibrate).toHaveBeenCalled();
    // behind the modal the screen no longer shows a wait
    expect(screen.getByText('Your order is ready')).toBeTruthy();
    expect(screen.queryByTestId('wait-estimate')).toBeNull();
    // and the progress bar is complete: 8 of 8, not the last step still under way
    const progress = screen.getByRole('progressbar', { name: 'Order progress' });
    expect(progress.getAttribute('aria-valuenow')).toBe('100');
    expect(progress.getAttribute('aria-valuetext')).toBe('Complete: 8 of 8 steps');
    expect(progress.querySelectorAll('[data-filled]')).toHaveLength(8);
    const collect = within(dialog).getByRole('button', { name: 'Collect my order' });
    expect(collect.tagName, 'a modal action is a button').toBe('BUTTON');
    fireEvent.click(collect);
    await waitFor(() => expect(location()).toBe('/order-flow/alert-order'));
  });

  it("offers 'Notify me when ready' while waiting, and no longer once the order is ready", async () => {
    vi.stubGlobal('Notification', { permission: 'default', requestPermission: vi.fn(async () => 'granted') });
    const server = serve(placedOrder(), placedOrder({ orderStatus: 'PendingAlerted', positionInQueue: null }));
    renderApp(WAIT, trackingState());
    await screen.findByTestId('queue-position');
    expect(screen.getByRole('button', { name: 'Notify me when ready' })).toBeTruthy();
    await untilReads(server, 2);
    await screen.findByRole('dialog', { name: 'Pick up now' });
    expect(screen.queryByText('Notify me when ready')).toBeNull();
  });

  it("opens 'Pick up now' for Serviced too", async () => {
    serve(placedOrder({ orderStatus: 'Serviced', positionInQueue: null }));
    renderApp(WAIT, trackingState());
    await screen.findByRole('dialog', { name: 'Pick up now' });
  });

  it('says "We\'re on our way" for home delivery', async () => {
    serve(placedOrder({ serviceMode: 'HomeDelivery', orderStatus: 'PendingAlerted', positionInQueue: null }));
    const { location } = renderApp(
      WAIT,
      trackingState(
        {},
        {
          order: {
            vendorId: 1,
            orderConfiguration: { defaultOrderServiceMode: 'HomeDelivery', selectedServiceMode: 'HomeDelivery' },
          },
        },
      ),
    );
    const dialog = await screen.findByRole('dialog', { name: "We're on our way" });
    fireEvent.click(within(dialog).getByRole('button', { name: 'See my order' }));
    await waitFor(() => expect(location()).toBe('/order-flow/alert-order'));
  });

  it("opens 'Temporary problem!' when the order is cancelled; Ok goes to alert-order", async () => {
    const server = serve(placedOrder({ orderStatus: 'Cancelled', positionInQueue: null }));
    const { location } = renderApp(WAIT, trackingState());
    const dialog = await screen.findByRole('dialog', { name: 'Temporary problem!' });
    await elapse(15_000);
    expect(server.orderReads()).toHaveLength(1);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(location()).toBe('/order-flow/alert-order'));
    await screen.findByRole('dialog', { name: 'We need to discuss your order with you at the shop' });
  });

  it("keeps polling after a 'Network Error' without the problem modal", async () => {
    const server = serve(new Error('offline'), new Error('offline'), placedOrder({ orderStatus: 'PendingAlerted' }));
    renderApp(WAIT, trackingState());
    await screen.findByTestId('queue-position');
    await untilReads(server, 2);
    expect(screen.queryByRole('dialog', { name: 'Temporary problem!' })).toBeNull();
    await untilReads(server, 3);
    await screen.findByRole('dialog', { name: 'Pick up now' });
    expect(server.orderReads()).toHaveLength(3);
  });

  it("stops polling on any other error and opens 'Temporary problem!'; Ok checks again", async () => {
    const server = serve(500, placedOrder());
    renderApp(WAIT, trackingState());
    const dialog = await screen.findByRole('dialog', { name: 'Temporary problem!' });
    await elapse(20_000);
    expect(server.orderReads()).toHaveLength(1);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ok' }));
    await elapse(0);
    await waitFor(() => expect(server.orderReads()).toHaveLength(2));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('sends the signed alerted call on entry with PendingAlerted and shows the pick-up modal', async () => {
    const server = serve(placedOrder({ orderStatus: 'PendingAlerted' }));
    renderApp(WAIT, trackingState({ orderStatus: 'PendingAlerted', positionInQueue: null }));
    await screen.findByRole('dialog', { name: 'Pick up now' });
    await waitFor(() => expect(server.calls.some((c) => c.path.endsWith('/alerted'))).toBe(true));
    const alerted = server.calls.filter((c) => c.path === '/vendor/1/order/42/alerted');
    expect(alerted).toHaveLength(1);
    expect(alerted[0]!.method).toBe('POST');
    const body = alerted[0]!.body as { orderId: number; vendorId: number; timeAlerted: string };
    expect(body).toMatchObject({ orderId: 42, vendorId: 1 });
    expect(new Date(body.timeAlerted).toISOString()).toBe(body.timeAlerted);
    expect(Math.abs(Date.parse(body.timeAlerted) - NOW)).toBeLessThan(5000);
    expect(alerted[0]!.headers[AUTHORIZATION_HEADER]).toMatch(/^hmac c-1:/i);
    expect(server.orderReads()).toHaveLength(0);
  });

  it.each(['Cancelled', 'Serviced'] as const)(
    'moves on to alert-order at once on entry with %s',
    async (orderStatus) => {
      serve(placedOrder({ orderStatus }));
      const { location } = renderApp(WAIT, trackingState({ orderStatus, positionInQueue: null }));
      await waitFor(() => expect(location()).toBe('/order-flow/alert-order'));
    },
  );

  it('shows the scheduled time of a Scheduled order in the venue time zone', async () => {
    const scheduled = {
      orderStatus: 'Scheduled' as const,
      positionInQueue: null,
      requestedServiceTime: '2026-11-22T07:15:00.000Z',
    };
    serve(placedOrder(scheduled));
    renderApp(WAIT, trackingState(scheduled));
    // 07:15 UTC is 6:15 PM in Sydney (daylight time, UTC+11)
    expect((await screen.findByText(/Scheduled for/)).textContent).toBe('Scheduled for 6:15 PM');
  });

  it('shows the loader while Waiting without a queue position', async () => {
    serve(placedOrder({ positionInQueue: null }));
    renderApp(WAIT, trackingState({ positionInQueue: null }));
    expect(await screen.findByText('Loading your order…')).toBeTruthy();
    await elapse(5000);
    expect(screen.queryByTestId('queue-position')).toBeNull();
  });

  it('shows the loader while the vendor is unknown, then the screen once the vendor list arrives', async () => {
    const server = serve(placedOrder());
    renderApp(
      WAIT,
      trackingState(
        {},
        {
          venue: {
            venues: { data: [], fetchStatus: null, error: null },
            vendors: { data: [], fetchStatus: null, error: null },
            selectedVendor: null,
          },
        },
      ),
    );
    expect(await screen.findByText('Loading your order…')).toBeTruthy();
    await screen.findByTestId('queue-position');
    expect(server.calls.some((c) => c.path === '/venue/0/vendors')).toBe(true);
  });

  it('goes to the start screen when the order has no status', async () => {
    serve(placedOrder());
    const { location } = renderApp(
      WAIT,
      trackingState(null, {
        venue: {
          selectedVendor: {
            id: 1,
            venueId: 0,
            storeName: 'Grill & Bun',
            phoneNumber: '',
            location: '',
            displayAssets: { thumbnailAssetId: null, locationImageAssetId: null },
          },
        },
      }),
    );
    await waitFor(() => expect(location()).toBe('/start'));
  });

  it('goes to the consumer-details route without the consumer, and reads no order', async () => {
    const server = serve(placedOrder());
    const { location, store } = renderApp(WAIT, trackingState({}, { consumer: { id: null, hmacKey: null } }));
    await waitFor(() => expect(location()).toBe('/order-flow/confirm-contact'));
    // the order cannot be read without its consumer's key: it is let go, so nothing sends it back here
    expect(store.getState().placedOrder.orderStatus).toBeNull();
    expect(server.orderReads()).toHaveLength(0);
  });
});

describe('receipt email modal', () => {
  it('keeps Send disabled unless the email is valid and non-empty, then sends the signed receipt request', async () => {
    const server = serve(placedOrder());
    renderApp(WAIT, trackingState());
    fireEvent.click(await screen.findByRole('button', { name: 'Email receipt' }));
    const dialog = screen.getByRole('dialog', { name: 'Email my receipt' });
    const input = within(dialog).getByLabelText('Email');
    const send = within(dialog).getByRole('button', { name: 'Send' }) as HTMLButtonElement;
    expect((input as HTMLInputElement).value).toBe('sam@example.com');
    expect(send.disabled).toBe(false);
    fireEvent.change(input, { target: { value: '' } });
    expect(send.disabled).toBe(true);
    fireEvent.change(input, { target: { value: 'not-an-email' } });
    expect(send.disabled).toBe(true);
    fireEvent.change(input, { target: { value: 'sam@example.com' } });
    expect(send.disabled).toBe(false);
    fireEvent.click(send);
    await waitFor(() => expect(server.calls.some((c) => c.path === '/current-consumer/issue-receipt')).toBe(true));
    const receipt = server.calls.find((c) => c.path === '/current-consumer/issue-receipt')!;
    expect(receipt.method).toBe('POST');
    expect(receipt.body).toEqual({ orderId: 42 });
    expect(receipt.headers[AUTHORIZATION_HEADER]).toMatch(/^hmac c-1:/i);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('saves a new address to the consumer before asking for the receipt; a failure is only logged', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const server = serve(placedOrder());
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        if (String(input).endsWith('/current-consumer/issue-receipt')) {
          await server.fetchMock(input, init);
          return new Response(JSON.stringify({ statusCode: 500, error: 'x', message: 'mail down' }), { status: 500 });
        }
        return server.fetchMock(input, init);
      }),
    );
    renderApp(WAIT, trackingState());
    fireEvent.click(await screen.findByRole('button', { name: 'Email receipt' }));
    const dialog = screen.getByRole('dialog', { name: 'Email my receipt' });
    fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: 'new@example.com' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(warn).toHaveBeenCalled());
    const paths = server.calls.map((c) => c.path);
    expect(paths.indexOf('/current-consumer/update')).toBeLessThan(paths.indexOf('/current-consumer/issue-receipt'));
    expect(server.calls.find((c) => c.path === '/current-consumer/update')!.body).toMatchObject({
      contact: { email: 'new@example.com' },
    });
    expect(screen.queryByRole('dialog', { name: 'Temporary problem!' })).toBeNull();
  });
});

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
