/**
 * What each route takes when it is used correctly: its path parameters, query and body, built
 * from real records of the test database (a consumer's own Pending order, its payment, a real
 * menu item). The fuzz tests start from these and break one part at a time, so the hostile part
 * reaches the validation and service code behind the parts that are right.
 *
 * Every route the app registers must have an entry here: the fuzz test fails for a route without
 * one, so a new endpoint cannot go untested.
 */
import { randomUUID } from 'node:crypto';
import { smallCatalogue } from '@venue/contract/venue-catalogue.fixture';
import type { Signer } from '../../src/test/signed-requests.ts';
import type { EditorFixture } from './editor-fixture.ts';

/** Records of the test database a route's valid request refers to. */
export interface Fixture {
  /** the consumer signing requests, owner of `orderId` */
  signer: Signer;
  vendorId: number;
  /** a Pending order of `signer` at `vendorId` */
  orderId: number;
  /** an Initiated card payment of that order */
  paymentId: number;
  /** the payment's gateway access code and reference (the sandbox card request) */
  accessCode: string;
  reference: string;
  orderTotalMinor: number;
  /** an item of the vendor's menu with its required options */
  orderItem: { menuItemId: number; quantity: number; modifiers: { modifierId: number }[] };
  /** the item's current stock and visibility, so a valid patch changes nothing */
  item: { id: number; currentInventory: number | null; visible: boolean };
  /** the vendor's current switches, so a valid patch changes nothing */
  vendor: { isOpen: boolean; isPaused: boolean; tts: number };
  assetId: number;
  /** a working staff token of `vendorId` */
  staffTokenId: number;
  /** a venue admin's session cookie (`venue_admin=…`), as the browser sends it */
  adminCookie: string;
  /** a store manager's account the admin may disable */
  managerId: number;
  /** a link's token that sets a password (good once) */
  passwordToken: string;
  /** a store of its own for the menu and store editor's routes, with an item, an option group and a coupon */
  editor: EditorFixture;
}

export type RouteAuth = 'none' | 'consumer' | 'ops' | 'admin';

export interface RouteSpec {
  auth: RouteAuth;
  params?: (fx: Fixture) => Record<string, string>;
  query?: (fx: Fixture) => Record<string, string>;
  body?: (fx: Fixture) => Record<string, unknown>;
  /** headers the route requires; called for each request, so a key can be fresh every time */
  headers?: (fx: Fixture) => Record<string, string>;
}

const vendorParams = (fx: Fixture) => ({ vendorId: String(fx.vendorId) });
const orderParams = (fx: Fixture) => ({ orderId: String(fx.orderId) });
const vendorOrderParams = (fx: Fixture) => ({ vendorId: String(fx.vendorId), orderId: String(fx.orderId) });
const paymentParams = (fx: Fixture) => ({ orderId: String(fx.orderId), paymentId: String(fx.paymentId) });
const editorStore = (fx: Fixture) => ({ vendorId: String(fx.editor.vendorId) });

const SYDNEY = { latitude: -33.8688, longitude: 151.2093 };

const orderBody = (fx: Fixture) => ({
  orderItems: [
    { name: 'Item', note: 'no onions', itemType: 'Food', ...fx.orderItem },
    { ...fx.orderItem, quantity: 1 },
  ],
  vendorId: fx.vendorId,
  orderOrigin: 'mobile',
  geoLocation: SYDNEY,
  couponCode: null,
  menuId: null,
  consumerId: fx.signer.id,
  serviceMode: 'TakeAway',
  requestedServiceTime: null,
});

/**
 * A one-vendor catalogue of a venue of its own (77): every field of the format once, few enough
 * that sweeping each of them stays quick. A valid request creates or replaces that venue.
 */
function fuzzCatalogue(): Record<string, unknown> {
  const catalogue = smallCatalogue(77, 77_000);
  const [vendor] = catalogue.vendors;
  if (!vendor) throw new Error('the test catalogue has a vendor');
  return {
    ...catalogue,
    vendors: [
      {
        ...vendor,
        openingHours: vendor.openingHours.slice(0, 1),
        items: vendor.items.slice(0, 2),
      },
    ],
    coupons: catalogue.coupons.slice(1),
  };
}

