// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_TOKEN_MESSAGE, App } from './app';

/** The operations API answering GET /ops/v1/credential as the token is (and the store for a staff token). */
function serve(credential: { kind: 'admin' | 'staff'; vendorId: number | null; name: string | null }) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const path = new URL(String(input), 'http://venue.example').pathname;
      calls.push(path);
      const body =
        path === '/ops/v1/credential'
          ? credential
          : path === '/ops/v1/vendor/2'
            ? { id: 2, storeName: 'Grill & Bun', isOpen: true }
            : null;
      return new Response(JSON.stringify(body), { status: body ? 200 : 404 });
    }),
  );
  return calls;
}

const signIn = (token: string) => {
  fireEvent.change(screen.getByLabelText('Staff token'), { target: { value: token } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
};

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('signing the staff display in', () => {
  it("refuses the venue admin's token, keeps nothing and asks for a store's staff token", async () => {
    const calls = serve({ kind: 'admin', vendorId: null, name: null });
    render(<App />);
    signIn('the-venue-admin-token-0123456789');
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', ADMIN_TOKEN_MESSAGE);
    expect(localStorage.length).toBe(0);
    expect(calls).toEqual(['/ops/v1/credential']);
    expect(screen.queryByLabelText('Store number')).toBeNull();
  });

  it("takes a store's staff token and keeps it on the device", async () => {
    serve({ kind: 'staff', vendorId: 2, name: 'Pass tablet' });
    render(<App />);
    const token = `vst_${'b'.repeat(43)}`;
    signIn(token);
    await vi.waitFor(() => expect(localStorage.getItem('staffDisplay')).toContain(token));
  });
});
