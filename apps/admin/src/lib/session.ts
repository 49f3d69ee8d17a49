/** The signed-in manager, as every screen below the shell reads it. */
import { createContext, useContext } from 'react';
import type { Manager } from '@venue/contract/admin-accounts';

export interface Session {
  manager: Manager;
  /** the venue's time zone and the stores this manager runs (every store for an admin) */
  venue: Venue;
}

export interface Store {
  vendorId: number;
  storeName: string;
}

export interface Venue {
  timeZone: string;
  stores: Store[];
}

export const SessionContext = createContext<Session | null>(null);

/** The session; only screens inside the signed-in shell call this. */
export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside the signed-in shell');
  return session;
}

export const isAdmin = (manager: Manager) => manager.role === 'admin';

/** A store's name, or "Store 3" when it is not one the venue lists. */
export function storeName(venue: Venue, vendorId: number): string {
  return venue.stores.find((store) => store.vendorId === vendorId)?.storeName ?? `Store ${vendorId}`;
}
