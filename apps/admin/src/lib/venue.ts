/** The venue as the back office needs it once signed in: its time zone and the manager's stores. */
import type { Manager } from '@venue/contract/admin-accounts';
import { getToday } from '../api/reports';
import type { Venue } from './session';

/** The browser's own zone: only while the venue's cannot be read. */
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * Reads the venue's zone and stores from today's report (which lists exactly the stores the
 * manager runs). Should it fail, the stores the account names, so the screens still work.
 */
export async function loadVenue(manager: Manager, signal?: AbortSignal): Promise<Venue> {
  try {
    const today = await getToday(signal);
    return {
      timeZone: today.timeZone,
      stores: today.stores.map(({ vendorId, storeName }) => ({ vendorId, storeName })),
    };
  } catch (error) {
    if (signal?.aborted) throw error;
    return {
      timeZone: browserZone(),
      stores: manager.vendorIds.map((vendorId) => ({ vendorId, storeName: `Store ${vendorId}` })),
    };
  }
}
