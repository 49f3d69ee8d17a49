import { createAsyncThunk } from '@reduxjs/toolkit';
import type {
  ConsumerProfile,
  CreateConsumerRequest,
  CreatedConsumer,
  UpdateConsumerRequest,
} from '@venue/contract/consumer';
import { isValidEmail } from '@venue/domain/validation';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { signedRequest, signingKeyOf, type SigningKey } from '../../../lib/request-signing';
import type { ConsumerState } from '../lib/consumer-state';

/** Spec §8: what the customer is told when the consumer cannot be saved. */
export const CONSUMER_ERROR_MESSAGE = 'Error with user. Please try again later.';

/** A consumer as the app keeps it. */
export interface SavedConsumer {
  id: string;
  hmacKey: string;
  contact: { mobile: string; email: string };
  name: { fullName: string };
  metaData: Record<string, unknown>;
}

/** POST /v1/consumer/create: contact and name in, id and hmacKey out (spec §7; not signed). */
export function createConsumer(body: CreateConsumerRequest): Promise<CreatedConsumer> {
  return apiRequest('/consumer/create', { method: 'POST', body });
}

/** POST /v1/current-consumer/update (auth): name, contact, id and metaData (spec §7). */
export function updateConsumer(key: SigningKey, body: UpdateConsumerRequest): Promise<ConsumerProfile> {
  return signedRequest(key, '/current-consumer/update', { method: 'POST', body });
}

function toSaved(profile: ConsumerProfile, hmacKey: string): SavedConsumer {
  return {
    id: profile.id,
    hmacKey,
    contact: { mobile: profile.contact.mobile ?? '', email: profile.contact.email ?? '' },
    name: { fullName: profile.name.fullName ?? '' },
    metaData: profile.metaData ?? {},
  };
}

/** The message of a failed save: the server's own words for a refused request, else spec §8's text. */
function failureMessage(error: unknown): string {
  if (error instanceof ApiError && !error.isNetworkError && error.status >= 400 && error.status < 500)
    return error.message || CONSUMER_ERROR_MESSAGE;
  return CONSUMER_ERROR_MESSAGE;
}

/** metaData the API takes back: flat strings, numbers, booleans and nulls. */
function flatMetaData(metaData: Record<string, unknown>): Record<string, string | number | boolean | null> {
  const flat: Record<string, string | number | boolean | null> = {};
  for (const [key, value] of Object.entries(metaData)) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value))
      flat[key] = value as string | number | boolean | null;
  }
  return flat;
}

/**
 * Saves the contact form (spec §2 confirm contact): updates the saved consumer (signed), or creates
 * one when there is none. A consumer the server no longer knows (401/404) is created again.
 * Rejects with the message to alert.
 */
export const saveConsumer = createAsyncThunk<
  SavedConsumer,
  void,
  { state: { consumer: ConsumerState }; rejectValue: string }
>('consumer/save', async (_, { getState, rejectWithValue }) => {
  const consumer = getState().consumer;
  const typedEmail = consumer.emailAddressFormInput.trim();
  const contact = { mobile: consumer.contact.mobile, email: isValidEmail(typedEmail) ? typedEmail : '' };
  const name = { fullName: consumer.fullNameFormInput.trim() };
  const key = signingKeyOf(consumer);
  try {
    if (key) {
      try {
        const profile = await updateConsumer(key, {
          id: key.consumerId,
          contact,
          name,
          metaData: flatMetaData(consumer.metaData),
        });
        return toSaved(profile, key.hmacKey);
      } catch (error) {
        if (!(error instanceof ApiError) || (error.status !== 401 && error.status !== 404)) throw error;
        // Unknown to the server (its data was reset): create the consumer again below.
      }
    }
    const created = await createConsumer({ contact, name });
    return toSaved(created, created.hmacKey);
  } catch (error) {
    return rejectWithValue(failureMessage(error));
  }
});
