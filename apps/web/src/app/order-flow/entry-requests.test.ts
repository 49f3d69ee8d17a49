import { createNextState } from '@reduxjs/toolkit';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Vendor } from '@venue/contract/venue';
import { makeVendor } from '../../test/fixtures';
import { toSelectedVendor } from '../../features/vendors/store/venue-slice';
import { createStore, type RootState } from '../store';
import { currentVendorId, entryFetches, venueIdFor } from './entry-requests';

// The build settings are fixed per build; each test picks the build it stands for.
const env = vi.hoisted(() => ({ current: {} as Record<string, string> }));
vi.mock('../../config/settings', async () => {
  const { parseSettings } = await import('../../config/settings-schema');
  return {
    get settings() {
      return parseSettings(env.current);
    },
  };
});

afterEach(() => {
  env.current = {};
});

const PLACE_ORDER = 'http://localhost/order-flow/place-order';
const WAIT_ORDER = 'http://localhost/order-flow/wait-order';
const NOTHING = { get: [], images: [] };

/**
 * The app's state changed by `edit`, as the page finds it saved: the early script reads the JSON
 * text under 'state', so the state goes through JSON as it would.
 */
function saved(edit: (draft: RootState) => void): RootState {
  return JSON.parse(JSON.stringify(createNextState(createStore().getState(), edit))) as RootState;
}

const fetchesAt = (url: string, state: RootState) => entryFetches(new URL(url), state);

/** A vendor of venue `venueId` with a location picture (or none). */
function vendor(id: number, venueId: number, locationImageAssetId: number | null = null): Vendor {
  return makeVendor({ id, venueId, displayAssets: { thumbnailAssetId: null, locationImageAssetId } });
}

