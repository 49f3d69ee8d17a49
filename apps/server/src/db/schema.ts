/**
 * Kysely table interfaces: the database as the application reads it. Portable types only
 * (docs/decisions/002-portable-sql.md): 0/1 integers for booleans, minor units for money, epoch
 * milliseconds for instants, JSON as text. Migrations in ./migrations are the source of truth for
 * the shape; these interfaces must follow them.
 */
import type { Generated } from 'kysely';

/** 0 or 1 */
export type Flag = number;
/** JSON text, parsed in repositories */
export type JsonText = string;

export interface ClientsTable {
  id: Generated<number>;
  name: string;
}

export interface VenuesTable {
  id: Generated<number>;
  client_id: number;
  name: string;
  /** IANA zone, e.g. Australia/Sydney */
  time_zone: string;
  address: string;
  latitude: number;
  longitude: number;
  /** GST included in prices, in basis points (1000: 10 %) */
  gst_rate_bp: Generated<number>;
}

export interface VendorsTable {
  id: Generated<number>;
  venue_id: number;
  store_name: string;
  phone_number: string;
  location_description: string;
  thumbnail_asset_id: number | null;
  location_image_asset_id: number | null;
  /** the operator's open flag; opening hours decide when an open vendor trades */
  is_open: Flag;
  is_paused: Flag;
  /** when is_open / is_paused last changed (ms; null: not since 2026-11-27): an older catalogue's import keeps them */
  open_changed_at: number | null;
  paused_changed_at: number | null;
  tts_ms: number;
  latitude: number;
  longitude: number;
  display_order: Generated<number>;
  /** JSON array of service modes */
  available_service_modes: JsonText;
  default_order_service_mode: string;
  pre_order_buffer_ms: number;
  max_burden_per_order: number | null;
  delivery_min_amount_minor: number | null;
  allow_apple_pay: Flag;
  allow_google_pay: Flag;
  is_coupon_payment_allowed: Flag;
  delivery_max_distance_km: number;
  delivery_time_buffer_ms: number;
  /** JSON array of { name, kind: 'percentage' | 'fixed', value } */
  service_charges: JsonText;
  /** bumped whenever the menu or stock changes, so every server process can tell its cached menu is stale */
  menu_version: Generated<number>;
  /** 1: removed from the venue's catalogue; kept for the orders that name it, hidden from customers */
  archived: Generated<Flag>;
  /** JSON array of the menu's item types in the order shown; null: the order of the items */
  item_types: JsonText | null;
  /** the edit version: grows with every save (back office or import); a save of an older one is refused */
  edit_version: Generated<number>;
  /** epoch ms of the last save; null: not saved since versions were kept */
  edited_at: number | null;
  /** the audit actor of the last save ('manager:<id>:<name>', 'ops' …) */
  edited_by: string | null;
}

export interface OpeningHoursTable {
  id: Generated<number>;
  vendor_id: number;
  /** 'monday' … 'sunday' */
  weekday: string;
  /** "HH:mm" local time */
  opens: string;
  /** "HH:mm", may be "24:00"; at or before `opens` runs past midnight */
  closes: string;
}

export interface MenuItemsTable {
  id: Generated<number>;
  vendor_id: number;
  name: string;
  description: string;
  price_minor: number;
  item_type: string;
  display_order: number;
  visible: Flag;
  /** null: not counted */
  current_inventory: number | null;
  /** when current_inventory last changed (ms; null: not since 2026-11-27): an older catalogue's import keeps it */
  inventory_changed_at: number | null;
  burden: number;
  is_restricted: Flag;
  display_asset_id: number | null;
  /** JSON array of modifier group ids, in the order the item shows them */
  modifier_group_ids: JsonText;
  /** JSON weekday → [{ startTime, endTime }], or null for always */
  availability: JsonText | null;
  /** 1: removed from the venue's catalogue; kept for the orders that name it */
  archived: Generated<Flag>;
  /** 1: sold without GST (basic food); left out of the takings' GST */
  gst_free: Generated<Flag>;
  /** the edit version: grows with every save (back office or import); a save of an older one is refused */
  edit_version: Generated<number>;
  /** epoch ms of the last save; null: not saved since versions were kept */
  edited_at: number | null;
  /** the audit actor of the last save ('manager:<id>:<name>', 'ops' …) */
  edited_by: string | null;
}

