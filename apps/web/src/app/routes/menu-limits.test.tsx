// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { makeMenu, makeVendor } from '../../test/fixtures';
import { burgers, confirmButton, counter, plus, freshEachTest, row, savedOrder, serve } from '../../test/menu-screen';
import { renderApp } from '../../test/render-app';

// The build settings are fixed per build; each test picks the build it stands for.
vi.mock('../../config/settings', async () => (await import('../../test/build-settings')).settingsModule);

freshEachTest();

describe('menu, /order-flow/place-order: the basket limits (spec §5)', () => {
  it("the seventh alcoholic drink shows '6 Drink Maximum'", async () => {
    serve();
    renderApp('/order-flow/place-order', savedOrder({ Lager: 6 }));
    await screen.findByRole('heading', { level: 1, name: 'Grill & Bun' });
    fireEvent.click(plus('Lager'));
    const modal = screen.getByRole('dialog', { name: '6 Drink Maximum' });
    expect(within(modal).getByText('Sorry, there is a limit of 6 alcoholic drinks per order.')).toBeTruthy();
    fireEvent.click(within(modal).getByRole('button', { name: 'Ok' }));
    expect(counter('Lager')).toBe('6');
  });

  it("past maxBurdenPerOrder shows 'That's all we can handle!' with the store's name", async () => {
    serve({
      vendors: [
        makeVendor({
          id: 1,
          storeName: 'Grill & Bun',
          vendorOrderConfiguration: { ...burgers.vendorOrderConfiguration, maxBurdenPerOrder: 10 },
        }),
      ],
    });
    renderApp('/order-flow/place-order', savedOrder({ 'Family Pack': 1 }));
    await screen.findByRole('heading', { level: 1, name: 'Grill & Bun' });
    fireEvent.click(plus('Family Pack'));
    const modal = screen.getByRole('dialog', { name: "That's all we can handle!" });
    expect(within(modal).getByText('To serve you better, Grill & Bun limits order sizes.')).toBeTruthy();
  });

  it("over the stock: 'We've sold out!' lists the item and the count stays at the stock", async () => {
    serve();
    renderApp('/order-flow/place-order', savedOrder({ Salad: 2 }));
    await screen.findByRole('heading', { level: 1, name: 'Grill & Bun' });
    fireEvent.click(plus('Salad'));
    const modal = screen.getByRole('dialog', { name: "We've sold out!" });
    expect(
      within(modal).getByText('We apologise that the below items are no longer available for your order!'),
    ).toBeTruthy();
    expect(within(modal).getByText('Salad')).toBeTruthy();
    expect(counter('Salad')).toBe('2');
  });

  it("removes basket items sold out since they were added, in 'We've sold out!', and labels them 'Sold Out'", async () => {
    const menu = makeMenu();
    menu.items.find((i) => i.name === 'Salad')!.currentInventory = 0;
    serve({ menu });
    const { store } = renderApp('/order-flow/place-order', savedOrder({ Salad: 1, Fries: 2 }));
    const modal = await screen.findByRole('dialog', { name: "We've sold out!" });
    expect(within(modal).getByText('Salad')).toBeTruthy();
    expect(within(modal).queryByText('Fries')).toBeNull();
    expect(Object.keys(store.getState().order.userOrder)).toEqual(['Fries']);
    fireEvent.click(within(modal).getByRole('button', { name: 'Ok' }));
    expect(within(row('Salad')).getByText('Sold Out')).toBeTruthy();
    expect(within(row('Salad')).queryByRole('button', { name: 'Add one Salad' })).toBeNull();
  });

  it.each([
    [{ isPaused: true }, 'Back Soon!', 'Back Soon'],
    [{ isOpen: false }, 'We have closed', 'We are closed'],
  ])('a store that is %o shows the guard modal %s and the button %s; Ok goes home', async (change, title, label) => {
    serve({ vendors: [makeVendor({ id: 1, storeName: 'Grill & Bun', ...change })] });
    const { location } = renderApp('/order-flow/place-order', savedOrder({ Fries: 1 }));
    const modal = await screen.findByRole('dialog', { name: title });
    expect(confirmButton().textContent).toBe(label);
    expect(confirmButton().disabled).toBe(true);
    fireEvent.click(within(modal).getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(location()).toBe('/start'));
  });
});
