/** Consumers: anonymous customers known by an id and a signing key (spec §3 Consumer, §6). */
import { orderedId, randomBytes } from '../../lib/random-bytes.ts';
import type {
  ConsumerProfile,
  CreateConsumerRequest,
  CreatedConsumer,
  UpdateConsumerRequest,
} from '@venue/contract/consumer';
import type { Kysely, Selectable, Updateable } from 'kysely';
import type { ConsumersTable, Database } from '../../db/schema.ts';
import { badRequest, notFound } from '../../lib/http-error.ts';
import {
  findConsumer,
  findSavedCardByToken,
  insertConsumer,
  insertSavedCard,
  latestSavedCard,
  updateConsumerRow,
} from './consumers.repository.ts';

/** Who signed a request (consumer-auth.ts). Services read the consumer's row where they need more than its id. */
export interface SignedConsumer {
  id: string;
}

export type ConsumerRow = Selectable<ConsumersTable>;

function parseMeta(text: string | null): Record<string, unknown> | null {
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export function toConsumerProfile(row: ConsumerRow): ConsumerProfile {
  return {
    id: row.id,
    contact: { mobile: row.mobile, email: row.email },
    name: { fullName: row.full_name },
    metaData: parseMeta(row.meta_data),
  };
}

/** Creates a consumer with a fresh id and a 256-bit signing key; the key is answered only here. */
export async function createConsumer(
  db: Kysely<Database>,
  input: CreateConsumerRequest,
  nowMs: number,
): Promise<CreatedConsumer> {
  const row: ConsumerRow = {
    // Ordered: the consumer's key, its orders' and its Idempotency-Keys' indexes take new ids at their end.
    id: orderedId('c', 16, nowMs),
    hmac_key: randomBytes(32).toString('base64url'),
    mobile: input.contact?.mobile ?? null,
    email: input.contact?.email ?? null,
    full_name: input.name?.fullName ?? null,
    meta_data: input.metaData ? JSON.stringify(input.metaData) : null,
    created_at: nowMs,
    updated_at: nowMs,
  };
  await insertConsumer(db, row);
  return { ...toConsumerProfile(row), hmacKey: row.hmac_key };
}

/**
 * The consumer's name, mobile and email as they are now, in the columns an order keeps them in:
 * what an order is placed with (a later change to the consumer leaves the order as it was).
 */
export async function contactForOrder(db: Kysely<Database>, consumerId: string) {
  const row = await findConsumer(db, consumerId);
  return {
    customer_name: row?.full_name ?? null,
    customer_mobile: row?.mobile ?? null,
    customer_email: row?.email ?? null,
  };
}

/** Changes the signer's own details; fields left out stay. */
export async function updateConsumer(
  db: Kysely<Database>,
  consumer: SignedConsumer,
  input: UpdateConsumerRequest,
  nowMs: number,
): Promise<ConsumerProfile> {
  if (input.id !== undefined && input.id !== consumer.id)
    throw badRequest('id: is not the consumer that signed the request');
  const changes: Updateable<ConsumersTable> = { updated_at: nowMs };
  if (input.contact?.mobile !== undefined) changes.mobile = input.contact.mobile;
  if (input.contact?.email !== undefined) changes.email = input.contact.email;
  if (input.name?.fullName !== undefined) changes.full_name = input.name.fullName;
  if (input.metaData !== undefined) changes.meta_data = input.metaData === null ? null : JSON.stringify(input.metaData);
  await updateConsumerRow(db, consumer.id, changes);
  const updated = await findConsumer(db, consumer.id);
  if (!updated) throw notFound('Consumer not found');
  return toConsumerProfile(updated);
}

/** A consumer's stored row, or undefined when there is none. */
export function findConsumerById(db: Kysely<Database>, consumerId: string): Promise<ConsumerRow | undefined> {
  return findConsumer(db, consumerId);
}

/** The card the consumer saved last (spec §4 saved card), or undefined. */
export function findLatestSavedCard(db: Kysely<Database>, consumer: SignedConsumer) {
  return latestSavedCard(db, consumer.id);
}

/** What the gateway tells of a card to save: as the customer will see it offered again. */
export interface SavedCardDetails {
  cardHolder: string;
  maskedNumber: string;
  expiryMonth: string;
  expiryYear: string;
}

/**
 * Saves the card behind a gateway token for the consumer, unless it is saved already; its
 * details are asked for (`describe`) only then. A card the gateway cannot describe is not saved.
 */
export async function saveCardIfNew(
  db: Kysely<Database>,
  consumer: SignedConsumer,
  gatewayToken: string,
  nowMs: number,
  describe: () => Promise<SavedCardDetails | null>,
): Promise<void> {
  if (await findSavedCardByToken(db, consumer.id, gatewayToken)) return;
  const card = await describe();
  if (!card) return;
  await insertSavedCard(db, {
    consumer_id: consumer.id,
    gateway_token: gatewayToken,
    card_name: card.cardHolder,
    masked_number: card.maskedNumber,
    expiry_month: card.expiryMonth,
    expiry_year: card.expiryYear,
    created_at: nowMs,
  });
}
