// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { buildEnv } from '../../test/build-settings';
import { fakeFetch, makeVendor } from '../../test/fixtures';
import { freshEachTest } from '../../test/fresh-each-test';
import { renderApp, stateWith } from '../../test/render-app';

// The build settings are fixed per build; each test picks the build it stands for.
vi.mock('../../config/settings', async () => (await import('../../test/build-settings')).settingsModule);

const burgers = makeVendor({ id: 2, storeName: 'Grill & Bun' });
const pizza = makeVendor({
  id: 3,
  storeName: 'Slice Pizza Co.',
  serviceModes: ['TakeAway', 'HomeDelivery'],
  geoLocation: { latitude: -33.8478, longitude: 151.0638 },
});
pizza.vendorOrderConfiguration.deliveryMaxDistance = 10;
pizza.vendorOrderConfiguration.deliveryTimeBuffer = 900_000;

const PARRAMATTA = {
  streetAddress: '12 Smith St',
  addressLocality: 'Parramatta',
  postalCode: '2150',
  addressRegion: 'NSW',
  addressCountry: 'AU',
  addressDescription: '12 Smith St, Parramatta NSW 2150',
  location: { latitude: -33.8136, longitude: 151.0034 },
};

function serve(vendors = [burgers, pizza]) {
  const fetchMock = vi.fn(
    fakeFetch({
      '/time': { now: '', epochMs: 0 },
      '/venue/0/vendors': vendors,
      '/address/autocomplete': [
        {
          placeId: 'au-2778',
          description: '12 Smith St, Parramatta NSW 2150',
          streetAddress: '12 Smith St',
          addressLocality: 'Parramatta',
          postalCode: '2150',
          addressRegion: 'NSW',
          distance: 6676,
        },
      ],
      '/address/place/au-2778': PARRAMATTA,
    }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

freshEachTest();

describe('delivery route guard (spec §2)', () => {
  it('goes to discover-vendor in a multi-vendor build when no vendor offers HomeDelivery and the order is empty', async () => {
    serve([burgers]);
    const { location } = renderApp('/order-flow/delivery');
    await waitFor(() => expect(location()).toBe('/order-flow/discover-vendor'));
  });

  it('goes to start in a single-vendor build', async () => {
    buildEnv.current = { VITE_MULTI_VENDOR: 'false', VITE_VENDOR_ID: '2' };
    serve([burgers]);
    const { location } = renderApp('/order-flow/delivery');
    await waitFor(() => expect(location()).toBe('/start'));
  });

  it('stays while a vendor offers HomeDelivery', async () => {
    serve();
    const { location } = renderApp('/order-flow/delivery');
    await screen.findByRole('combobox', { name: 'Delivery address' });
    expect(location()).toBe('/order-flow/delivery');
  });
});

describe('delivery screen', () => {
  it('looks addresses up once typing pauses, lists the store that delivers, and stores the choice', async () => {
    const fetchMock = serve();
    const { store } = renderApp('/order-flow/delivery');
    const field = await screen.findByRole('combobox', { name: 'Delivery address' });
    fireEvent.change(field, { target: { value: '12 Smith St, Parra' } });
    // not at once: spec §9 debounce of 1000 ms
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/address/autocomplete'))).toBe(false);
    const option = await screen.findByRole('option', { name: '12 Smith St, Parramatta NSW 2150' }, { timeout: 3000 });
    const call = fetchMock.mock.calls.find(([url]) => String(url).includes('/address/autocomplete'))!;
    expect(String(call[0])).toContain('input=12+Smith+St%2C+Parra');
    expect(String(call[0])).toContain('latitude=-33.8478');
    fireEvent.click(option);

    const storeButton = await screen.findByRole('button', { name: /Slice Pizza Co\./ });
    expect(storeButton.textContent).toMatch(/Delivery about \d+ min/);
    fireEvent.click(storeButton);
    fireEvent.click(await screen.findByRole('button', { name: 'ASAP' }));
    await waitFor(() => expect(store.getState().order.deliveryAddress).toEqual(PARRAMATTA));
    expect(store.getState().order.orderConfiguration.selectedServiceMode).toBe('HomeDelivery');
    expect(store.getState().order.vendorId).toBe(3);
  });

  it('gives the address fields their autocomplete purposes (street-address, address-line1)', async () => {
    serve();
    renderApp('/order-flow/delivery');
    const field = await screen.findByRole('combobox', { name: 'Delivery address' });
    expect(field.getAttribute('autocomplete')).toBe('street-address');
    fireEvent.change(field, { target: { value: '12 Smith St, Parra' } });
    fireEvent.click(await screen.findByRole('option', { name: '12 Smith St, Parramatta NSW 2150' }, { timeout: 3000 }));
    const street = await screen.findByRole('textbox', { name: 'Street address' });
    expect(street.getAttribute('autocomplete')).toBe('address-line1');
  });

  it("single-vendor: 'Enter Address Above' until an address is chosen, then 'Proceed to Order'", async () => {
    buildEnv.current = { VITE_MULTI_VENDOR: 'false', VITE_VENDOR_ID: '3' };
    serve();
    renderApp(
      '/order-flow/delivery',
      stateWith((draft) => {
        draft.order.orderConfiguration.selectedServiceMode = 'HomeDelivery';
        draft.order.deliveryAddress = PARRAMATTA;
      }),
    );
    // a remembered address is checked again; before that the button asks for one
    const button = await screen.findByRole('button', { name: 'Proceed to Order' });
    expect((button as HTMLButtonElement).disabled).toBe(false);
    const field = screen.getByRole('combobox', { name: 'Delivery address' });
    fireEvent.change(field, { target: { value: 'Parra' } });
    const enter = await screen.findByRole('button', { name: 'Enter Address Above' });
    expect((enter as HTMLButtonElement).disabled).toBe(true);
  });

  it("single-vendor: 'We are closed' when the store is closed", async () => {
    buildEnv.current = { VITE_MULTI_VENDOR: 'false', VITE_VENDOR_ID: '3' };
    serve([{ ...pizza, isOpen: false, nextServiceTime: null }]);
    renderApp('/order-flow/delivery');
    const closed = await screen.findByRole('button', { name: 'We are closed' });
    expect((closed as HTMLButtonElement).disabled).toBe(true);
  });
});
