/** The venue as the back office needs it once signed in: its time zone and the manager's stores. */
import type { Manager } from '@venue/contract/admin-accounts';
import { listStores } from '../api/catalogue';
import { getToday } from '../api/reports';
import type { Venue } from './session';

/** The browser's own zone: only while the venue's cannot be read. */
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * Reads the manager's stores (GET /admin/v1/stores: exactly the stores he runs, in the app's order)
 * and the venue's zone (today's report). Should either fail, what is known stands in (the stores
 * today's report lists, the ids the account names, the browser's zone), so the screens still work.
 */
export async function loadVenue(manager: Manager, signal?: AbortSignal): Promise<Venue> {
  const [stores, today] = await Promise.allSettled([listStores(signal), getToday(signal)]);
  if (signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
  return {
    timeZone: today.status === 'fulfilled' ? today.value.timeZone : browserZone(),
    stores:
      stores.status === 'fulfilled'
        ? stores.value.map((store) => ({ vendorId: store.id, storeName: store.storeName }))
        : today.status === 'fulfilled'
          ? today.value.stores.map(({ vendorId, storeName }) => ({ vendorId, storeName }))
          : manager.vendorIds.map((vendorId) => ({ vendorId, storeName: `Store ${vendorId}` })),
  };
}
