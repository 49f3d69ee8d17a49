/** The device's sign-in: a staff token kept until it is revoked or the staff member signs out. */

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
export function tokenFromLink(href: string): { token: string | null; vendorId: number | null; clean: string } {
  const url = new URL(href);
  const params = new URLSearchParams(url.hash.replace(/^#/, ''));
  const token = params.get('token');
  const vendor = params.get('vendor');
  url.hash = '';
  return {
    token: token && token.trim() ? token.trim() : null,
    vendorId: vendor && /^\d{1,9}$/.test(vendor) ? Number(vendor) : null,
    clean: url.toString(),
  };
}
