import type { TestServer } from '@venue/test-harness/server';

/**
 * The public /v1 API as the app calls it (spec §7), for tests that compare what a screen shows
 * with what the server answers. Shapes are the contract's (packages/contract), typed loosely here
 * so a test reads the fields it checks and fails clearly when one is missing.
 */

export interface ApiMoney {
  amount: number;
  minorAmount: number;
  currencySymbol: string;
  currencyCode: string;
}

export interface ApiVendor {
  id: number;
  storeName: string;
  phoneNumber: string;
  isOpen: boolean;
  isPaused: boolean;
  tts: number;
  vendorOrderConfiguration: { maxBurdenPerOrder: number | null; serviceCharges: unknown[] };
}

export interface ApiMenuItem {
  id: number;
  name: string;
  price: ApiMoney;
  itemType: string;
  displayOrder: number;
  visible: boolean;
  currentInventory: number | null;
  burden: number;
  isRestricted: boolean;
  modifierGroupsIds: number[];
}

export interface ApiModifier {
  id: number;
  name: string;
  price: ApiMoney;
  visible: boolean;
  groupId: number;
}

export interface ApiModifierGroup {
  id: number;
  name: string;
  modifierIds: number[];
  minimumChoices: number;
  maximumChoices: number;
  defaultModifierId: number | null;
  visible: boolean;
}

export interface ApiMenu {
  id: number;
  vendorId: number;
  items: ApiMenuItem[];
  modifiers: ApiModifier[];
  modifierGroups: ApiModifierGroup[];
}

export interface OrderLine {
  menuItemId: number;
  quantity: number;
  modifiers?: { modifierId: number; quantity: number }[];
}

export interface PaymentSummaryItem {
  id: number | null;
  parentItemId: number | null;
  name: string;
  quantity: number;
  perItemPrice: ApiMoney;
  price: ApiMoney;
  itemType: string;
}

export interface PaymentSummary {
  items: PaymentSummaryItem[];
  subTotals: { name: string; price: ApiMoney }[];
  total: ApiMoney;
}

async function call<T>(server: TestServer, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${server.url}/v1${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} /v1${path} answered ${response.status}: ${text}`);
  return JSON.parse(text) as T;
}

export const getVendors = (server: TestServer, venueId = 0) =>
  call<ApiVendor[]>(server, 'GET', `/venue/${venueId}/vendors`);

export async function getVendor(server: TestServer, vendorId: number): Promise<ApiVendor> {
  const vendor = (await getVendors(server)).find((candidate) => candidate.id === vendorId);
  if (!vendor) throw new Error(`vendor ${vendorId} is not in the demo venue`);
  return vendor;
}

export const getMenu = (server: TestServer, vendorId: number) =>
  call<ApiMenu>(server, 'GET', `/vendor/${vendorId}/current-menu`);

export function menuItem(menu: ApiMenu, name: string): ApiMenuItem {
  const item = menu.items.find((candidate) => candidate.name === name);
  if (!item) throw new Error(`"${name}" is not on the menu of vendor ${menu.vendorId}`);
  return item;
}

export function modifier(menu: ApiMenu, name: string, groupName?: string): ApiModifier {
  const group = groupName ? menu.modifierGroups.find((candidate) => candidate.name === groupName) : undefined;
  const found = menu.modifiers.find(
    (candidate) => candidate.name === name && (group === undefined || candidate.groupId === group.id),
  );
  if (!found) throw new Error(`option "${name}" is not on the menu of vendor ${menu.vendorId}`);
  return found;
}

/** POST /v1/vendor/{vendorId}/calculate-order-payment (spec §7): the server's prices and total. */
export async function calculateOrderPayment(
  server: TestServer,
  vendorId: number,
  lines: OrderLine[],
): Promise<PaymentSummary> {
  const body = {
    vendorId,
    serviceMode: 'TakeAway',
    orderItems: lines.map((line) => ({
      menuItemId: line.menuItemId,
      quantity: line.quantity,
      modifiers: (line.modifiers ?? []).map((m) => ({ modifierId: m.modifierId, quantity: m.quantity })),
    })),
  };
  const answer = await call<{ paymentSummary: PaymentSummary }>(
    server,
    'POST',
    `/vendor/${vendorId}/calculate-order-payment`,
    body,
  );
  return answer.paymentSummary;
}

/** "$12.50" from cents, as the app shows money (spec §3 Money, AUD). */
export function dollars(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  return `${sign}$${(Math.abs(minor) / 100).toFixed(2)}`;
}