describe('place-order entry fetches', () => {
  it("the basket's vendor: its venue's vendor list and its menu, the venue from the selected vendor", () => {
    const state = saved((s) => {
      s.order.vendorId = 2;
      s.venue.selectedVendor = toSelectedVendor(vendor(2, 7));
    });
    expect(fetchesAt(PLACE_ORDER, state)).toEqual({
      get: ['/venue/7/vendors', '/vendor/2/current-menu'],
      images: [],
    });
  });

  it('only a selected vendor (chosen on start or discover, nothing in the basket yet)', () => {
    const state = saved((s) => {
      s.venue.selectedVendor = toSelectedVendor(vendor(3, 5));
    });
    expect(state.order.vendorId).toBeNull();
    expect(fetchesAt(PLACE_ORDER, state)).toEqual({
      get: ['/venue/5/vendors', '/vendor/3/current-menu'],
      images: [],
    });
  });

  it("the basket's vendor wins over another selected vendor, its venue taken from the vendor list", () => {
    const state = saved((s) => {
      s.order.vendorId = 4;
      s.venue.selectedVendor = toSelectedVendor(vendor(9, 8));
      s.venue.vendors.data = [vendor(9, 8), vendor(4, 6)];
    });
    expect(currentVendorId(state)).toBe(4);
    expect(fetchesAt(PLACE_ORDER, state).get).toEqual(['/venue/6/vendors', '/vendor/4/current-menu']);
  });

  it('a vendor neither selected nor listed: the venue of the build settings', () => {
    const state = saved((s) => {
      s.order.vendorId = 4;
    });
    // Multi-vendor: the discover venue when there is one, else the build's venue.
    env.current = { VITE_VENUE_ID: '11' };
    expect(fetchesAt(PLACE_ORDER, state).get).toEqual(['/venue/11/vendors', '/vendor/4/current-menu']);
    env.current = { VITE_VENUE_ID: '11', VITE_DISCOVER_VENUE_ID: '12' };
    expect(fetchesAt(PLACE_ORDER, state).get).toEqual(['/venue/12/vendors', '/vendor/4/current-menu']);
    // Single-vendor: always the build's venue.
    env.current = {
      VITE_MULTI_VENDOR: 'false',
      VITE_VENDOR_ID: '4',
      VITE_VENUE_ID: '11',
      VITE_DISCOVER_VENUE_ID: '12',
    };
    expect(fetchesAt(PLACE_ORDER, state).get).toEqual(['/venue/11/vendors', '/vendor/4/current-menu']);
  });

  it('the venue the entry guard asks for is the one the early script asks for', () => {
    const state = saved((s) => {
      s.order.vendorId = 4;
      s.venue.vendors.data = [vendor(4, 6)];
    });
    expect(venueIdFor(state, 4)).toBe(6);
    expect(venueIdFor(state, 5)).toBe(0);
  });

  it('multi-vendor: a ?vendorId= query names the store, over the saved one', () => {
    const state = saved((s) => {
      s.order.vendorId = 2;
      s.venue.selectedVendor = toSelectedVendor(vendor(2, 7));
      s.venue.vendors.data = [vendor(2, 7), vendor(5, 9)];
    });
    expect(fetchesAt(`${PLACE_ORDER}?vendorId=5`, state).get).toEqual(['/venue/9/vendors', '/vendor/5/current-menu']);
    // Nothing saved at all: the query alone is enough, the venue from the build.
    env.current = { VITE_VENUE_ID: '3' };
    expect(
      fetchesAt(
        `${PLACE_ORDER}?vendorId=5`,
        saved(() => undefined),
      ).get,
    ).toEqual(['/venue/3/vendors', '/vendor/5/current-menu']);
  });

  it('a malformed ?vendorId= is ignored', () => {
    const state = saved((s) => {
      s.order.vendorId = 2;
      s.venue.selectedVendor = toSelectedVendor(vendor(2, 7));
    });
    expect(fetchesAt(`${PLACE_ORDER}?vendorId=abc`, state).get).toEqual(['/venue/7/vendors', '/vendor/2/current-menu']);
    expect(
      fetchesAt(
        `${PLACE_ORDER}?vendorId=abc`,
        saved(() => undefined),
      ),
    ).toEqual(NOTHING);
  });

  it('single-vendor: the query is not read', () => {
    env.current = { VITE_MULTI_VENDOR: 'false', VITE_VENDOR_ID: '2' };
    const state = saved((s) => {
      s.order.vendorId = 2;
      s.venue.selectedVendor = toSelectedVendor(vendor(2, 0));
    });
    expect(fetchesAt(`${PLACE_ORDER}?vendorId=5`, state).get).toEqual(['/venue/0/vendors', '/vendor/2/current-menu']);
    expect(
      fetchesAt(
        `${PLACE_ORDER}?vendorId=5`,
        saved(() => undefined),
      ),
    ).toEqual(NOTHING);
  });

  it('no vendor chosen: nothing (the guard redirects instead)', () => {
    expect(
      fetchesAt(
        PLACE_ORDER,
        saved(() => undefined),
      ),
    ).toEqual(NOTHING);
    // A vendor list alone chooses nothing.
    expect(
      fetchesAt(
        PLACE_ORDER,
        saved((s) => void (s.venue.vendors.data = [vendor(2, 0)])),
      ),
    ).toEqual(NOTHING);
  });
});

