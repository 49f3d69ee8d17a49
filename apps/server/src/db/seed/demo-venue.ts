/**
 * The demo venue seeded on first start: one client, one stadium and six vendors. Prices are in
 * cents, durations in milliseconds, times are the venue's local time. Ids are fixed so the default
 * web build (client 1, venue 0; docs/decisions/003-demo-venue-ids.md) and tests can name them.
 *
 * Display order follows the order of the lists below.
 */
import type { ServiceChargeRule } from '@venue/contract/venue';
import type { Availability, Weekday } from '@venue/contract/menu';
import type { ArtKind, PaletteName } from './art.ts';

export interface SeedModifier {
  id: number;
  name: string;
  priceMinor: number;
  visible?: boolean;
}

export interface SeedModifierGroup {
  id: number;
  name: string;
  minimumChoices: number;
  /** 0 = unlimited */
  maximumChoices: number;
  defaultModifierId?: number;
  visible?: boolean;
  selectionRequiredText?: string;
  modifiers: SeedModifier[];
}

export interface SeedMenuItem {
  id: number;
  name: string;
  description: string;
  priceMinor: number;
  itemType: string;
  art: ArtKind;
  visible?: boolean;
  /** omitted: not counted */
  currentInventory?: number;
  /** omitted: 1 */
  burden?: number;
  isRestricted?: boolean;
  modifierGroupIds?: number[];
  /** omitted: always */
  availability?: Availability;
}

export interface SeedVendor {
  id: number;
  storeName: string;
  phoneNumber: string;
  location: string;
  palette: PaletteName;
  /** the drawing on the vendor's logo */
  logo: ArtKind;
  /** where the pin sits on the concourse plan, degrees around the bowl (0 = east, 90 = south) */
  mapAngle: number;
  isOpen: boolean;
  isPaused: boolean;
  ttsMs: number;
  latitude: number;
  longitude: number;
  orderConfiguration: {
    availableServiceModes: Array<'TakeAway' | 'HomeDelivery'>;
    defaultOrderServiceMode: 'TakeAway' | 'HomeDelivery' | 'NotSpecified';
    preOrderBufferMs: number;
    maxBurdenPerOrder: number | null;
    deliveryMinAmountMinor: number | null;
    allowApplePay: boolean;
    allowGooglePay: boolean;
    isCouponPaymentAllowed: boolean;
    deliveryMaxDistanceKm: number;
    deliveryTimeBufferMs: number;
    serviceCharges: ServiceChargeRule[];
  };
  openingHours: Array<{ weekday: Weekday; opens: string; closes: string }>;
  modifierGroups: SeedModifierGroup[];
  items: SeedMenuItem[];
}