/** Keyed `METHOD url` as Fastify registers it (HEAD routes go with their GET). */
export const ROUTE_SPECS: Record<string, RouteSpec> = {
  // ── system ──
  'GET /health': { auth: 'none' },
  'GET /v1/health': { auth: 'none' },
  'GET /ready': { auth: 'none' },
  'GET /v1/time': { auth: 'none' },
  'GET /v1/openapi.json': { auth: 'none' },

  // ── catalogue ──
  'GET /v1/client/:clientId/venues': { auth: 'none', params: () => ({ clientId: '1' }) },
  'GET /v1/venue/:venueId/vendors': { auth: 'none', params: () => ({ venueId: '0' }) },
  'GET /v1/vendor/:vendorId/availableScheduledPickupTimeSlots': { auth: 'none', params: vendorParams },
  'GET /v1/vendor/:vendorId/current-menu': { auth: 'none', params: vendorParams },
  'GET /v1/displayassets/:assetId/transformed/:transform': {
    auth: 'none',
    params: (fx) => ({ assetId: String(fx.assetId), transform: '100x' }),
  },

  // ── delivery ──
  'GET /v1/address/autocomplete': {
    auth: 'none',
    query: () => ({
      input: '12 Smith St, Parramatta',
      latitude: String(SYDNEY.latitude),
      longitude: String(SYDNEY.longitude),
      biasLatitude: '-33.81',
      biasLongitude: '151.00',
    }),
  },
  'GET /v1/address/place/:placeId': {
    auth: 'none',
    params: () => ({ placeId: 'au-1' }),
    query: () => ({ streetAddress: '12 Smith St' }),
  },
  'GET /v1/vendor/:vendorId/delivery-quote': {
    auth: 'none',
    params: vendorParams,
    query: () => ({ latitude: '-33.87', longitude: '151.20' }),
  },

  // ── ordering ──
  'POST /v1/vendor/:vendorId/calculate-order-payment': { auth: 'none', params: vendorParams, body: orderBody },
  'POST /v1/vendor/:vendorId/place-order': {
    auth: 'consumer',
    params: vendorParams,
    query: () => ({ campaignId: 'summer' }),
    headers: () => ({ 'idempotency-key': `fuzz-${randomUUID()}` }),
    body: (fx) => ({ ...orderBody(fx), attributes: { table: '12', seat: 3 }, deliveryAddress: null }),
  },
  'GET /v1/vendor/:vendorId/order/:orderId': { auth: 'consumer', params: vendorOrderParams },
  // A stream (a Pending order's: it stays open), ended by the fuzz app after a moment like the operations one.
  // Signed with headers here; the query may instead carry the signature (its own tests cover that).
  'GET /v1/order/:orderId/events': { auth: 'consumer', params: orderParams, query: () => ({}) },
  'POST /v1/vendor/:vendorId/order/:orderId/alerted': {
    auth: 'consumer',
    params: vendorOrderParams,
    body: (fx) => ({ orderId: fx.orderId, vendorId: fx.vendorId, timeAlerted: '2026-11-23T02:00:00.000Z' }),
  },

  // ── consumer ──
  'POST /v1/consumer/create': {
    auth: 'none',
    body: () => ({
      contact: { mobile: '+61400000000', email: 'sam@example.com' },
      name: { fullName: 'Sam Lee' },
      metaData: { source: 'fuzz' },
    }),
  },
  'POST /v1/current-consumer/update': {
    auth: 'consumer',
    body: (fx) => ({
      id: fx.signer.id,
      contact: { mobile: '+61400000000', email: 'sam@example.com' },
      name: { fullName: 'Sam Lee' },
      metaData: { source: 'fuzz' },
    }),
  },
  'POST /v1/current-consumer/issue-receipt': { auth: 'consumer', body: (fx) => ({ orderId: fx.orderId }) },

  // ── coupons ──
  'GET /v1/current-consumer/order/:orderId/coupon': { auth: 'consumer', params: orderParams },
  'PUT /v1/current-consumer/order/:orderId/coupon': {
    auth: 'consumer',
    params: orderParams,
    query: () => ({ couponCode: 'EXPIRED' }),
  },
  'DELETE /v1/current-consumer/order/:orderId/coupon': { auth: 'consumer', params: orderParams },
  'POST /v1/current-consumer/order/:orderId/coupon/purchase': {
    auth: 'consumer',
    params: orderParams,
    body: () => ({ couponCode: 'EXPIRED', verificationCode: 'EXPIRED' }),
  },
  'GET /v1/current-consumer/order/:orderId/invoice': { auth: 'consumer', params: orderParams },

  // ── push ──
  'GET /v1/push/public-key': { auth: 'none' },
  'PUT /v1/current-consumer/order/:orderId/push-subscription': {
    auth: 'consumer',
    params: orderParams,
    body: () => ({
      endpoint: 'https://fcm.googleapis.com/fcm/send/fuzz',
      expirationTime: null,
      keys: {
        p256dh: 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U',
        auth: 'hDq7K8fPzYJ1uSn0e4rL5w',
      },
    }),
  },
  'DELETE /v1/current-consumer/order/:orderId/push-subscription': { auth: 'consumer', params: orderParams },

  // ── payments ──
  'POST /v1/vendor/:vendorId/order/:orderId/initiate-payment': {
    auth: 'consumer',
    params: vendorOrderParams,
    body: (fx) => ({ orderId: fx.orderId, vendorId: fx.vendorId }),
  },
  'POST /v1/vendor/:vendorId/order/:orderId/payment/:paymentId/update': {
    auth: 'consumer',
    params: (fx) => ({ ...vendorOrderParams(fx), paymentId: String(fx.paymentId) }),
    body: (fx) => ({
      savePaymentMethod: false,
      messages: ['Approved'],
      responseCode: '1',
      transactionStatus: true,
      transactionId: 'txn-1',
      verification: fx.accessCode,
      token: { id: 'tok-1', tokenType: 'card' },
    }),
  },
  'POST /v1/vendor/order/:orderId/payment/:paymentId/purchase/token': {
    auth: 'consumer',
    params: paymentParams,
    body: () => ({ cvv: '123' }),
  },
  'POST /v1/vendor/order/:orderId/payment/:paymentId/verify': {
    auth: 'consumer',
    params: paymentParams,
    body: () => ({ savePaymentMethod: false, responseCode: '1', transactionStatus: true, messages: [] }),
  },
  'POST /v1/vendor/order/:orderId/payment/apple-pay/session': {
    auth: 'consumer',
    params: orderParams,
    body: () => ({ validationUrl: 'https://apple-pay-gateway.apple.com/paymentservices/startSession' }),
  },
  'POST /v1/vendor/order/:orderId/purchase/wallet': {
    auth: 'consumer',
    params: orderParams,
    // A token with 'decline' in it fails at the sandbox gateway, so a body that stays valid does not pay the order.
    body: (fx) => ({ amount: fx.orderTotalMinor, walletType: 'GOOGLE', googlePayPurchaseToken: 'decline-token' }),
  },

  // ── sandbox gateway ──
  'GET /sandbox-gateway/v1/card': {
    auth: 'none',
    query: (fx) => ({
      currency: 'AUD',
      verification: fx.accessCode,
      amount: String(fx.orderTotalMinor),
      reference: fx.reference,
      format: 'json',
      card_holder: 'Sam Lee',
      card_number: '4242424242424242',
      // 200 declines, so a query that stays valid does not pay the order.
      cvv: '200',
      expiry_month: '12',
      expiry_year: '2030',
      callback: 'handleResult',
    }),
  },

  // ── operations ──
  'GET /ops/v1/credential': { auth: 'ops' },
  'GET /ops/v1/vendor/:vendorId': { auth: 'ops', params: vendorParams },
  'PATCH /ops/v1/vendor/:vendorId': { auth: 'ops', params: vendorParams, body: (fx) => ({ ...fx.vendor }) },
  'PATCH /ops/v1/vendor/:vendorId/menu-item/:itemId': {
    auth: 'ops',
    params: (fx) => ({ vendorId: String(fx.vendorId), itemId: String(fx.item.id) }),
    body: (fx) => ({ currentInventory: fx.item.currentInventory, visible: fx.item.visible }),
  },
  'GET /ops/v1/vendor/:vendorId/orders': {
    auth: 'ops',
    params: vendorParams,
    query: () => ({ status: 'Waiting,PendingAlerted', limit: '50' }),
  },
  // A stream: the fuzz app ends each one after a moment (eventStreams.maxStreamMs), so its answer can be read whole.
  'GET /ops/v1/vendor/:vendorId/events': { auth: 'ops', params: vendorParams, query: () => ({ lastEventId: '1' }) },
  'POST /ops/v1/vendor/:vendorId/order/:orderId/status': {
    auth: 'ops',
    params: vendorOrderParams,
    body: () => ({ status: 'VendorSupportRequired' }),
  },
  'POST /admin/v1/password': {
    auth: 'none',
    body: (fx) => ({ token: fx.passwordToken, password: 'a long enough pass phrase' }),
  },
  'POST /admin/v1/session': {
    auth: 'none',
    body: () => ({ email: 'fuzz-admin@venue.example', password: 'a long enough pass phrase' }),
  },
  'GET /admin/v1/session': { auth: 'admin' },
  'DELETE /admin/v1/session': { auth: 'none' },
  'DELETE /admin/v1/sessions': { auth: 'admin' },
  'POST /admin/v1/password-reset': { auth: 'none', body: () => ({ email: 'fuzz-admin@venue.example' }) },
  'GET /admin/v1/managers': { auth: 'admin' },
  'POST /admin/v1/managers': {
    auth: 'admin',
    body: (fx) => ({
      email: `invited-${randomUUID()}@venue.example`,
      name: 'Invited',
      role: 'store',
      vendorIds: [fx.vendorId],
    }),
  },
  'DELETE /admin/v1/managers/:id': { auth: 'admin', params: (fx) => ({ id: String(fx.managerId) }) },
  'GET /admin/v1/orders': {
    auth: 'admin',
    query: (fx) => ({
      q: 'Fuzz',
      from: '2026-11-01',
      to: '2026-11-30',
      vendorId: String(fx.vendorId),
      status: 'Pending,Waiting',
      limit: '20',
    }),
  },
  'GET /admin/v1/orders.csv': { auth: 'admin', query: () => ({ from: '2026-11-01', to: '2026-11-30' }) },
  'GET /admin/v1/orders/:orderId': { auth: 'admin', params: orderParams },
  // The fixture's order is not paid: a valid refund is refused (409) and nothing is stored.
  'POST /admin/v1/orders/:orderId/refunds': {
    auth: 'admin',
    params: orderParams,
    body: () => ({ amountMinor: 100, reason: 'Cold food' }),
    headers: () => ({ 'idempotency-key': `fuzz-${randomUUID()}` }),
  },
  'GET /admin/v1/reports/takings': {
    auth: 'admin',
    query: (fx) => ({
      from: '2026-11-01',
      to: '2026-11-30',
      by: 'hour',
      vendorId: String(fx.vendorId),
      format: 'json',
    }),
  },
  'GET /admin/v1/reports/today': { auth: 'admin' },
  // A stream: the fuzz app ends each one after a moment (eventStreams.maxStreamMs).
  'GET /admin/v1/events': { auth: 'admin' },
  'POST /ops/v1/vendor/:vendorId/staff-tokens': {
    auth: 'ops',
    params: vendorParams,
    body: () => ({ name: 'Bar tablet 1' }),
  },
  'GET /ops/v1/vendor/:vendorId/staff-tokens': { auth: 'ops', params: vendorParams },
  'DELETE /ops/v1/vendor/:vendorId/staff-tokens/:id': {
    auth: 'ops',
    params: (fx) => ({ vendorId: String(fx.vendorId), id: String(fx.staffTokenId) }),
  },
  'GET /ops/v1/venue/:venueId/catalogue': {
    auth: 'ops',
    params: () => ({ venueId: '0' }),
    query: () => ({ pictures: 'include' }),
  },
  'PUT /ops/v1/venue/:venueId/catalogue': {
    auth: 'ops',
    params: () => ({ venueId: '77' }),
    query: () => ({ force: 'true' }),
    body: fuzzCatalogue,
  },
  // The body is a picture's bytes: what is sent here (nothing, JSON, hostile bytes) is never one.
  'POST /ops/v1/display-assets': { auth: 'ops' },

  // ── back office: menu and store editor, staff tokens ──
  'GET /admin/v1/stores': { auth: 'admin' },
  'POST /admin/v1/stores': {
    auth: 'admin',
    body: () => ({
      venueId: 0,
      storeName: 'Fuzz Corner',
      location: 'Gate F',
      geoLocation: SYDNEY,
      tts: 300_000,
      vendorOrderConfiguration: { availableServiceModes: ['TakeAway'], allowApplePay: true, serviceCharges: [] },
      openingHours: [{ weekday: 'friday', opens: '18:00', closes: '02:00' }],
      itemTypes: ['Snacks'],
    }),
  },
  'GET /admin/v1/stores/:vendorId': { auth: 'admin', params: editorStore },
  'PATCH /admin/v1/stores/:vendorId': {
    auth: 'admin',
    params: editorStore,
    body: (fx) => ({
      version: fx.editor.storeVersion,
      phoneNumber: '02 9000 0000',
      vendorOrderConfiguration: { deliveryMinAmount: 2500 },
      openingHours: [{ weekday: 'monday', opens: '10:00', closes: '22:00' }],
    }),
  },
  'DELETE /admin/v1/stores/:vendorId': {
    auth: 'admin',
    params: editorStore,
    query: (fx) => ({ version: String(fx.editor.storeVersion) }),
  },
  'PUT /admin/v1/stores/:vendorId/item-types': {
    auth: 'admin',
    params: editorStore,
    body: (fx) => ({
      version: fx.editor.storeVersion,
      itemTypes: [{ name: 'Bowls', renamedFrom: 'Mains' }, { name: 'Sides' }],
    }),
  },
  'POST /admin/v1/stores/:vendorId/items': {
    auth: 'admin',
    params: editorStore,
    body: (fx) => ({
      name: 'Fuzz roll',
      description: 'Crunchy',
      price: 650,
      itemType: 'Sides',
      currentInventory: 10,
      modifierGroupsIds: [fx.editor.groupId],
      availability: { monday: [{ startTime: '10:00', endTime: '14:00' }] },
      gstFree: true,
    }),
  },
  'PATCH /admin/v1/stores/:vendorId/items/:itemId': {
    auth: 'admin',
    params: (fx) => ({ vendorId: String(fx.editor.vendorId), itemId: String(fx.editor.itemId) }),
    body: (fx) => ({ version: fx.editor.itemVersion, price: 1300, visible: true, gstFree: false }),
  },
  'DELETE /admin/v1/stores/:vendorId/items/:itemId': {
    auth: 'admin',
    params: (fx) => ({ vendorId: String(fx.editor.vendorId), itemId: String(fx.editor.itemId) }),
    query: (fx) => ({ version: String(fx.editor.itemVersion) }),
  },
  'POST /admin/v1/stores/:vendorId/option-groups': {
    auth: 'admin',
    params: editorStore,
    body: () => ({
      name: 'Sauce',
      minimumChoices: 0,
      maximumChoices: 2,
      selectionRequiredText: null,
      options: [
        { name: 'Chilli', price: 50 },
        { name: 'Garlic', isDefault: true },
      ],
    }),
  },
  'PATCH /admin/v1/stores/:vendorId/option-groups/:groupId': {
    auth: 'admin',
    params: (fx) => ({ vendorId: String(fx.editor.vendorId), groupId: String(fx.editor.groupId) }),
    body: (fx) => ({
      version: fx.editor.groupVersion,
      name: 'Size',
      options: [
        { id: fx.editor.optionId, name: 'Small', price: 0, isDefault: true },
        { name: 'Huge', price: 200 },
      ],
    }),
  },
  'DELETE /admin/v1/stores/:vendorId/option-groups/:groupId': {
    auth: 'admin',
    params: (fx) => ({ vendorId: String(fx.editor.vendorId), groupId: String(fx.editor.groupId) }),
    query: (fx) => ({ version: String(fx.editor.groupVersion) }),
  },
  'GET /admin/v1/coupons': { auth: 'admin' },
  'POST /admin/v1/coupons': {
    auth: 'admin',
    body: (fx) => ({
      code: `FUZZ${randomUUID().slice(0, 8).toUpperCase()}`,
      kind: 'percentage',
      value: 1000,
      vendorId: fx.editor.vendorId,
      validFrom: '2026-12-01T00:00:00Z',
      validUntil: null,
      usageLimit: 10,
    }),
  },
  'PATCH /admin/v1/coupons/:id': {
    auth: 'admin',
    params: (fx) => ({ id: String(fx.editor.couponId) }),
    body: (fx) => ({ version: fx.editor.couponVersion, value: 200, description: 'Two dollars off' }),
  },
  'DELETE /admin/v1/coupons/:id': {
    auth: 'admin',
    params: (fx) => ({ id: String(fx.editor.couponId) }),
    query: (fx) => ({ version: String(fx.editor.couponVersion) }),
  },
  // The body is a picture's bytes: what is sent here (nothing, JSON, hostile bytes) is never one.
  'POST /admin/v1/pictures': { auth: 'admin' },
  'GET /admin/v1/catalogue': { auth: 'admin', query: () => ({ venueId: '0' }) },
  'PUT /admin/v1/catalogue': { auth: 'admin', query: () => ({ venueId: '77', force: 'true' }), body: fuzzCatalogue },
  'GET /admin/v1/staff-tokens': { auth: 'admin' },
  'POST /admin/v1/stores/:vendorId/staff-tokens': {
    auth: 'admin',
    params: vendorParams,
    body: () => ({ name: 'Grill tablet 2' }),
  },
  'DELETE /admin/v1/staff-tokens/:id': { auth: 'admin', params: (fx) => ({ id: String(fx.staffTokenId) }) },
};
