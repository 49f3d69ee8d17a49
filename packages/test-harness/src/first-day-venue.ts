/**
 * A venue's own catalogue for the first-day suite, written for it and nothing like the demo: three
 * stores (a bar with no phone number and counted stock, a kitchen with a required option group and
 * a picture, a coffee cart whose breakfast is served in the morning only), all-day trading hours and
 * a coupon. The web app build `first-day` (build-app.ts) is made with these ids and this name.
 */

export const FIRST_DAY_VENUE = { id: 50, clientId: 7, name: 'Riverside Food Hall' } as const;
export const BAR = { id: 5001, name: 'The Riverside Bar' } as const;
export const KITCHEN = { id: 5002, name: 'Dumpling Kitchen' } as const;
export const CART = { id: 5003, name: 'Morning Coffee Cart' } as const;
/** The bar's counted item: 24 in stock when the catalogue is imported. */
export const LEMONADE = { id: 500101, name: 'Lemon Lime Bitters', price: 700, stock: 24 } as const;
export const PEANUTS = { id: 500102, name: 'Salted Peanuts', price: 500 } as const;

const ALL_DAY = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((weekday) => ({
  weekday,
  opens: '00:00',
  closes: '24:00',
}));
const MORNINGS = Object.fromEntries(
  ALL_DAY.map(({ weekday }) => [weekday, [{ startTime: '06:00', endTime: '11:00' }]]),
);

/** An 8×8 PNG, as a venue would upload a picture of its dumplings. */
export const DUMPLING_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWP4UKGBFTEMLQkARRFkAUQKeTAAAAAASUVORK5CYII=',
  'base64',
);

/** The venue's catalogue document, its one picture uploaded as `pictureId`. */
export function firstDayCatalogue(pictureId: number) {
  return {
    version: 1,
    venue: {
      id: FIRST_DAY_VENUE.id,
      clientId: FIRST_DAY_VENUE.clientId,
      name: FIRST_DAY_VENUE.name,
      timeZone: 'Australia/Melbourne',
      address: '2 River Walk, Southbank VIC 3006',
      geoLocation: { latitude: -37.8206, longitude: 144.9648 },
    },
    vendors: [
      {
        id: BAR.id,
        storeName: BAR.name,
        // No phone yet: receipts and Get Help leave the phone sentence out.
        phoneNumber: '',
        location: 'Riverside terrace',
        displayAssets: { thumbnailAssetId: null, locationImageAssetId: null },
        geoLocation: { latitude: -37.8207, longitude: 144.9649 },
        tts: 300_000,
        vendorOrderConfiguration: {
          availableServiceModes: ['TakeAway'],
          defaultOrderServiceMode: 'TakeAway',
          isCouponPaymentAllowed: true,
        },
        openingHours: ALL_DAY,
        itemTypes: ['Drinks', 'Snacks'],
        items: [
          {
            id: LEMONADE.id,
            name: LEMONADE.name,
            description: 'Made at the bar.',
            price: LEMONADE.price,
            itemType: 'Drinks',
            displayOrder: 10,
            currentInventory: LEMONADE.stock,
          },
          {
            id: PEANUTS.id,
            name: PEANUTS.name,
            description: 'A bowl to share.',
            price: PEANUTS.price,
            itemType: 'Snacks',
            displayOrder: 20,
          },
        ],
      },
      {
        id: KITCHEN.id,
        storeName: KITCHEN.name,
        phoneNumber: '(03) 9000 0002',
        location: 'Stall 4, ground floor',
        displayAssets: { thumbnailAssetId: pictureId, locationImageAssetId: null },
        geoLocation: { latitude: -37.8205, longitude: 144.9647 },
        tts: 600_000,
        vendorOrderConfiguration: {
          availableServiceModes: ['TakeAway'],
          defaultOrderServiceMode: 'TakeAway',
          isCouponPaymentAllowed: true,
        },
        openingHours: ALL_DAY,
        itemTypes: ['Dumplings'],
        items: [
          {
            id: 500201,
            name: 'Pork Dumplings',
            description: 'Eight pan-fried pork and chive dumplings.',
            price: 1450,
            itemType: 'Dumplings',
            displayOrder: 10,
            displayAssetId: pictureId,
            modifierGroupsIds: [5021],
          },
        ],
        modifierGroups: [
          {
            id: 5021,
            name: 'Sauce',
            minimumChoices: 1,
            maximumChoices: 1,
            defaultModifierId: 502101,
            displayOrder: 10,
          },
        ],
        modifiers: [
          { id: 502101, name: 'Soy and vinegar', price: 0, displayOrder: 10, groupId: 5021 },
          { id: 502102, name: 'Chilli oil', price: 100, displayOrder: 20, groupId: 5021 },
        ],
      },
      {
        id: CART.id,
        storeName: CART.name,
        phoneNumber: '(03) 9000 0003',
        location: 'By the river gate',
        displayAssets: { thumbnailAssetId: null, locationImageAssetId: null },
        geoLocation: { latitude: -37.8204, longitude: 144.9646 },
        tts: 240_000,
        vendorOrderConfiguration: { availableServiceModes: ['TakeAway'], defaultOrderServiceMode: 'TakeAway' },
        openingHours: ALL_DAY,
        itemTypes: ['Coffee', 'Breakfast'],
        items: [
          { id: 500301, name: 'Flat White', price: 500, itemType: 'Coffee', displayOrder: 10 },
          {
            id: 500302,
            name: 'Bacon Roll',
            price: 900,
            itemType: 'Breakfast',
            displayOrder: 20,
            availability: MORNINGS,
          },
        ],
      },
    ],
    coupons: [{ code: 'RIVER10', kind: 'percentage', value: 1000, vendorId: null, description: '10 % off' }],
  };
}
