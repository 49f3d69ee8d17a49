// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminItem, AdminStoreMenu } from '@venue/contract/admin-catalogue';
import { App } from '../../app/app';
import { signedInApi } from '../../test/fake-api';
import { tidyClock } from './availability-field';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const VERSIONED = { version: 4, updatedAt: '2026-11-26T23:00:00.000Z', updatedBy: 'Alex Smith' };

const ITEM: AdminItem = {
  id: 201,
  name: 'Bacon roll',
  description: '',
  price: 900,
  itemType: 'Breakfast',
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
};

const menuWith = (item: AdminItem): AdminStoreMenu => ({
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
    openingHours: [{ weekday: 'monday', opens: '07:00', closes: '17:00' }],
    itemTypes: ['Breakfast'],
    ...VERSIONED,
  },
  items: [item],
  optionGroups: [],
});

const openItem = async () => {
  render(
    <MemoryRouter initialEntries={['/menu/2?part=items']}>
      <App />
    </MemoryRouter>,
  );
  fireEvent.click(await screen.findByRole('button', { name: /^Edit\s*Bacon roll$/ }));
  return screen.getByRole('dialog');
};

describe("the item's availability", () => {
  // The first test pays for the screens' lazy import as well: on a busy machine that takes seconds.
  it('sends the windows set, day by day (a day without windows left out)', { timeout: 20_000 }, async () => {
    const api = signedInApi()
      .on('GET /stores/2', { body: menuWith(ITEM) })
      .on('PATCH /stores/2/items/201', { body: { ...ITEM, version: 5 } });
    const dialog = await openItem();
    expect((within(dialog).getByLabelText('Always available') as HTMLInputElement).checked).toBe(true);
    expect(within(dialog).queryByLabelText('Monday From')).toBeNull();

    fireEvent.click(within(dialog).getByLabelText('At set times'));
    fireEvent.click(within(dialog).getByRole('button', { name: /^Add a time\s*on Monday$/ }));
    const from = within(dialog).getByLabelText('Monday From');
    expect(document.activeElement).toBe(from);
    fireEvent.change(from, { target: { value: '7:30' } });
    fireEvent.blur(from);
    expect((from as HTMLInputElement).value).toBe('07:30');
    fireEvent.change(within(dialog).getByLabelText('Monday Until'), { target: { value: '11:00' } });

    fireEvent.click(within(dialog).getByRole('button', { name: 'Copy Monday’s times to every day' }));
    expect((within(dialog).getByLabelText('Saturday Until') as HTMLInputElement).value).toBe('11:00');
    fireEvent.click(within(dialog).getByRole('button', { name: /^Remove\s*Sunday 07:30 to 11:00$/ }));
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: /^Add a time\s*on Sunday$/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: /^Add a time\s*on Friday$/ }));
    fireEvent.change(within(dialog).getByLabelText('Friday From (2)'), { target: { value: '17:00' } });
    fireEvent.change(within(dialog).getByLabelText('Friday Until (2)'), { target: { value: '01:30' } });

    fireEvent.click(within(dialog).getByRole('button', { name: 'Save the item' }));
    await vi.waitFor(() => expect(api.callsTo('PATCH /stores/2/items/201')).toHaveLength(1));
    const breakfast = [{ startTime: '07:30', endTime: '11:00' }];
    expect(api.callsTo('PATCH /stores/2/items/201')[0]!.body).toMatchObject({
      version: 4,
      availability: {
        monday: breakfast,
        tuesday: breakfast,
        wednesday: breakfast,
        thursday: breakfast,
        friday: [...breakfast, { startTime: '17:00', endTime: '01:30' }],
        saturday: breakfast,
      },
    });
    expect(api.callsTo('PATCH /stores/2/items/201')[0]!.body).not.toHaveProperty('availability.sunday');
  });

  it('sends null when always available, though windows were set before', async () => {
    const api = signedInApi()
      .on('GET /stores/2', {
        body: menuWith({ ...ITEM, availability: { monday: [{ startTime: '07:00', endTime: '10:30' }] } }),
      })
      .on('PATCH /stores/2/items/201', { body: { ...ITEM, version: 5 } });
    const dialog = await openItem();
    expect((within(dialog).getByLabelText('Monday From') as HTMLInputElement).value).toBe('07:00');
    fireEvent.click(within(dialog).getByLabelText('Always available'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save the item' }));
    await vi.waitFor(() => expect(api.callsTo('PATCH /stores/2/items/201')).toHaveLength(1));
    expect(api.callsTo('PATCH /stores/2/items/201')[0]!.body).toMatchObject({ availability: null });
  });

  it('refuses a time the contract refuses, beside its field, and sends nothing', async () => {
    const api = signedInApi().on('GET /stores/2', {
      body: menuWith({ ...ITEM, availability: { monday: [{ startTime: '07:00', endTime: '10:30' }] } }),
    });
    const dialog = await openItem();
    fireEvent.change(within(dialog).getByLabelText('Monday Until'), { target: { value: '24:00' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save the item' }));
    const until = within(dialog).getByLabelText('Monday Until');
    expect(until.getAttribute('aria-invalid')).toBe('true');
    const described = document.getElementById(until.getAttribute('aria-describedby')!);
    expect(described?.textContent).toBe('A time of day is written "HH:mm", from 00:00 to 23:59.');
    expect(api.callsTo('PATCH /stores/2/items/201')).toHaveLength(0);
  });

  it("shows the server's problem with a window beside that window's field", async () => {
    signedInApi()
      .on('GET /stores/2', {
        body: menuWith({
          ...ITEM,
          availability: {
            monday: [
              { startTime: '07:00', endTime: '10:30' },
              { startTime: '12:00', endTime: '14:00' },
            ],
          },
        }),
      })
      .on('PATCH /stores/2/items/201', {
        status: 422,
        body: {
          statusCode: 422,
          error: 'Unprocessable Entity',
          message: 'The item has 1 problem.',
          problems: [{ path: '$.availability.monday[1].endTime', message: 'The window must end after 12:00.' }],
        },
      });
    const dialog = await openItem();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save the item' }));
    expect(await within(dialog).findByText('The window must end after 12:00.')).toBeTruthy();
    const until = within(dialog).getByLabelText('Monday Until (2)');
    expect(until.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(until.getAttribute('aria-describedby')!)?.textContent).toBe(
      'The window must end after 12:00.',
    );
    expect(within(dialog).getByLabelText('Monday Until (1)').getAttribute('aria-invalid')).toBeNull();
    expect(within(dialog).getByText(/Nothing was saved: 1 thing needs changing, shown beside each field/)).toBeTruthy();
  });
});

describe('tidyClock', () => {
  it('writes the times a manager types as "HH:mm"', () => {
    expect(tidyClock(' 9:30 ')).toBe('09:30');
    expect(tidyClock('0930')).toBe('09:30');
    expect(tidyClock('21:05')).toBe('21:05');
    expect(tidyClock('noon')).toBe('noon');
  });
});
