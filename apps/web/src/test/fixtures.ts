import type { Money } from '@venue/contract/common';
import type { Menu, MenuItem, Modifier, ModifierGroup } from '@venue/contract/menu';
import type { Vendor } from '@venue/contract/venue';

/** A vendor as GET /v1/venue/{id}/vendors returns it, open and taking orders. */
export function makeVendor(
  overrides: Partial<Vendor> & { serviceModes?: Vendor['vendorOrderConfiguration']['availableServiceModes'] } = {},
): Vendor {
  const { serviceModes = ['TakeAway'], ...rest } = overrides;
  return {
    id: 1,
    venueId: 0,
    storeName: 'Grill & Bun',
    phoneNumber: '02 9000 0000',
    location: 'Level 1, Gate B',
    locationDescription: 'Level 1, Gate B',
    displayAssets: { thumbnailAssetId: null, locationImageAssetId: null },
    vendorDisplayAssets: { thumbnailAssetId: null, locationImageAssetId: null },
    isOpen: true,
    isPaused: false,
    nextServiceTime: new Date(Date.now() - 60_000).toISOString(),
    tts: 900_000,
    geoLocation: { latitude: -33.85, longitude: 151.2 },
    timeZone: 'Australia/Sydney',
    vendorOrderConfiguration: {
      availableServiceModes: serviceModes,
      defaultOrderServiceMode: 'TakeAway',
      preOrderBufferDuration: 3_600_000,
      maxBurdenPerOrder: 20,
      deliveryMinAmount: null,
      allowApplePay: true,
      allowGooglePay: true,
      isCouponPaymentAllowed: false,
      deliveryMaxDistance: 0,
      deliveryTimeBuffer: 0,
      serviceCharges: [],
    },
    ...rest,
  };
}

/** A fetch stand-in answering JSON by path (after /v1); unknown paths answer 404. */
export function fakeFetch(routes: Record<string, unknown | (() => unknown)>) {
  return async (input: RequestInfo | URL): Promise<Response> => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname.replace(/^\/v1/, '');
    if (!(path in routes)) {
      return new Response(JSON.stringify({ statusCode: 404, error: 'Not Found', message: `No route ${path}` }), {
        status: 404,
        headers: { 'content-type': 'application/json' },
      });
    }
    const entry = routes[path];
    const body = typeof entry === 'function' ? (entry as () => unknown)() : entry;
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  };
}

/** Money in the API's shape from minor units. */
export function money(minorAmount: number): Money {
  return { amount: minorAmount / 100, minorAmount, currencySymbol: '$', currencyCode: 'AUD' };
}

/** A menu item of vendor 1, visible, always available, not counted. */
export function makeItem(overrides: Partial<MenuItem> & Pick<MenuItem, 'id' | 'name'>): MenuItem {
  return {
    vendorId: 1,
    description: '',
    price: money(1000),
    itemType: 'Mains',
    displayOrder: overrides.id,
    visible: true,
    currentInventory: null,
    burden: 1,
    isRestricted: false,
    displayAssetId: null,
    modifierGroupsIds: [],
    availability: null,
    ...overrides,
  };
}

/**
 * A small menu for vendor 1: a burger with a required side (default Chips) and up to two sauces,
 * fries, a restricted lager, salad with 2 in stock, a hidden item, and a special whose required group
 * is hidden (so it is not shown).
 */
export function makeMenu(): Menu {
  const modifier = (id: number, name: string, groupId: number, price = 0): Modifier => ({
    id,
    name,
    price: money(price),
    visible: true,
    displayOrder: id,
    groupId,
  });
  const group = (
    overrides: Partial<ModifierGroup> & Pick<ModifierGroup, 'id' | 'name' | 'modifierIds'>,
  ): ModifierGroup => ({
    minimumChoices: 0,
    maximumChoices: 0,
    defaultModifierId: null,
    visible: true,
    displayOrder: overrides.id,
    selectionRequiredText: null,
    ...overrides,
  });
  return {
    id: 10,
    vendorId: 1,
    items: [
      makeItem({ id: 11, name: 'Burger', itemType: 'Burgers', price: money(1650), modifierGroupsIds: [1, 3] }),
      makeItem({ id: 12, name: 'Fries', itemType: 'Sides', price: money(700) }),
      makeItem({ id: 13, name: 'Lager', itemType: 'Beer', price: money(1150), isRestricted: true }),
      makeItem({ id: 14, name: 'Salad', itemType: 'Sides', price: money(900), currentInventory: 2 }),
      makeItem({ id: 15, name: 'Secret Item', visible: false }),
      makeItem({ id: 16, name: 'Special', modifierGroupsIds: [2] }),
      makeItem({ id: 17, name: 'Family Pack', itemType: 'Packs', price: money(4900), burden: 8 }),
    ],
    modifiers: [
      modifier(101, 'Chips', 1),
      modifier(102, 'Side salad', 1, 150),
      modifier(201, 'Secret sauce', 2),
      modifier(301, 'Tomato', 3),
      modifier(302, 'BBQ', 3),
      modifier(303, 'Aioli', 3, 50),
    ],
    modifierGroups: [
      group({
        id: 1,
        name: 'Choose a side',
        modifierIds: [101, 102],
        minimumChoices: 1,
        maximumChoices: 1,
        defaultModifierId: 101,
      }),
      group({ id: 2, name: 'Hidden group', modifierIds: [201], minimumChoices: 1, maximumChoices: 1, visible: false }),
      group({ id: 3, name: 'Sauces', modifierIds: [301, 302, 303], maximumChoices: 2 }),
    ],
  };
}
