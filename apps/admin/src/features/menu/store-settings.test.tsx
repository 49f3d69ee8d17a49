// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminStoreMenu } from '@venue/contract/admin-catalogue';
import { App } from '../../app/app';
import { signedInApi } from '../../test/fake-api';
import { chargeValueText, parseChargeValue, readCharges } from './service-charges-field';

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
    displayAssets: { thumbnailAssetId: 7, locationImageAssetId: null },
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
      serviceCharges: [
        { name: 'Weekend surcharge', kind: 'percentage', value: 1_000 },
        { name: 'Bag', kind: 'fixed', value: 20 },
      ],
    },
    openingHours: [],
    itemTypes: [],
    ...VERSIONED,
  },
  items: [],
  optionGroups: [],
};

const renderSettings = () =>
  render(
    <MemoryRouter initialEntries={['/menu/2']}>
      <App />
    </MemoryRouter>,
  );

const patchBody = (api: ReturnType<typeof signedInApi>) =>
  api.callsTo('PATCH /stores/2')[0]!.body as {
    vendorOrderConfiguration: { serviceCharges: unknown };
    displayAssets: unknown;
  };

describe("a service charge's value", () => {
  it('is read as a person writes it: a percentage in basis points, an amount in cents', () => {
    expect(parseChargeValue('percentage', '1.5')).toBe(150);
    expect(parseChargeValue('percentage', ' 1.25 % ')).toBe(125);
    expect(parseChargeValue('percentage', '10')).toBe(1_000);
    expect(parseChargeValue('percentage', '.5')).toBe(50);
    expect(parseChargeValue('fixed', '$0.50')).toBe(50);
    expect(parseChargeValue('fixed', '$ 1,200')).toBe(120_000);
    expect(parseChargeValue('fixed', '2.5')).toBe(250);
    for (const wrong of ['', 'abc', '1.255', '-1', '1.5.0', '$'])
      expect(parseChargeValue('fixed', wrong), wrong).toBeNull();
    expect(parseChargeValue('percentage', '0.001')).toBeNull();
  });

  it('is written back as a person reads it', () => {
    expect(chargeValueText('percentage', 150)).toBe('1.5');
    expect(chargeValueText('percentage', 1_000)).toBe('10');
    expect(chargeValueText('percentage', 125)).toBe('1.25');
    expect(chargeValueText('percentage', 0)).toBe('0');
    expect(chargeValueText('fixed', 50)).toBe('0.50');
    expect(chargeValueText('fixed', 1_200)).toBe('12.00');
  });

  it("is refused before sending at the charge's own path when it is not a value, or over 100 %", () => {
    const { problems } = readCharges([
      { key: 1, name: ' ', kind: 'fixed', value: 'two dollars' },
      { key: 2, name: 'Surcharge', kind: 'percentage', value: '150' },
      { key: 3, name: 'Fee', kind: 'fixed', value: '150' },
    ]);
    expect(problems).toEqual({
      'vendorOrderConfiguration.serviceCharges[0].name': 'Name the charge, e.g. Card surcharge.',
      'vendorOrderConfiguration.serviceCharges[0].value': 'Enter an amount like 0.50.',
      'vendorOrderConfiguration.serviceCharges[1].value': 'A percentage is at most 100.',
    });
  });
});