export interface ModifierGroupsTable {
  id: Generated<number>;
  vendor_id: number;
  name: string;
  minimum_choices: number;
  /** 0 = unlimited */
  maximum_choices: number;
  default_modifier_id: number | null;
  visible: Flag;
  display_order: number;
  selection_required_text: string | null;
  /** 1: removed from the venue's catalogue; kept for the orders that name it */
  archived: Generated<Flag>;
  /** the edit version: grows with every save (back office or import); a save of an older one is refused */
  edit_version: Generated<number>;
  /** epoch ms of the last save; null: not saved since versions were kept */
  edited_at: number | null;
  /** the audit actor of the last save ('manager:<id>:<name>', 'ops' …) */
  edited_by: string | null;
}

export interface ModifiersTable {
  id: Generated<number>;
  vendor_id: number;
  group_id: number;
  name: string;
  price_minor: number;
  visible: Flag;
  display_order: number;
  /** 1: removed from the venue's catalogue; kept for the orders that name it */
  archived: Generated<Flag>;
}

export interface DisplayAssetsTable {
  id: Generated<number>;
  /** what the picture shows (burger, logo, location-map …), for people reading the table */
  kind: string;
  /** SVG source, rendered to the requested size on demand ('' for an uploaded picture) */
  svg: string;
  alt_text: string;
  updated_at: number;
  /** 'image/svg+xml' for a drawing in `svg`; the type of `image` for an uploaded picture */
  content_type: Generated<string>;
  /** SHA-256 of the content type and the stored content: a picture imported again is stored once; null until hashed */
  content_hash: string | null;
  /** an uploaded picture's bytes (WebP), or null for a drawing */
  image: Buffer | null;
}

export interface ConsumersTable {
  /** opaque id the app keeps and signs requests with */
  id: string;
  hmac_key: string;
  mobile: string | null;
  email: string | null;
  full_name: string | null;
  /** JSON object */
  meta_data: JsonText | null;
  created_at: number;
  updated_at: number;
}

export interface OrdersTable {
  id: Generated<number>;
  vendor_id: number;
  consumer_id: string | null;
  order_status: string;
  claim_ticket: string | null;
  service_mode: string;
  requested_service_time: number | null;
  time_queued: number | null;
  time_service_estimated: number | null;
  subtotal_minor: number;
  /** the part of the subtotal for items sold without GST (their options included), as priced */
  gst_free_minor: Generated<number>;
  total_minor: number;
  /** JSON delivery address, HomeDelivery only */
  delivery_address: JsonText | null;
  /** JSON payment summary as priced when placed */
  payment_summary: JsonText | null;
  created_at: number;
  updated_at: number;
  /** the Idempotency-Key header of place-order, unique per consumer */
  idempotency_key: string | null;
  coupon_code: string | null;
  discount_minor: Generated<number>;
  campaign_id: string | null;
  /** JSON object */
  attributes: JsonText | null;
  order_origin: string | null;
  paid_at: number | null;
  /** the method of the payment that paid it ('card', 'token', 'wallet:APPLEPAYWEB', 'wallet:GOOGLE', 'coupon'); null until paid */
  paid_method: string | null;
  /** when the vendor made it ready (PendingAlerted) */
  time_ready: number | null;
  /** when it was collected or delivered (Serviced) */
  time_serviced: number | null;
  /** when the customer's app reported seeing the ready alert */
  time_alerted: number | null;
  /** the customer's name, mobile and email as given with the order, kept when the consumer's details change */
  customer_name: string | null;
  customer_mobile: string | null;
  customer_email: string | null;
  /** JSON OrderRefund (modules/orders/order-refund.ts): what was given back when the vendor cancelled it */
  refund: JsonText | null;
}

export interface OrderItemsTable {
  id: Generated<number>;
  order_id: number;
  /** null for a service charge line */
  menu_item_id: number | null;
  /** set on a modifier line: the menu item it belongs to */
  parent_item_id: number | null;
  modifier_id: number | null;
  name: string;
  item_type: string;
  quantity: number;
  per_item_minor: number;
  price_minor: number;
  note: string | null;
}

export interface PaymentsTable {
  id: Generated<number>;
  order_id: number;
  status: string;
  amount_minor: number;
  access_code: string | null;
  reference: string | null;
  transaction_id: string | null;
  response_code: string | null;
  created_at: number;
  updated_at: number;
  /** 'card' | 'token' | 'wallet' | 'coupon' */
  method: Generated<string>;
  save_payment_method: Generated<Flag>;
  /** why it failed, in the customer's words */
  message: string | null;
  /** the last four digits of the card charged, as the gateway tells them; null for wallets, coupons and older payments */
  card_last_four: string | null;
  /** the card's brand ('Visa', 'Mastercard', 'American Express' …) as the gateway tells it; null for wallets, coupons and older payments */
  card_brand: string | null;
}

