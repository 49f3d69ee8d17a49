/** What each part of a store's editor is given. */
import type { AdminStoreMenu } from '@venue/contract/admin-catalogue';

export interface EditorProps {
  menu: AdminStoreMenu;
  vendorId: number;
  /** reads the store again after a save (the form keeps what it shows: what was saved) */
  reload: () => void;
  /** reads the store again and starts the form afresh from it (to see someone else's change) */
  reset: () => void;
}
