import type { AddressPlace } from '@venue/contract/address';
import { apiRequest } from '../../../lib/api-client';

/** GET /v1/address/place/{placeId}: a gazetteer suggestion as a spec §3 delivery address. */
export function getAddressPlace(placeId: string, streetAddress: string, signal?: AbortSignal): Promise<AddressPlace> {
  const query = streetAddress ? `?${new URLSearchParams({ streetAddress })}` : '';
  return apiRequest(`/address/place/${encodeURIComponent(placeId)}${query}`, signal ? { signal } : {});
}