describe('wait-order entry fetches', () => {
  /** A placed take-away order at vendor 2. */
  const placed = (edit: (draft: RootState) => void = () => undefined) =>
    saved((s) => {
      s.placedOrder.id = 500;
      s.placedOrder.vendorId = 2;
      s.placedOrder.orderStatus = 'Waiting';
      s.placedOrder.serviceMode = 'TakeAway';
      edit(s);
    });

  it("the 350x location picture of the placed order's vendor, from the vendor list", () => {
    const state = placed((s) => {
      s.venue.vendors.data = [vendor(1, 0, 41), vendor(2, 0, 42)];
    });
    expect(fetchesAt(WAIT_ORDER, state)).toEqual({ get: [], images: ['/v1/displayassets/42/transformed/350x'] });
  });

  it('from the selected vendor when the list does not hold it', () => {
    const state = placed((s) => {
      s.venue.selectedVendor = toSelectedVendor(vendor(2, 0, 43));
    });
    expect(fetchesAt(WAIT_ORDER, state)).toEqual({ get: [], images: ['/v1/displayassets/43/transformed/350x'] });
  });

  it('the listed vendor wins over the selected one, as on the screen', () => {
    const state = placed((s) => {
      s.venue.selectedVendor = toSelectedVendor(vendor(2, 0, 43));
      s.venue.vendors.data = [vendor(2, 0, 44)];
    });
    expect(fetchesAt(WAIT_ORDER, state).images).toEqual(['/v1/displayassets/44/transformed/350x']);
  });

  it('the API address of the build', () => {
    env.current = { VITE_API_URL: 'https://api.example.com/' };
    const state = placed((s) => {
      s.venue.vendors.data = [vendor(2, 0, 42)];
    });
    expect(fetchesAt(WAIT_ORDER, state).images).toEqual([
      'https://api.example.com/v1/displayassets/42/transformed/350x',
    ]);
  });

  it('nothing for a home delivery, whether the server or the order configuration says so', () => {
    const listed = (s: RootState) => {
      s.venue.vendors.data = [vendor(2, 0, 42)];
    };
    const delivered = placed((s) => {
      listed(s);
      s.placedOrder.serviceMode = 'HomeDelivery';
    });
    expect(fetchesAt(WAIT_ORDER, delivered)).toEqual(NOTHING);
    const configured = placed((s) => {
      listed(s);
      s.placedOrder.serviceMode = null;
      s.order.orderConfiguration.selectedServiceMode = 'HomeDelivery';
    });
    expect(fetchesAt(WAIT_ORDER, configured)).toEqual(NOTHING);
    // The placed order's own mode comes first.
    const takeAway = placed((s) => {
      listed(s);
      s.order.orderConfiguration.selectedServiceMode = 'HomeDelivery';
    });
    expect(fetchesAt(WAIT_ORDER, takeAway).images).toEqual(['/v1/displayassets/42/transformed/350x']);
  });

  it('nothing when the vendor has no location picture', () => {
    const state = placed((s) => {
      s.venue.vendors.data = [vendor(2, 0, null)];
      s.venue.selectedVendor = toSelectedVendor(vendor(2, 0, null));
    });
    expect(fetchesAt(WAIT_ORDER, state)).toEqual(NOTHING);
  });

  it("nothing when the placed order's vendor is unknown, or there is no placed order", () => {
    const otherVendor = placed((s) => {
      s.venue.vendors.data = [vendor(1, 0, 41)];
      s.venue.selectedVendor = toSelectedVendor(vendor(3, 0, 43));
    });
    expect(fetchesAt(WAIT_ORDER, otherVendor)).toEqual(NOTHING);
    expect(
      fetchesAt(
        WAIT_ORDER,
        saved((s) => void (s.venue.vendors.data = [vendor(2, 0, 42)])),
      ),
    ).toEqual(NOTHING);
  });

  it('nothing with a maps key: the screen shows a map instead of the picture', () => {
    env.current = { VITE_MAPS_KEY: 'test-key' };
    const state = placed((s) => {
      s.venue.vendors.data = [vendor(2, 0, 42)];
    });
    expect(fetchesAt(WAIT_ORDER, state)).toEqual(NOTHING);
  });
});

describe('other screens', () => {
  it.each([
    '/',
    '/start',
    '/order-flow/discover-vendor',
    '/order-flow/confirm-order',
    '/order-flow/payment',
    '/order-flow/alert-order',
    '/order-flow/place-order/extra',
  ])('%s starts nothing early', (path) => {
    const state = saved((s) => {
      s.order.vendorId = 2;
      s.venue.selectedVendor = toSelectedVendor(vendor(2, 7, 42));
      s.venue.vendors.data = [vendor(2, 7, 42)];
      s.placedOrder.vendorId = 2;
    });
    expect(fetchesAt(`http://localhost${path}`, state)).toEqual(NOTHING);
  });
});
