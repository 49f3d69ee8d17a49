// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AUTHORIZATION_HEADER, TIMESTAMP_HEADER } from '@venue/domain/request-signature';
import { placedOrder, trackingState } from '../../features/tracking/test/tracking-fixtures';
import { WAIT, elapse, freshEachTest, serve, untilReads } from '../../features/tracking/test/tracking-screens';
import { renderApp } from '../../test/render-app';

freshEachTest();

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
});
