// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { buildEnv } from '../../test/build-settings';
import { freshEachTest } from '../../test/fresh-each-test';
import { burgers, closedBar, serve } from '../../test/start-screen';
import { fakeFetch, makeVendor } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

// The build settings are fixed per build; each test picks the build it stands for.
vi.mock('../../config/settings', async () => (await import('../../test/build-settings')).settingsModule);

freshEachTest();

/** Serves the vendors call with this status and body (the clock call answers as usual). */
function vendorsAnswer(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) =>
      String(input).includes('/vendors')
        ? new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
        : fakeFetch({ '/time': { now: '', epochMs: 0 } })(input),
    ),
  );
}

const wallets = (applePay: boolean, googlePay: boolean) => ({
  ...burgers.vendorOrderConfiguration,
  allowApplePay: applePay,
  allowGooglePay: googlePay,
});

describe('start screen of a venue not open for orders yet', () => {
  const calm = 'Harbourside Stadium is not open for orders yet';

  it.each([
    [
      'the venue is not in the database yet (404)',
      404,
      { statusCode: 404, error: 'Not Found', message: 'Venue 0 not found' },
    ],
    ['the venue has no stores yet', 200, []],
  ])('says so calmly when %s: no failure, no retry, no order buttons', async (_case, status, body) => {
    vendorsAnswer(status, body);
    renderApp('/start');
    await screen.findByRole('heading', { level: 1, name: calm });
    expect(screen.getByText('Please check back soon.')).toBeTruthy();
    expect(screen.queryByText("We couldn't load the stores. Please try again.")).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Order & Collect' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Order Home Delivery' })).toBeNull();
  });

  it('says so in a single-vendor build too, rather than that the store is not taking orders', async () => {
    buildEnv.current = { VITE_MULTI_VENDOR: 'false', VITE_VENDOR_ID: '2' };
    vendorsAnswer(404, { statusCode: 404, error: 'Not Found', message: 'Venue 0 not found' });
    renderApp('/start');
    await screen.findByRole('heading', { level: 1, name: calm });
    expect(screen.queryByText('This store is not taking orders through the app right now.')).toBeNull();
  });

  it.each([
    ['a server failure', 500],
    ['an unreachable server', 503],
  ])('keeps the failure and its retry for %s', async (_case, status) => {
    vendorsAnswer(status, { statusCode: status, error: 'Error', message: 'Something went wrong on our side.' });
    renderApp('/start');
    await screen.findByText("We couldn't load the stores. Please try again.");
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Harbourside Stadium' })).toBeTruthy();
    expect(screen.queryByText(/not open for orders yet/)).toBeNull();
  });
});

describe("start screen's ways to pay", () => {
  it('names every way to pay when the open stores between them take both wallets', async () => {
    serve([makeVendor({ id: 2, vendorOrderConfiguration: wallets(true, false) }), makeVendor({ id: 3 })]);
    renderApp('/start');
    await screen.findByRole('button', { name: 'Order & Collect' });
    expect(screen.getByText('Card, Apple Pay or Google Pay.')).toBeTruthy();
  });

  it.each([
    [false, false, 'Card.'],
    [true, false, 'Card or Apple Pay.'],
    [false, true, 'Card or Google Pay.'],
  ])('names only the wallets an open store takes (Apple Pay %s, Google Pay %s): %s', async (apple, google, text) => {
    // The closed store takes both wallets; it does not count while another store is open.
    const closed = { ...closedBar, vendorOrderConfiguration: wallets(true, true) };
    serve([makeVendor({ id: 2, vendorOrderConfiguration: wallets(apple, google) }), closed]);
    renderApp('/start');
    await waitFor(() => expect(screen.getByText(text)).toBeTruthy());
    expect(screen.queryByText('Card, Apple Pay or Google Pay.')).toBeNull();
  });

  it('goes by the stores that will open when none is open now', async () => {
    serve([{ ...closedBar, vendorOrderConfiguration: wallets(false, true) }]);
    renderApp('/start');
    await screen.findByText('Card or Google Pay.');
  });
});
