/**
 * Placing an order (spec §7 place-order): priced and checked like calculate-order-payment, plus the
 * service mode, the pickup time and delivery rules; the order and its lines are stored Pending in
 * one step, and the same Idempotency-Key answers the order it placed first.
 */
import type { PlacedOrder, PlaceOrderRequest } from '@venue/contract/order';
import type { Vendor } from '@venue/contract/venue';
import { deliveryProblem } from '@venue/domain/delivery';
import type { PricedOrder } from '@venue/domain/order-pricing';
import { isServiceCharge } from '@venue/domain/payment-summary';
import { conflict, unprocessable } from '../../lib/http-error.ts';
import { counted } from '../../lib/metrics.ts';
import type { SignedConsumer } from '../consumers/consumers.service.ts';
import {
  priceVendorOrder,
  STALE_PICKUP_TIME_MESSAGE,
  toPaymentSummary,
  type PricingDeps,
} from '../pricing/pricing.service.ts';
import { findOrderByIdempotencyKey, insertOrderWithItems } from './orders.repository.ts';
import { toPlacedOrder, type OrderRow } from './orders.service.ts';

export const SERVICE_MODE_REQUIRED_MESSAGE = 'Please select a service mode to proceed.';

function checkServiceMode(input: PlaceOrderRequest, vendor: Vendor, priced: PricedOrder): 'TakeAway' | 'HomeDelivery' {
  const config = vendor.vendorOrderConfiguration;
  let mode = input.serviceMode;
  if (mode === 'NotSpecified') mode = config.defaultOrderServiceMode;
  if (mode === 'NotSpecified') throw unprocessable(SERVICE_MODE_REQUIRED_MESSAGE);
  if (!config.availableServiceModes.includes(mode)) {
    throw unprocessable(
      mode === 'HomeDelivery' ? `${vendor.storeName} does not deliver.` : `${vendor.storeName} does not offer pickup.`,
    );
  }
  if (mode === 'HomeDelivery') {
    // The app's delivery rules (spec §5), re-checked here: address, distance, then the minimum.
    const problem = deliveryProblem({
      vendor: {
        location: vendor.geoLocation,
        deliveryMaxDistanceKm: config.deliveryMaxDistance,
        deliveryMinMinor: config.deliveryMinAmount?.minorAmount ?? null,
        ttsMs: vendor.tts,
        deliveryTimeBufferMs: config.deliveryTimeBuffer,
      },
      address: input.deliveryAddress,
      totalMinor: priced.subtotalMinor,
    });
    if (problem) throw unprocessable(problem.message);
  } else if (input.deliveryAddress) {
    throw unprocessable('A delivery address is only for home delivery.');
  }
  return mode;
}

/**
 * Places an order: priced and checked like calculate-order-payment, plus the service mode, the
 * pickup time and delivery rules. The same Idempotency-Key from the same consumer answers the
 * order it placed first instead of a second one.
 */
export async function placeOrder(
  deps: PricingDeps,
  consumer: SignedConsumer,
  vendorId: number,
  input: PlaceOrderRequest,
  options: { idempotencyKey?: string | undefined; campaignId?: string | undefined },
  nowMs: number,
): Promise<PlacedOrder> {
  const { db } = deps;
  // A retry with the key answers the order placed first. Looked up only when this attempt cannot
  // place it (refused, or the unique index already holds the key), so a first attempt reads nothing
  // for it; a retry is answered even when the basket could no longer be placed (sold out, closed).
  const placedBefore = async (error: unknown): Promise<PlacedOrder> => {
    if (!options.idempotencyKey) throw error;
    const existing = await findOrderByIdempotencyKey(db, consumer.id, options.idempotencyKey);
    if (!existing) throw error;
    if (existing.vendor_id !== vendorId) throw conflict('This Idempotency-Key was used for another order.');
    return toPlacedOrder(db, existing, nowMs);
  };
  let row: OrderRow;
  try {
    row = await insertPricedOrder(deps, consumer, vendorId, input, options, nowMs);
  } catch (error) {
    return placedBefore(error);
  }
  counted.orderPlaced();
  return toPlacedOrder(db, row, nowMs);
}

/** Prices the basket, checks the service mode and stores the order with its lines; answers the row as stored. */
async function insertPricedOrder(
  deps: PricingDeps,
  consumer: SignedConsumer,
  vendorId: number,
  input: PlaceOrderRequest,
  options: { idempotencyKey?: string | undefined; campaignId?: string | undefined },
  nowMs: number,
): Promise<OrderRow> {
  const { db } = deps;
  const priced = await priceVendorOrder(deps, vendorId, input, nowMs);
  if (priced.requestedTimeRejected) throw unprocessable(STALE_PICKUP_TIME_MESSAGE);
  const mode = checkServiceMode(input, priced.vendor, priced.order);
  const summary = toPaymentSummary(priced.order);
  const values = {
    vendor_id: vendorId,
    consumer_id: consumer.id,
    order_status: 'Pending',
    claim_ticket: null,
    service_mode: mode,
    requested_service_time: priced.pickedTime,
    time_queued: null,
    time_service_estimated: null,
    subtotal_minor: priced.order.subtotalMinor,
    gst_free_minor: priced.order.gstFreeMinor,
    total_minor: priced.order.totalMinor,
    delivery_address: mode === 'HomeDelivery' && input.deliveryAddress ? JSON.stringify(input.deliveryAddress) : null,
    payment_summary: JSON.stringify(summary),
    created_at: nowMs,
    updated_at: nowMs,
    idempotency_key: options.idempotencyKey ?? null,
    coupon_code: null,
    campaign_id: options.campaignId ?? null,
    attributes: input.attributes ? JSON.stringify(input.attributes) : null,
    order_origin: input.orderOrigin ?? null,
    paid_at: null,
  };
  // The order keeps the customer's details it was placed with, copied by its insert.
  const { id: orderId, ...contact } = await insertOrderWithItems(
    db,
    values,
    priced.order.lines.map((line, index) => {
      const isCharge = isServiceCharge(line);
      const isModifier = line.parentItemId !== null;
      const note = !isCharge && !isModifier ? (input.orderItems[itemIndex(priced.order, index)]?.note ?? null) : null;
      return {
        menu_item_id: isCharge || isModifier ? null : line.id,
        parent_item_id: line.parentItemId,
        modifier_id: isModifier ? line.id : null,
        name: line.name,
        item_type: line.itemType,
        quantity: line.quantity,
        per_item_minor: line.perItemMinor,
        price_minor: line.priceMinor,
        note,
      };
    }),
  );
  // The row as stored, without reading it back.
  return {
    ...values,
    ...contact,
    id: orderId,
    discount_minor: 0,
    time_ready: null,
    time_serviced: null,
    time_alerted: null,
    refund: null,
    paid_method: null,
  };
}

/** Which order line (of the request) a summary line at `index` comes from. */
function itemIndex(order: PricedOrder, index: number): number {
  let items = -1;
  for (let i = 0; i <= index; i += 1) {
    const line = order.lines[i];
    if (line && line.parentItemId === null && !isServiceCharge(line)) items += 1;
  }
  return items;
}
