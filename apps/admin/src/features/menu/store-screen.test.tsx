// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminStoreMenu } from '@venue/contract/admin-catalogue';
import { App } from '../../app/app';
import { signedInApi } from '../../test/fake-api';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const VERSIONED = { version: 4, updatedAt: '2026-11-26T23:00:00.000Z', updatedBy: 'Alex Smith' };

const MENU: AdminStoreMenu = {
  store: {
    id: 2,
    venueId: 0,
    storeName: 'Grill & Bun',
    phoneNumber: '(02) 9000 0002',
    location: 'North stand',
    displayAssets: { thumbnailAssetId: null, locationImageAssetId: null },
    geoLocation: { latitude: -33.8, longitude: 151 },
    tts: 720_000,
    isOpen: true,
    isPaused: false,
    vendorOrderConfiguration: {
      availableServiceModes: ['TakeAway'],
      defaultOrderServiceMode: 'TakeAway',
      preOrderBufferDuration: 0,
      maxBurdenPerOrder: null,
      deliveryMinAmount: null,
      allowApplePay: true,
      allowGooglePay: false,
      isCouponPaymentAllowed: true,
      deliveryMaxDistance: 0,
      deliveryTimeBuffer: 0,
      serviceCharges: [],
    },
    openingHours: [{ weekday: 'monday', opens: '09:00', closes: '17:00' }],
    itemTypes: ['Burgers'],
    ...VERSIONED,
  },
  items: [
    {
      id: 201,
      name: 'Cheeseburger',
      description: '',
      price: 1450,
      itemType: 'Burgers',
      displayOrder: 1,
      visible: true,
      currentInventory: null,
      burden: 1,
      isRestricted: false,
      displayAssetId: null,
      modifierGroupsIds: [],
      availability: null,
      gstFree: false,
      ...VERSIONED,
    },
  ],
  optionGroups: [],
};

const renderAt = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <App />
    </MemoryRouter>,
  );

describe('the store editor', () => {
  it('saves the settings with the version read, and says who changed the store when the save is refused as stale', async () => {
    const api = signedInApi()
      .on('GET /stores/2', { body: MENU })
      .on('PATCH /stores/2', {
        status: 409,
        body: {
          statusCode: 409,
          error: 'Conflict',
          message: 'Changed by Alex Smith at 10:42; reload to see it.',
          changedBy: 'Jo Kitchen',
          changedAt: '2026-11-27T00:30:00.000Z',
          currentVersion: 5,
        },
      });
    renderAt('/menu/2');
    expect(await screen.findByText('Last changed by Alex Smith at 27 Nov 2026, 10:00 am')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Where in the venue'), { target: { value: 'Gate 4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(
      await screen.findByText('Changed by Jo Kitchen at 27 Nov 2026, 11:30 am; reload to see their change.', {
        exact: false,
      }),
    ).toBeTruthy();
    const patch = api.callsTo('PATCH /stores/2')[0]!.body as Record<string, unknown>;
    expect(patch).toMatchObject({ version: 4, location: 'Gate 4', tts: 720_000 });
    expect(patch).not.toHaveProperty('isOpen');
    expect(patch).not.toHaveProperty('isPaused');

    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    await vi.waitFor(() => expect(api.callsTo('GET /stores/2')).toHaveLength(2));
  });

  it("shows each of the server's problems beside its field", async () => {
    signedInApi()
      .on('GET /stores/2', { body: MENU })
      .on('PATCH /stores/2/items/201', {
        status: 422,
        body: {
          statusCode: 422,
          error: 'Unprocessable Entity',
          message: 'The item has 2 problems.',
          problems: [
            { path: '$.name', message: 'Must not be empty.' },
            { path: '$.price', message: 'A price must be at most 100000000 cents.' },
          ],
        },
      });
    renderAt('/menu/2?part=items');
    fireEvent.click(await screen.findByRole('button', { name: /^Edit\s*Cheeseburger$/ }));
    const dialog = screen.getByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Price ($)'), { target: { value: '2000000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save the item' }));
    expect(await within(dialog).findByText('A price must be at most 100000000 cents.')).toBeTruthy();
    expect(within(dialog).getByLabelText('Price ($)').getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getByLabelText('Name').getAttribute('aria-describedby')).toBe('item-name-error');
    expect(within(dialog).getByText(/Nothing was saved: 2 things need changing/)).toBeTruthy();
  });
});
