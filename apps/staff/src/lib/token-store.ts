/** The device's sign-in: a staff token kept until it is revoked or the staff member signs out. */
import { STAFF_TOKEN_PREFIX } from '@venue/contract/staff-tokens';

const KEY = 'staffDisplay';

export interface SignIn {
  token: string;
  vendorId: number;
  storeName: string;
}

export function loadSignIn(storage: Storage = localStorage): SignIn | null {
  try {
    const value = JSON.parse(storage.getItem(KEY) ?? 'null') as Partial<SignIn> | null;
    if (value && typeof value.token === 'string' && Number.isInteger(value.vendorId)) {
      // Only a staff token is kept: an admin token saved by an older version is forgotten, since this
      // origin is the customer app's too and the admin token reaches every store.
      if (!value.token.startsWith(STAFF_TOKEN_PREFIX)) {
        storage.removeItem(KEY);
        return null;
      }
      return { token: value.token, vendorId: value.vendorId as number, storeName: String(value.storeName ?? '') };
    }
  } catch {
    // a damaged entry is no sign-in
  }
  return null;
}

export function saveSignIn(signIn: SignIn, storage: Storage = localStorage): void {
  storage.setItem(KEY, JSON.stringify(signIn));
}

export function clearSignIn(storage: Storage = localStorage): void {
  storage.removeItem(KEY);
}

/**
 * A token handed over in a link or QR code: `/staff#token=…` (the fragment never reaches a
 * server log). Returns it and the address without it.
 */
export function tokenFromLink(href: string): { token: string | null; clean: string } {
  const url = new URL(href);
  const params = new URLSearchParams(url.hash.replace(/^#/, ''));
  const token = params.get('token');
  url.hash = '';
  return { token: token && token.trim() ? token.trim() : null, clean: url.toString() };
}