export interface CouponsTable {
  id: Generated<number>;
  code: string;
  /** null: any vendor */
  vendor_id: number | null;
  kind: string;
  value: number;
  active: Flag;
  created_at: number;
  /** epoch ms; null: no bound */
  valid_from: number | null;
  valid_until: number | null;
  /** null: unlimited */
  usage_limit: number | null;
  used_count: Generated<number>;
  description: Generated<string>;
  /** the venue whose catalogue holds it; null only for coupons older than catalogues, in a database of several venues */
  venue_id: number | null;
  /** 1: removed from the venue's catalogue; never usable again, kept for the orders that name it */
  archived: Generated<Flag>;
  /** the edit version: grows with every save (back office or import); a save of an older one is refused */
  edit_version: Generated<number>;
  /** epoch ms of the last save; null: not saved since versions were kept */
  edited_at: number | null;
  /** the audit actor of the last save ('manager:<id>:<name>', 'ops' …) */
  edited_by: string | null;
}

/** A card a consumer asked to remember: the gateway's token and what is safe to show. */
export interface SavedCardsTable {
  id: Generated<number>;
  consumer_id: string;
  gateway_token: string;
  card_name: string;
  masked_number: string;
  expiry_month: string;
  expiry_year: string;
  created_at: number;
}

/** Sandbox gateway: an access code issued for one payment. */
export interface GatewaySessionsTable {
  access_code: string;
  reference: string;
  amount_minor: number;
  currency: string;
  created_at: number;
}

/** Sandbox gateway: every charge attempt and its result code. */
export interface GatewayTransactionsTable {
  id: string;
  access_code: string | null;
  /** 'card' | 'token' | 'wallet' */
  kind: string;
  amount_minor: number;
  result_code: number;
  card_token: string | null;
  masked_number: string | null;
  refunded: Generated<Flag>;
  /** how much of the charge went back (partial refunds); refunded is 1 once all of it did */
  refunded_minor: Generated<number>;
  /** the card's brand, from its number; null for wallets */
  card_brand: string | null;
  created_at: number;
}

/** Sandbox gateway: stored cards (masked number only; the number and CVV are never kept). */
export interface GatewayCardTokensTable {
  token: string;
  card_holder: string;
  masked_number: string;
  /** the card's brand, from its number */
  card_brand: string | null;
  expiry_month: string;
  expiry_year: string;
  created_at: number;
}

export interface AuditLogTable {
  id: Generated<number>;
  at: number;
  /** who acted: 'ops' (the admin token), 'staff:<staff token id>:<its name>', 'kitchen-simulator', 'system' … */
  actor: string;
  action: string;
  entity: string;
  entity_id: string;
  /** JSON details of the change */
  details: JsonText | null;
}

/** Money given back on an order by the back office (partial or full) or by a cancel. */
export interface RefundsTable {
  id: Generated<number>;
  order_id: number;
  vendor_id: number;
  /** money given back; 0 for a coupon-paid order (its use comes back instead) */
  amount_minor: number;
  reason: string;
  /** JSON [{ lineId, quantity }] of a refund by line; null for one by amount or in full */
  lines: JsonText | null;
  payment_id: number | null;
  /** 'card' | 'applePay' | 'googlePay' | 'coupon' */
  method: string;
  card_last_four: string | null;
  coupon_code: string | null;
  actor: string;
  idempotency_key: string | null;
  /** 'Succeeded', or 'Pending' while the gateway is asked */
  status: string;
  created_at: number;
}

export interface ReceiptsTable {
  id: Generated<number>;
  order_id: number;
  /** the recipient, lower case (counted per day) */
  email: string;
  message_id: string | null;
  sent_at: number;
  /** the client address the receipt was asked from (counted per day); null before 2026-11-26 and for refund emails */
  client_address: string | null;
  /** 'receipt', or 'refund' for the email telling of a cancelled order's refund */
  kind: Generated<string>;
}

export interface IdempotentRequestsTable {
  id: Generated<number>;
  consumer_id: string;
  /** which call, e.g. 'payment.update' */
  scope: string;
  idem_key: string;
  /** sha-256 of the method, URL and body of the first request */
  request_hash: string;
  /** null while the first request is still running */
  status_code: number | null;
  response_body: string | null;
  /** when the first request started (or a retry took it over) */
  created_at: number;
  /** the server process running the first request, while status_code is null (see lib/idempotency.ts) */
  owner: string | null;
}

