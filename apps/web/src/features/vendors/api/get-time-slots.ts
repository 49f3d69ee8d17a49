import { apiRequest } from '../../../lib/api-client';

/** GET /v1/vendor/{vendorId}/availableScheduledPickupTimeSlots: ISO instants, ascending (spec §7). */
export function getTimeSlots(vendorId: number, signal?: AbortSignal): Promise<string[]> {
  return apiRequest<string[]>(`/vendor/${vendorId}/availableScheduledPickupTimeSlots`, signal ? { signal } : {});
}
