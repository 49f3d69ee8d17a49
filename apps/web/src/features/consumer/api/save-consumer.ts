import { createAsyncThunk } from '@reduxjs/toolkit';
import { isValidEmail } from '@venue/domain/validation';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { signedRequest } from '../../../lib/request-signing';
import type { ConsumerState } from '../store/consumer-slice';

/** Spec §8: what the customer is told when the consumer cannot be saved. */
export const CONSUMER_ERROR_MESSAGE = 'Error with user. Please try again later.';

/** A consumer as the server answers it. */
export interface SavedConsumer {
  id: string;
  hmacKey: string;
  contact: { mobile: string; email: string };
  name: { fullName: string };
  metaData: Record<string, unknown>;
}

interface ConsumerAnswer {
  id: string | number;
  hmacKey?: string;
  contact?: { mobile?: string | null; email?: string | null };
  name?: { fullName?: string | null };
  metaData?: Record<string, unknown> | null;
}

/** POST /v1/consumer/create: contact and name in, id and hmacKey out (spec §7). */
export function createConsumer(body: {
  contact: { mobile: string; email?: string };
  name: { fullName?: string };
}): Promise<ConsumerAnswer> {
  return apiRequest('/consumer/create', { method: 'POST', body });
}

/** POST /v1/current-consumer/update (auth): name, e-mail, id and metaData (spec §7). */
export function updateConsumer(
  key: { consumerId: string; hmacKey: string },
  body: { id: string; name: { fullName?: string }; contact: { email?: string }; metaData: Record<string, unknown> },
): Promise<ConsumerAnswer> {
  return signedRequest(key, '/current-consumer/update', { method: 'POST', body });
}

function toSaved(answer: ConsumerAnswer, hmacKey: string, fallback: SavedConsumer['contact'] & { fullName: string }) {
  return {
    id: String(answer.id),
    hmacKey: answer.hmacKey ?? hmacKey,
    contact: {
      mobile: answer.contact?.mobile ?? fallback.mobile,
      email: answer.contact?.email ?? fallback.email,
    },
    name: { fullName: answer.name?.fullName ?? fallback.fullName },
    metaData: answer.metaData ?? {},
  } satisfies SavedConsumer;
}

/** The message of a failed save: the server's own words for a refused request, else spec §8's text. */
function failureMessage(error: unknown): string {
  if (error instanceof ApiError && !error.isNetworkError && error.status >= 400 && error.status < 500)
    return error.message || CONSUMER_ERROR_MESSAGE;
  return CONSUMER_ERROR_MESSAGE;
}

/**
 * Saves the contact form (spec §2 confirm contact): updates the saved consumer (signed) when its
 * mobile number is unchanged, else creates one. A consumer the server no longer knows is created again.
 * Rejects with the message to alert.
 */
export const saveConsumer = createAsyncThunk<SavedConsumer, void, { state: { consumer: ConsumerState }; rejectValue: string }>(
  'consumer/save',
  async (_, { getState, rejectWithValue }) => {
    const consumer = getState().consumer;
    const mobile = consumer.contact.mobile;
    const typedEmail = consumer.emailAddressFormInput.trim();
    const email = isValidEmail(typedEmail) ? typedEmail : '';
    const fullName = consumer.fullNameFormInput.trim();
    const fallback = { mobile, email, fullName };
    try {
      if (consumer.id && consumer.hmacKey && consumer.savedMobile === mobile) {
        try {
          const answer = await updateConsumer(
            { consumerId: consumer.id, hmacKey: consumer.hmacKey },
            { id: consumer.id, name: { fullName }, contact: { email }, metaData: consumer.metaData },
          );
          return toSaved({ ...answer, id: answer.id ?? consumer.id }, consumer.hmacKey, fallback);
        } catch (error) {
          if (!(error instanceof ApiError) || (error.status !== 401 && error.status !== 404)) throw error;
          // Unknown to the server (its data was reset): fall through and create the consumer again.
        }
      }
      const created = await createConsumer({ contact: { mobile, email }, name: { fullName } });
      if (!created.hmacKey) throw new Error(CONSUMER_ERROR_MESSAGE);
      return toSaved(created, created.hmacKey, fallback);
    } catch (error) {
      return rejectWithValue(failureMessage(error));
    }
  },
);
