import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import type { ConsumerProfile } from '@venue/contract/consumer';
import { isValidEmail } from '@venue/domain/validation';
import { ApiError } from '../../../lib/api-client';
import { signingKeyOf } from '../../../lib/request-signing';
import type { ConsumerState, SavedConsumer } from '../../../entities/consumer';
import { createConsumer, updateConsumer } from './consumers';
import { consumerSaved, consumerSaveFailed, consumerSaveStarted } from '../store/consumer-slice';

/** Spec §8: what the customer is told when the consumer cannot be saved. */
export const CONSUMER_ERROR_MESSAGE = 'Error with user. Please try again later.';

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

/** How a save ended: the consumer saved, or the message the customer is told. */
export type SaveConsumerResult = { ok: true; consumer: SavedConsumer } | { ok: false; message: string };

async function saveRequest(consumer: ConsumerState): Promise<SavedConsumer> {
  const typedEmail = consumer.emailAddressFormInput.trim();
  const contact = { mobile: consumer.contact.mobile, email: isValidEmail(typedEmail) ? typedEmail : '' };
  const name = { fullName: consumer.fullNameFormInput.trim() };
  const key = signingKeyOf(consumer);
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
}

/**
 * Saves the contact form (spec §2 confirm contact): updates the saved consumer (signed), or creates
 * one when there is none. A consumer the server no longer knows (401/404) is created again. The
 * consumer slice follows the save; the result says how it ended. This module is the screens' only:
 * the slice does not import it, so the calls and their signing load with the screens that save.
 */
export function saveConsumer(): ThunkAction<
  Promise<SaveConsumerResult>,
  { consumer: ConsumerState },
  unknown,
  UnknownAction
> {
  return async (dispatch, getState) => {
    dispatch(consumerSaveStarted());
    try {
      const consumer = await saveRequest(getState().consumer);
      dispatch(consumerSaved(consumer));
      return { ok: true, consumer };
    } catch (error) {
      const message = failureMessage(error);
      dispatch(consumerSaveFailed(message));
      return { ok: false, message };
    }
  };
}
