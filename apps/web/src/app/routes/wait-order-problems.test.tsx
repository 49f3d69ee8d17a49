// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AUTHORIZATION_HEADER } from '@venue/domain/request-signature';
import { placedOrder, trackingState } from '../../features/tracking/test/tracking-fixtures';
import { NOW, WAIT, elapse, freshEachTest, serve, untilReads } from '../../features/tracking/test/tracking-screens';
import { renderApp } from '../../test/render-app';

freshEachTest();

describe('wait order screen (spec §2 step 2): problems and moving on', () => {
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
});