describe("the store's settings", () => {
  it('show the charges as written, and save them in basis points and cents with the location picture', async () => {
    const api = signedInApi()
      .on('GET /stores/2', { body: MENU })
      .on('POST /pictures', { body: { id: 31, url: '/v1/displayassets/31/transformed/350x' } })
      .on('PATCH /stores/2', { body: MENU.store });
    renderSettings();
    expect(((await screen.findByLabelText('Charge 1: Percentage (%)')) as HTMLInputElement).value).toBe('10');
    expect((screen.getByLabelText('Charge 2: Amount ($)') as HTMLInputElement).value).toBe('0.20');

    // the first goes, the second becomes 1.5 %, a new one is a fixed 50 cents
    fireEvent.click(screen.getByRole('button', { name: /^Remove\s*charge 1$/ }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add a service charge' }));
    fireEvent.change(screen.getByLabelText('Charge 1: Charged as'), { target: { value: 'percentage' } });
    fireEvent.change(screen.getByLabelText('Charge 1: Percentage (%)'), { target: { value: '1.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add a service charge' }));
    const name = screen.getByLabelText('Charge 2: Name');
    expect(document.activeElement).toBe(name);
    fireEvent.change(name, { target: { value: 'Card fee' } });
    fireEvent.change(screen.getByLabelText('Charge 2: Charged as'), { target: { value: 'fixed' } });
    fireEvent.change(screen.getByLabelText('Charge 2: Amount ($)'), { target: { value: '$0.50' } });

    const picture = new File(['png'], 'gate.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('Upload a picture', { selector: '#store-location-image' }), {
      target: { files: [picture] },
    });
    expect(await screen.findByAltText('Location picture: the picture now chosen')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Saved.')).toBeTruthy();
    const patch = patchBody(api);
    expect(patch.vendorOrderConfiguration.serviceCharges).toEqual([
      { name: 'Bag', kind: 'percentage', value: 150 },
      { name: 'Card fee', kind: 'fixed', value: 50 },
    ]);
    expect(patch.displayAssets).toEqual({ thumbnailAssetId: 7, locationImageAssetId: 31 });
  });

  it("shows the server's problems with a charge and the location picture beside their fields", async () => {
    const api = signedInApi()
      .on('GET /stores/2', { body: MENU })
      .on('PATCH /stores/2', {
        status: 422,
        body: {
          statusCode: 422,
          error: 'Unprocessable Entity',
          message: 'The store has 3 problems.',
          problems: [
            { path: '$.vendorOrderConfiguration.serviceCharges[1].value', message: 'Must be at most 100000000.' },
            { path: '$.vendorOrderConfiguration.serviceCharges', message: 'Each charge must have its own name.' },
            { path: '$.displayAssets.locationImageAssetId', message: 'No picture 99 is stored.' },
          ],
        },
      });
    renderSettings();
    fireEvent.change(await screen.findByLabelText('Charge 2: Amount ($)'), { target: { value: '2000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));

    expect(await screen.findByText('Must be at most 100000000.')).toBeTruthy();
    expect(patchBody(api).vendorOrderConfiguration.serviceCharges).toEqual([
      { name: 'Weekend surcharge', kind: 'percentage', value: 1_000 },
      { name: 'Bag', kind: 'fixed', value: 200_000_000 },
    ]);
    const value = screen.getByLabelText('Charge 2: Amount ($)');
    expect(value.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(value.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Must be at most 100000000.',
    );
    expect(screen.getByLabelText('Charge 1: Percentage (%)').getAttribute('aria-invalid')).toBeNull();

    const charges = screen.getByRole('group', { name: 'Service charges' });
    expect(charges.getAttribute('aria-describedby')).toContain('store-charges-error');
    expect(screen.getByText('Each charge must have its own name.').id).toBe('store-charges-error');

    const upload = document.getElementById('store-location-image')!;
    expect(upload.getAttribute('aria-invalid')).toBe('true');
    expect(upload.getAttribute('aria-describedby')).toContain('store-location-image-error');
    expect(document.getElementById('store-location-image-error')?.textContent).toBe('No picture 99 is stored.');
    expect(screen.getByText(/Nothing was saved: 3 things need changing/)).toBeTruthy();
  });

  it('refuses a charge it cannot read without sending, and says so beside the field', async () => {
    const api = signedInApi().on('GET /stores/2', { body: MENU });
    renderSettings();
    fireEvent.change(await screen.findByLabelText('Charge 1: Percentage (%)'), { target: { value: 'ten' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Enter a percentage like 1.5.')).toBeTruthy();
    expect(screen.getByLabelText('Charge 1: Percentage (%)').getAttribute('aria-invalid')).toBe('true');
    expect(api.callsTo('PATCH /stores/2')).toHaveLength(0);
  });
});