export interface SeedVenue {
  client: { id: number; name: string };
  venue: { id: number; name: string; timeZone: string; address: string; latitude: number; longitude: number };
  vendors: SeedVendor[];
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const EVERY_DAY: Weekday[] = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
const WEEKDAYS: Weekday[] = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'];

/** The demo trades around the clock so it can be tried at any hour; slot rules are unit-tested with real hours. */
const ALL_DAY = EVERY_DAY.map((weekday) => ({ weekday, opens: '00:00', closes: '24:00' }));

/** Weekday → one window, for the days given. */
function windows(days: Weekday[], startTime: string, endTime: string): Availability {
  return Object.fromEntries(days.map((day) => [day, [{ startTime, endTime }]]));
}

const BREAKFAST = windows(EVERY_DAY, '06:00', '11:00');
const AFTERNOON_TEA = windows(WEEKDAYS, '14:00', '17:00');

const takeAwayOnly = {
  availableServiceModes: ['TakeAway'] as Array<'TakeAway' | 'HomeDelivery'>,
  defaultOrderServiceMode: 'TakeAway' as const,
  preOrderBufferMs: 4 * HOUR,
  deliveryMinAmountMinor: null,
  deliveryMaxDistanceKm: 0,
  deliveryTimeBufferMs: 0,
};

export const DEMO_VENUE: SeedVenue = {
  client: { id: 1, name: 'Harbourside Hospitality' },
  venue: {
    id: 0,
    name: 'Harbourside Stadium',
    timeZone: 'Australia/Sydney',
    address: '1 Harbourside Way, Sydney Olympic Park NSW 2127',
    latitude: -33.8474,
    longitude: 151.0631,
  },
  vendors: [
    {
      id: 1,
      storeName: 'The Tap Room',
      phoneNumber: '(02) 9000 1234',
      location: 'Level 1, Gate 3 concourse',
      palette: 'bar',
      logo: 'beer-pale-ale',
      mapAngle: 120,
      isOpen: true,
      isPaused: false,
      ttsMs: 5 * MINUTE,
      latitude: -33.8469,
      longitude: 151.0625,
      orderConfiguration: {
        ...takeAwayOnly,
        maxBurdenPerOrder: 20,
        allowApplePay: true,
        allowGooglePay: true,
        isCouponPaymentAllowed: true,
        serviceCharges: [],
      },
      openingHours: ALL_DAY,
      modifierGroups: [],
      items: [
        {
          id: 101,
          name: 'Harbour Lager',
          description: 'Crisp, clean Australian lager poured ice-cold. 425 ml schooner.',
          priceMinor: 1150,
          itemType: 'Beer',
          art: 'beer-lager',
          isRestricted: true,
        },
        {
          id: 102,
          name: 'Parramatta Pale Ale',
          description: 'Citrus and pine hops over a biscuity malt base. 425 ml schooner.',
          priceMinor: 1250,
          itemType: 'Beer',
          art: 'beer-pale-ale',
          isRestricted: true,
        },
        {
          id: 103,
          name: 'Hazy Days IPA',
          description:
            'Limited release from a Marrickville brewery: juicy tropical fruit and a soft, round bitterness. While stocks last.',
          priceMinor: 1450,
          itemType: 'Beer',
          art: 'beer-hazy-ipa',
          isRestricted: true,
          currentInventory: 5,
        },
        {
          id: 104,
          name: 'Velvet Stout',
          description: 'Roasted coffee and dark chocolate notes with a creamy nitro pour. 425 ml.',
          priceMinor: 1300,
          itemType: 'Beer',
          art: 'beer-dark',
          isRestricted: true,
        },
        {
          id: 105,
          name: 'Crushed Apple Cider',
          description: 'Pressed Batlow apples, crisp and dry. 425 ml.',
          priceMinor: 1200,
          itemType: 'Beer',
          art: 'cider',
          isRestricted: true,
        },
        {
          id: 106,
          name: 'Barossa Shiraz',
          description: 'Plum, black pepper and soft tannins. 150 ml glass.',
          priceMinor: 1300,
          itemType: 'Wine',
          art: 'wine-red',
          isRestricted: true,
        },
        {
          id: 107,
          name: 'Sauvignon Blanc',
          description: 'Passionfruit and lime with a zesty finish. 150 ml glass.',
          priceMinor: 1250,
          itemType: 'Wine',
          art: 'wine-white',
          isRestricted: true,
        },
        {
          id: 108,
          name: 'Dry Rosé',
          description: 'Strawberry, watermelon and a crisp, dry finish. 150 ml glass.',
          priceMinor: 1250,
          itemType: 'Wine',
          art: 'wine-rose',
          isRestricted: true,
        },
        {
          id: 109,
          name: 'Tasmanian Sparkling',
          description: 'Fine bead, green apple and toasted brioche. 150 ml flute.',
          priceMinor: 1400,
          itemType: 'Wine',
          art: 'wine-sparkling',
          isRestricted: true,
        },
        {
          id: 110,
          name: 'Espresso Martini',
          description: 'Vodka, coffee liqueur and a fresh espresso shot, shaken hard.',
          priceMinor: 2200,
          itemType: 'Cocktails',
          art: 'cocktail-espresso-martini',
          isRestricted: true,
        },
        {
          id: 111,
          name: 'Aperol Spritz',
          description: 'Aperol, prosecco and soda over ice with a slice of orange.',
          priceMinor: 1900,
          itemType: 'Cocktails',
          art: 'cocktail-spritz',
          isRestricted: true,
        },
        {
          id: 112,
          name: 'Classic Margarita',
          description: 'Tequila, triple sec and fresh lime juice with a salted rim.',
          priceMinor: 2000,
          itemType: 'Cocktails',
          art: 'cocktail-margarita',
          isRestricted: true,
        },
        {
          id: 113,
          name: 'Gin & Tonic',
          description: 'Australian dry gin, premium tonic and a wedge of lime.',
          priceMinor: 1700,
          itemType: 'Cocktails',
          art: 'cocktail-gin-tonic',
          isRestricted: true,
        },
        {
          id: 114,
          name: 'Cola',
          description: 'Ice-cold 375 ml can.',
          priceMinor: 600,
          itemType: 'Soft Drinks',
          art: 'soft-cola',
        },
        {
          id: 115,
          name: 'Lemonade',
          description: 'Ice-cold 375 ml can.',
          priceMinor: 600,
          itemType: 'Soft Drinks',
          art: 'soft-lemonade',
        },
        {
          id: 116,
          name: 'Sparkling Mineral Water',
          description: 'Australian mineral water, 500 ml bottle.',
          priceMinor: 550,
          itemType: 'Soft Drinks',
          art: 'water-sparkling',
        },
        {
          id: 117,
          name: 'Zero Alcohol Lager',
          description: 'All of the flavour, none of the alcohol. 330 ml bottle.',
          priceMinor: 900,
          itemType: 'Soft Drinks',
          art: 'beer-zero',
        },
        {
          id: 118,
          name: 'Warm Salted Pretzels',
          description: 'Soft pretzels baked through the game, sea salt flakes and a hot mustard dip.',
          priceMinor: 850,
          itemType: 'Bar Snacks',
          art: 'pretzels',
        },
      ],
    },
    {
      id: 2,
      storeName: 'Grill & Bun',
      phoneNumber: '(02) 9000 2345',
      location: 'Level 1, Gate 5 concourse',
      palette: 'burgers',
      logo: 'burger-classic',
      mapAngle: 240,
      isOpen: true,
      isPaused: false,
      ttsMs: 12 * MINUTE,
      latitude: -33.8478,
      longitude: 151.0638,
      orderConfiguration: {
        ...takeAwayOnly,
        maxBurdenPerOrder: 24,
        allowApplePay: true,
        allowGooglePay: true,
        isCouponPaymentAllowed: true,
        serviceCharges: [{ name: 'Service fee', kind: 'fixed', value: 50 }],
      },
      openingHours: ALL_DAY,
      modifierGroups: [
        {
          id: 24,
          name: 'Cooking',
          minimumChoices: 1,
          maximumChoices: 1,
          defaultModifierId: 2031,
          selectionRequiredText: 'How would you like it cooked?',
          modifiers: [
            { id: 2031, name: 'Medium', priceMinor: 0 },
            { id: 2032, name: 'Medium well', priceMinor: 0 },
            { id: 2033, name: 'Well done', priceMinor: 0 },
          ],
        },
        {
          id: 21,
          name: 'Choose a side',
          minimumChoices: 1,
          maximumChoices: 1,
          defaultModifierId: 2001,
          selectionRequiredText: 'Choose 1 side',
          modifiers: [
            { id: 2001, name: 'Fries', priceMinor: 0 },
            { id: 2002, name: 'Garden salad', priceMinor: 0 },
            { id: 2003, name: 'Onion rings', priceMinor: 150 },
            { id: 2004, name: 'Sweet potato fries', priceMinor: 200 },
          ],
        },
        {
          id: 22,
          name: 'Extras',
          minimumChoices: 0,
          maximumChoices: 0,
          modifiers: [
            { id: 2011, name: 'Bacon', priceMinor: 300 },
            { id: 2012, name: 'Extra cheese', priceMinor: 150 },
            { id: 2013, name: 'Avocado', priceMinor: 250 },
            { id: 2014, name: 'Fried egg', priceMinor: 200 },
            { id: 2015, name: 'Jalapeños', priceMinor: 100 },
          ],
        },
        {
          id: 23,
          name: 'Sauces',
          minimumChoices: 0,
          maximumChoices: 2,
          selectionRequiredText: 'Choose up to 2',
          modifiers: [
            { id: 2021, name: 'Tomato sauce', priceMinor: 0 },
            { id: 2022, name: 'Smoky BBQ', priceMinor: 0 },
            { id: 2023, name: 'Garlic aioli', priceMinor: 50 },
            { id: 2024, name: 'Chipotle mayo', priceMinor: 50 },
          ],
        },
        {
          id: 26,
          name: 'Flavour',
          minimumChoices: 1,
          maximumChoices: 1,
          defaultModifierId: 2051,
          selectionRequiredText: 'Choose a flavour',
          modifiers: [
            { id: 2051, name: 'Cola', priceMinor: 0 },
            { id: 2052, name: 'Lemonade', priceMinor: 0 },
            { id: 2053, name: 'Orange', priceMinor: 0 },
          ],
        },
        {
          // Every option is off this week, so the app hides the item that requires this group.
          id: 25,
          name: "Chef's pick",
          minimumChoices: 1,
          maximumChoices: 1,
          selectionRequiredText: "Choose this week's topping",
          modifiers: [
            { id: 2041, name: 'Truffle mushroom', priceMinor: 0, visible: false },
            { id: 2042, name: 'Blue cheese & pear', priceMinor: 0, visible: false },
          ],
        },
      ],
      items: [
        {
          id: 201,
          name: 'Classic Cheeseburger',
          description: 'Grass-fed beef, American cheese, pickles, onion, lettuce and tomato on a toasted brioche bun.',
          priceMinor: 1650,
          itemType: 'Burgers',
          art: 'burger-classic',
          modifierGroupIds: [21, 22, 23],
        },
        {
          id: 202,
          name: 'Double Smash Burger',
          description: 'Two smashed beef patties, double cheese, caramelised onion and house burger sauce.',
          priceMinor: 1950,
          itemType: 'Burgers',
          art: 'burger-double',
          modifierGroupIds: [24, 21, 22, 23],
        },
        {
          id: 203,
          name: 'Crispy Chicken Burger',
          description: 'Buttermilk fried chicken thigh, slaw and chipotle mayo on a soft milk bun.',
          priceMinor: 1700,
          itemType: 'Burgers',
          art: 'burger-chicken',
          modifierGroupIds: [21, 22, 23],
        },
        {
          id: 204,
          name: 'Veggie Stack',
          description: 'Chickpea and herb patty, roasted capsicum, rocket, tomato and vegan aioli.',
          priceMinor: 1600,
          itemType: 'Burgers',
          art: 'burger-veggie',
          modifierGroupIds: [21, 22, 23],
        },
        {
          id: 205,
          name: 'Wagyu Burger',
          description: 'Marble score 7 wagyu, aged cheddar and truffle mayo. Only a few made each game.',
          priceMinor: 2400,
          itemType: 'Burgers',
          art: 'burger-wagyu',
          currentInventory: 3,
          modifierGroupIds: [24, 21, 22, 23],
        },
        {
          id: 206,
          name: "Chef's Special Burger",
          description: "A new creation from the grill every week, with this week's chef's pick topping.",
          priceMinor: 2200,
          itemType: 'Burgers',
          art: 'burger-special',
          modifierGroupIds: [25, 21],
        },
        {
          id: 207,
          name: 'Pulled Pork Roll',
          description: 'Slow-smoked pork shoulder, apple slaw and smoky BBQ sauce. Back next season.',
          priceMinor: 1500,
          itemType: 'Burgers',
          art: 'burger-special',
          visible: false,
        },
        {
          id: 208,
          name: 'Family Pack',
          description:
            'Two cheeseburgers, two crispy chicken burgers, two large fries and four soft drinks. Feeds four.',
          priceMinor: 4900,
          itemType: 'Family Packs',
          art: 'family-pack',
          burden: 2,
        },
        {
          id: 209,
          name: 'Ballpark Hot Dog',
          description: 'A snappy beef frankfurt in a toasted roll with mustard and ketchup.',
          priceMinor: 1100,
          itemType: 'Hot Dogs',
          art: 'hot-dog',
          modifierGroupIds: [23],
        },
        {
          id: 210,
          name: 'Chilli Cheese Dog',
          description: 'Beef frankfurt smothered in house chilli con carne and melted cheddar.',
          priceMinor: 1300,
          itemType: 'Hot Dogs',
          art: 'hot-dog',
          modifierGroupIds: [23],
        },
        {
          id: 211,
          name: 'Fries',
          description: 'Golden shoestring fries with chicken salt.',
          priceMinor: 700,
          itemType: 'Sides',
          art: 'fries',
          modifierGroupIds: [23],
        },
        {
          id: 212,
          name: 'Sweet Potato Fries',
          description: 'Crunchy sweet potato fries with sea salt and a garlic aioli dip.',
          priceMinor: 850,
          itemType: 'Sides',
          art: 'fries-sweet-potato',
          modifierGroupIds: [23],
        },
        {
          id: 213,
          name: 'Onion Rings',
          description: 'Beer-battered onion rings, crisp and golden.',
          priceMinor: 800,
          itemType: 'Sides',
          art: 'onion-rings',
        },
        {
          id: 214,
          name: 'Garden Salad',
          description: 'Mixed leaves, cherry tomato, cucumber and a honey mustard dressing.',
          priceMinor: 1000,
          itemType: 'Sides',
          art: 'salad-garden',
        },
        {
          id: 215,
          name: 'Soft Drink',
          description: 'A 600 ml bottle, ice-cold.',
          priceMinor: 550,
          itemType: 'Drinks',
          art: 'soft-orange',
          modifierGroupIds: [26],
        },
      ],
    },
    {
      id: 3,
      storeName: 'Slice Pizza Co.',
      phoneNumber: '(02) 9000 3456',
      location: 'Ground level, Gate 1 plaza',
      palette: 'pizza',
      logo: 'pizza-pepperoni',
      mapAngle: 0,
      isOpen: true,
      isPaused: false,
      ttsMs: 15 * MINUTE,
      latitude: -33.8466,
      longitude: 151.0642,
      orderConfiguration: {
        availableServiceModes: ['TakeAway', 'HomeDelivery'],
        defaultOrderServiceMode: 'TakeAway',
        preOrderBufferMs: 4 * HOUR,
        maxBurdenPerOrder: 30,
        deliveryMinAmountMinor: 2500,
        allowApplePay: true,
        allowGooglePay: true,
        isCouponPaymentAllowed: false,
        deliveryMaxDistanceKm: 10,
        deliveryTimeBufferMs: 15 * MINUTE,
        serviceCharges: [{ name: 'Service charge', kind: 'percentage', value: 150 }],
      },
      openingHours: ALL_DAY,
      modifierGroups: [
        {
          id: 31,
          name: 'Size',
          minimumChoices: 1,
          maximumChoices: 1,
          defaultModifierId: 3001,
          selectionRequiredText: 'Choose a size',
          modifiers: [
            { id: 3001, name: 'Regular 11"', priceMinor: 0 },
            { id: 3002, name: 'Large 13"', priceMinor: 500 },
            { id: 3003, name: 'Family 15"', priceMinor: 900 },
          ],
        },
        {
          id: 32,
          name: 'Base',
          minimumChoices: 0,
          maximumChoices: 1,
          modifiers: [
            { id: 3011, name: 'Thin & crispy', priceMinor: 0 },
            { id: 3012, name: 'Gluten-free', priceMinor: 400 },
          ],
        },
        {
          id: 33,
          name: 'Extra toppings',
          minimumChoices: 0,
          maximumChoices: 0,
          modifiers: [
            { id: 3021, name: 'Extra mozzarella', priceMinor: 300 },
            { id: 3022, name: 'Pepperoni', priceMinor: 300 },
            { id: 3023, name: 'Mushrooms', priceMinor: 200 },
            { id: 3024, name: 'Kalamata olives', priceMinor: 200 },
            { id: 3025, name: 'Jalapeños', priceMinor: 150 },
          ],
        },
      ],
      items: [
        {
          id: 301,
          name: 'Margherita',
          description: 'San Marzano tomato, fior di latte and fresh basil on a wood-fired base.',
          priceMinor: 1800,
          itemType: 'Pizza',
          art: 'pizza-margherita',
          modifierGroupIds: [31, 32, 33],
        },
        {
          id: 302,
          name: 'Pepperoni',
          description: 'Spicy pepperoni, mozzarella and oregano.',
          priceMinor: 2100,
          itemType: 'Pizza',
          art: 'pizza-pepperoni',
          modifierGroupIds: [31, 32, 33],
        },
        {
          id: 303,
          name: 'Hawaiian',
          description: 'Leg ham, pineapple and mozzarella. Yes, it belongs.',
          priceMinor: 2000,
          itemType: 'Pizza',
          art: 'pizza-hawaiian',
          modifierGroupIds: [31, 32, 33],
        },
        {
          id: 304,
          name: 'Supreme',
          description: 'Pepperoni, capsicum, mushrooms, olives, red onion and mozzarella.',
          priceMinor: 2300,
          itemType: 'Pizza',
          art: 'pizza-supreme',
          modifierGroupIds: [31, 32, 33],
        },
        {
          id: 305,
          name: 'BBQ Chicken',
          description: 'Smoky BBQ base, roast chicken, red onion and mozzarella.',
          priceMinor: 2200,
          itemType: 'Pizza',
          art: 'pizza-bbq-chicken',
          modifierGroupIds: [31, 32, 33],
        },
        {
          id: 306,
          name: 'Garden Vegetarian',
          description: 'Roasted capsicum, mushrooms, olives, baby spinach and feta.',
          priceMinor: 2000,
          itemType: 'Pizza',
          art: 'pizza-vegetarian',
          modifierGroupIds: [31, 32, 33],
        },
        {
          id: 307,
          name: 'Garlic Bread',
          description: 'Wood-fired flatbread with garlic butter, parsley and sea salt.',
          priceMinor: 850,
          itemType: 'Sides',
          art: 'garlic-bread',
        },
        {
          id: 308,
          name: 'Caesar Salad',
          description: 'Cos lettuce, parmesan, croutons, crispy bacon and a classic Caesar dressing.',
          priceMinor: 1200,
          itemType: 'Sides',
          art: 'salad-caesar',
        },
        {
          id: 309,
          name: 'Chocolate Lava Cake',
          description: 'Warm chocolate pudding with a molten centre.',
          priceMinor: 900,
          itemType: 'Desserts',
          art: 'cake-chocolate',
        },
        {
          id: 310,
          name: 'Cola 1.25 L',
          description: 'A big bottle to share.',
          priceMinor: 650,
          itemType: 'Drinks',
          art: 'soft-cola',
        },
      ],
    },
    {
      id: 4,
      storeName: 'Daily Grind',
      phoneNumber: '(02) 9000 4567',
      location: 'Level 2, Gate 2 concourse',
      palette: 'coffee',
      logo: 'coffee-latte',
      mapAngle: 60,
      isOpen: true,
      isPaused: false,
      ttsMs: 60_000,
      latitude: -33.8481,
      longitude: 151.0627,
      orderConfiguration: {
        ...takeAwayOnly,
        maxBurdenPerOrder: null,
        allowApplePay: true,
        allowGooglePay: true,
        isCouponPaymentAllowed: true,
        serviceCharges: [],
      },
      openingHours: ALL_DAY,
      modifierGroups: [
        {
          id: 41,
          name: 'Size',
          minimumChoices: 1,
          maximumChoices: 1,
          defaultModifierId: 4002,
          selectionRequiredText: 'Choose a size',
          modifiers: [
            { id: 4001, name: 'Small', priceMinor: 0 },
            { id: 4002, name: 'Regular', priceMinor: 50 },
            { id: 4003, name: 'Large', priceMinor: 100 },
          ],
        },
        {
          id: 42,
          name: 'Milk',
          minimumChoices: 0,
          maximumChoices: 1,
          modifiers: [
            { id: 4011, name: 'Full cream', priceMinor: 0 },
            { id: 4012, name: 'Skim', priceMinor: 0 },
            { id: 4013, name: 'Oat', priceMinor: 80 },
            { id: 4014, name: 'Almond', priceMinor: 80 },
            { id: 4015, name: 'Soy', priceMinor: 60 },
            { id: 4016, name: 'Lactose free', priceMinor: 60 },
          ],
        },
        {
          id: 43,
          name: 'Extra shot & syrups',
          minimumChoices: 0,
          maximumChoices: 0,
          modifiers: [
            { id: 4021, name: 'Extra shot', priceMinor: 70 },
            { id: 4022, name: 'Vanilla syrup', priceMinor: 70 },
            { id: 4023, name: 'Caramel syrup', priceMinor: 70 },
            { id: 4024, name: 'Hazelnut syrup', priceMinor: 70 },
          ],
        },
      ],
      items: [
        {
          id: 401,
          name: 'Flat White',
          description: 'Double ristretto with silky steamed milk, made with our Harbourside blend.',
          priceMinor: 500,
          itemType: 'Coffee',
          art: 'coffee-latte',
          modifierGroupIds: [41, 42, 43],
        },
        {
          id: 402,
          name: 'Cappuccino',
          description: 'Espresso, steamed milk and a generous cap of foam, dusted with chocolate.',
          priceMinor: 500,
          itemType: 'Coffee',
          art: 'coffee-latte',
          modifierGroupIds: [41, 42, 43],
        },
        {
          id: 403,
          name: 'Caffè Latte',
          description: 'Espresso with plenty of steamed milk and a thin layer of foam.',
          priceMinor: 500,
          itemType: 'Coffee',
          art: 'coffee-latte',
          modifierGroupIds: [41, 42, 43],
        },
        {
          id: 404,
          name: 'Long Black',
          description: 'A double shot pulled over hot water. Chocolate and berry notes.',
          priceMinor: 450,
          itemType: 'Coffee',
          art: 'coffee-black',
          modifierGroupIds: [41, 43],
        },
        {
          id: 405,
          name: 'Mocha',
          description: 'Espresso, Belgian chocolate and steamed milk.',
          priceMinor: 550,
          itemType: 'Coffee',
          art: 'coffee-mocha',
          modifierGroupIds: [41, 42, 43],
        },
        {
          id: 406,
          name: 'Iced Latte',
          description: 'Double espresso over ice and cold milk.',
          priceMinor: 650,
          itemType: 'Coffee',
          art: 'iced-latte',
          modifierGroupIds: [42, 43],
        },
        {
          id: 407,
          name: 'Chai Latte',
          description: 'Spiced chai brewed with honey and steamed milk.',
          priceMinor: 550,
          itemType: 'Tea & Chocolate',
          art: 'coffee-chai',
          modifierGroupIds: [41, 42],
        },
        {
          id: 408,
          name: 'Hot Chocolate',
          description: 'Rich Belgian chocolate with steamed milk and a marshmallow.',
          priceMinor: 500,
          itemType: 'Tea & Chocolate',
          art: 'hot-chocolate',
          modifierGroupIds: [41, 42],
        },
        {
          id: 409,
          name: 'English Breakfast Tea',
          description: 'A pot-strength bag of Assam and Ceylon, milk on the side if you like.',
          priceMinor: 450,
          itemType: 'Tea & Chocolate',
          art: 'tea',
          modifierGroupIds: [41, 42],
        },
        {
          id: 410,
          name: 'Bacon & Egg Roll',
          description: 'Smoky bacon, a free-range fried egg and tomato relish on a soft milk roll. Served 6 to 11 am.',
          priceMinor: 1050,
          itemType: 'Breakfast',
          art: 'bacon-egg-roll',
          availability: BREAKFAST,
        },
        {
          id: 411,
          name: 'Ham & Cheese Croissant',
          description: 'Toasted butter croissant with leg ham and gruyère. Served 6 to 11 am.',
          priceMinor: 900,
          itemType: 'Breakfast',
          art: 'croissant',
          availability: BREAKFAST,
        },
        {
          id: 412,
          name: 'Smashed Avocado Toast',
          description: 'Sourdough, smashed avocado, feta, cherry tomatoes and dukkah. Served 6 to 11 am.',
          priceMinor: 1400,
          itemType: 'Breakfast',
          art: 'avocado-toast',
          availability: BREAKFAST,
        },
        {
          id: 413,
          name: 'Scones with Jam & Cream',
          description: 'Two warm buttermilk scones, strawberry jam and whipped cream. Weekdays 2 to 5 pm.',
          priceMinor: 950,
          itemType: 'Afternoon Tea',
          art: 'scones',
          availability: AFTERNOON_TEA,
        },
        {
          id: 414,
          name: 'Butter Croissant',
          description: 'All-butter croissant, baked this morning.',
          priceMinor: 550,
          itemType: 'Bakery',
          art: 'croissant',
        },
        {
          id: 415,
          name: 'Almond Croissant',
          description: 'Twice-baked croissant filled with almond frangipane and topped with flaked almonds.',
          priceMinor: 650,
          itemType: 'Bakery',
          art: 'croissant-almond',
        },
        {
          id: 416,
          name: 'Blueberry Muffin',
          description: 'Packed with blueberries, with a crunchy sugar top.',
          priceMinor: 550,
          itemType: 'Bakery',
          art: 'muffin',
        },
        {
          id: 417,
          name: 'Banana Bread',
          description: 'A thick slice, toasted, with whipped butter.',
          priceMinor: 600,
          itemType: 'Bakery',
          art: 'banana-bread',
        },
      ],
    },
    {
      id: 5,
      storeName: 'Sweet Spot',
      phoneNumber: '(02) 9000 5678',
      location: 'Level 1, Gate 4 concourse',
      palette: 'desserts',
      logo: 'ice-cream-cone',
      mapAngle: 180,
      isOpen: true,
      isPaused: true,
      ttsMs: 8 * MINUTE,
      latitude: -33.8476,
      longitude: 151.0619,
      orderConfiguration: {
        ...takeAwayOnly,
        maxBurdenPerOrder: 20,
        allowApplePay: true,
        allowGooglePay: true,
        isCouponPaymentAllowed: false,
        serviceCharges: [],
      },
      openingHours: ALL_DAY,
      modifierGroups: [
        {
          id: 51,
          name: 'Flavours',
          minimumChoices: 1,
          maximumChoices: 3,
          defaultModifierId: 5001,
          selectionRequiredText: 'Choose up to 3 flavours',
          modifiers: [
            { id: 5001, name: 'Vanilla bean', priceMinor: 0 },
            { id: 5002, name: 'Double chocolate', priceMinor: 0 },
            { id: 5003, name: 'Strawberries & cream', priceMinor: 0 },
            { id: 5004, name: 'Mint choc chip', priceMinor: 0 },
            { id: 5005, name: 'Salted caramel', priceMinor: 0 },
          ],
        },
        {
          id: 52,
          name: 'Toppings',
          minimumChoices: 0,
          maximumChoices: 0,
          modifiers: [
            { id: 5011, name: 'Rainbow sprinkles', priceMinor: 50 },
            { id: 5012, name: 'Chocolate sauce', priceMinor: 50 },
            { id: 5013, name: 'Waffle crumble', priceMinor: 80 },
          ],
        },
      ],
      items: [
        {
          id: 501,
          name: 'Two-Scoop Cone',
          description: 'Two scoops of gelato in a crisp waffle cone.',
          priceMinor: 750,
          itemType: 'Ice Cream',
          art: 'ice-cream-cone',
          modifierGroupIds: [51, 52],
        },
        {
          id: 502,
          name: 'Triple Scoop Cone',
          description: 'Three scoops for the serious fan.',
          priceMinor: 950,
          itemType: 'Ice Cream',
          art: 'ice-cream-triple',
          modifierGroupIds: [51, 52],
        },
        {
          id: 503,
          name: 'Hot Fudge Sundae',
          description: 'Vanilla gelato, hot fudge, whipped cream and a cherry on top.',
          priceMinor: 1050,
          itemType: 'Ice Cream',
          art: 'sundae',
          modifierGroupIds: [52],
        },
        {
          id: 504,
          name: 'Chocolate Mud Cake',
          description: 'Dense, fudgy and served with cream.',
          priceMinor: 900,
          itemType: 'Cakes',
          art: 'cake-chocolate',
        },
        {
          id: 505,
          name: 'Baked Cheesecake',
          description: 'New York-style cheesecake with a raspberry glaze.',
          priceMinor: 950,
          itemType: 'Cakes',
          art: 'cake-cheesecake',
        },
        {
          id: 506,
          name: 'Cinnamon Donuts',
          description: 'Five hot donuts rolled in cinnamon sugar.',
          priceMinor: 800,
          itemType: 'Donuts',
          art: 'donut-cinnamon',
        },
        {
          id: 507,
          name: 'Sprinkle Donut',
          description: 'Strawberry-iced ring donut with rainbow sprinkles.',
          priceMinor: 550,
          itemType: 'Donuts',
          art: 'donut-pink',
        },
      ],
    },
    {
      id: 6,
      storeName: 'Noodle House',
      phoneNumber: '(02) 9000 6789',
      location: 'Level 2, Gate 6 concourse',
      palette: 'noodles',
      logo: 'noodles-laksa',
      mapAngle: 300,
      isOpen: false,
      isPaused: false,
      ttsMs: 10 * MINUTE,
      latitude: -33.8471,
      longitude: 151.0645,
      orderConfiguration: {
        ...takeAwayOnly,
        maxBurdenPerOrder: 20,
        allowApplePay: true,
        allowGooglePay: true,
        isCouponPaymentAllowed: true,
        serviceCharges: [],
      },
      openingHours: ALL_DAY,
      modifierGroups: [
        {
          id: 61,
          name: 'Spice level',
          minimumChoices: 1,
          maximumChoices: 1,
          defaultModifierId: 6001,
          selectionRequiredText: 'Choose a spice level',
          modifiers: [
            { id: 6001, name: 'Mild', priceMinor: 0 },
            { id: 6002, name: 'Medium', priceMinor: 0 },
            { id: 6003, name: 'Hot', priceMinor: 0 },
          ],
        },
      ],
      items: [
        {
          id: 601,
          name: 'Chicken Pad Thai',
          description: 'Rice noodles wok-tossed with chicken, egg, tamarind, bean sprouts and crushed peanuts.',
          priceMinor: 1650,
          itemType: 'Noodles',
          art: 'noodles-pad-thai',
          modifierGroupIds: [61],
        },
        {
          id: 602,
          name: 'Beef Udon',
          description: 'Thick udon noodles in a dashi broth with tender sliced beef and spring onion.',
          priceMinor: 1750,
          itemType: 'Noodles',
          art: 'noodles-udon',
        },
        {
          id: 603,
          name: 'Chicken Laksa',
          description: 'Coconut curry broth, egg noodles, chicken, tofu puffs and bean sprouts.',
          priceMinor: 1800,
          itemType: 'Noodles',
          art: 'noodles-laksa',
          modifierGroupIds: [61],
        },
        {
          id: 604,
          name: 'Egg Fried Rice',
          description: 'Wok-fried jasmine rice with egg, peas, corn and spring onion.',
          priceMinor: 1400,
          itemType: 'Rice',
          art: 'fried-rice',
        },
        {
          id: 605,
          name: 'Pork Dumplings (6)',
          description: 'Steamed pork and chive dumplings with black vinegar and chilli oil.',
          priceMinor: 1000,
          itemType: 'Small Plates',
          art: 'dumplings',
        },
        {
          id: 606,
          name: 'Vegetable Spring Rolls (4)',
          description: 'Crisp spring rolls with sweet chilli sauce.',
          priceMinor: 800,
          itemType: 'Small Plates',
          art: 'spring-rolls',
        },
      ],
    },
  ],
};