/** A per-store credential of the operations API; the token itself is never stored. */
export interface StaffTokensTable {
  id: Generated<number>;
  vendor_id: number;
  name: string;
  /** hex SHA-256 of the token */
  token_hash: string;
  created_at: number;
  /** null while the token works */
  revoked_at: number | null;
  /** updated at most once a minute */
  last_used_at: number | null;
}

/** Back-office accounts (modules/managers). */
export interface ManagersTable {
  id: Generated<number>;
  /** lower case, unique */
  email: string;
  name: string;
  /** 'admin' | 'store' */
  role: string;
  /** JSON array of vendor ids: a store manager's stores */
  vendor_ids: string;
  /** scrypt$N$r$p$salt$hash; null until set from a link */
  password_hash: string | null;
  created_at: number;
  updated_at: number;
  /** null while the account works */
  disabled_at: number | null;
}

/** A signed-in manager's session: only the hash of its cookie's token is kept. */
export interface ManagerSessionsTable {
  id: Generated<number>;
  manager_id: number;
  token_hash: string;
  created_at: number;
  /** updated at most once a minute */
  last_seen_at: number;
  ended_at: number | null;
}

/** A one-time link that sets a password (an invitation or a reset). */
export interface ManagerLinksTable {
  id: Generated<number>;
  manager_id: number;
  /** 'invite' | 'reset' */
  purpose: string;
  token_hash: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

/** The operations event log (modules/events): trimmed from the oldest id. */
export interface OpsEventsTable {
  /** grows with every event, in commit order (see events.repository.ts) */
  id: Generated<number>;
  vendor_id: number;
  order_id: number | null;
  /** 'order' | 'vendor' | 'menu-item' */
  type: string;
  /** the event's JSON text */
  data: string;
  created_at: number;
  /**
   * With tracing on: the W3C traceparent of the span that published it, so a node delivering it
   * to a stream makes its delivery span a child of that one (null: published with tracing off)
   */
  trace_parent: string | null;
}

/**
 * An event owed by a committed change (PostgreSQL; see events.repository.ts): written with the
 * change, deleted by its event's insert, published by a sweep when left behind.
 */
export interface OpsEventsDueTable {
  /** what the event is about, as the event log's subject locks name it ('order:12') */
  subject: string;
  vendor_id: number;
  order_id: number | null;
  type: string;
  /** new at every mark: an event deletes only the mark whose change it read */
  version: Generated<number>;
  /** when the sweep publishes it if no event has (ms) */
  due_at: number;
}

/** A browser's Web Push subscription for one order (modules/push); gone when the order finishes. */
export interface PushSubscriptionsTable {
  id: Generated<number>;
  order_id: number;
  consumer_id: string;
  endpoint: string;
  /** the browser's P-256 public key, base64url */
  p256dh: string;
  /** the browser's auth secret, base64url */
  auth: string;
  created_at: number;
}

/** Values every node shares, written once (e.g. the generated VAPID keys). */
export interface ServerSettingsTable {
  key: string;
  value: string;
  created_at: number;
}

export interface Database {
  clients: ClientsTable;
  venues: VenuesTable;
  vendors: VendorsTable;
  opening_hours: OpeningHoursTable;
  menu_items: MenuItemsTable;
  modifier_groups: ModifierGroupsTable;
  modifiers: ModifiersTable;
  display_assets: DisplayAssetsTable;
  consumers: ConsumersTable;
  orders: OrdersTable;
  order_items: OrderItemsTable;
  payments: PaymentsTable;
  coupons: CouponsTable;
  audit_log: AuditLogTable;
  saved_cards: SavedCardsTable;
  gateway_sessions: GatewaySessionsTable;
  gateway_transactions: GatewayTransactionsTable;
  gateway_card_tokens: GatewayCardTokensTable;
  receipts: ReceiptsTable;
  refunds: RefundsTable;
  idempotent_requests: IdempotentRequestsTable;
  staff_tokens: StaffTokensTable;
  managers: ManagersTable;
  manager_sessions: ManagerSessionsTable;
  manager_links: ManagerLinksTable;
  ops_events: OpsEventsTable;
  ops_events_due: OpsEventsDueTable;
  push_subscriptions: PushSubscriptionsTable;
  server_settings: ServerSettingsTable;
}
