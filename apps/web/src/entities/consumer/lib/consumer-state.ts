/**
 * The consumer's state (spec §3 Consumer): one declaration for its slice, its API calls, the legacy
 * import and every hook that signs with the consumer's key (payment, tracking).
 */
import type { FetchStatus } from '../../../lib/fetch-status';

/** Spec §3 Consumer: the saved record plus the contact form's inputs. */
export interface ConsumerState {
  id: string | null;
  hmacKey: string | null;
  contact: { mobile: string; email: string };
  name: { fullName: string };
  metaData: Record<string, unknown>;
  mobilePhoneFormInput: string;
  emailAddressFormInput: string;
  fullNameFormInput: string;
  fetchStatus: FetchStatus | null;
  error: string | null;
}

/** The consumer's credentials in the state: what a signed call needs (lib/request-signing signingKeyOf). */
export type ConsumerKeys = Pick<ConsumerState, 'id' | 'hmacKey'>;

/** A store that holds the consumer, as the hooks that sign with its key read it. */
export interface WithConsumer {
  consumer: ConsumerKeys;
}

/** A consumer the app kept under its own localStorage key before the whole state was saved. */
export interface LegacyConsumer {
  id: string;
  hmacKey: string;
  contact?: { mobile?: string; email?: string };
  name?: { fullName?: string };
}

/** A consumer as the server saved it: what the slice keeps after a save. */
export interface SavedConsumer {
  id: string;
  hmacKey: string;
  contact: { mobile: string; email: string };
  name: { fullName: string };
  metaData: Record<string, unknown>;
}
