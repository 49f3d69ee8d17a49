import type { AddressSuggestion } from '@venue/contract/address';
import type { GeoLocation } from '@venue/contract/common';
import { apiRequest } from '../../../lib/api-client';

/**
 * GET /v1/address/autocomplete: the built-in gazetteer's localities for typed text, within 100 km of
 * `centre` (the venue), nearer `bias` (the customer) first.
 */
export function getAddressSuggestions(
  input: string,
  options: { centre: GeoLocation | null; bias: GeoLocation | null; signal?: AbortSignal },
): Promise<AddressSuggestion[]> {
  const query = new URLSearchParams({ input });
  if (options.centre) {
    query.set('latitude', String(options.centre.latitude));
    query.set('longitude', String(options.centre.longitude));
  }
  if (options.bias) {
    query.set('biasLatitude', String(options.bias.latitude));
    query.set('biasLongitude', String(options.bias.longitude));
  }
  return apiRequest(`/address/autocomplete?${query}`, options.signal ? { signal: options.signal } : {});
}
