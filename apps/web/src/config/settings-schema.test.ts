import { describe, expect, it } from 'vitest';
import { parseSettings } from './settings-schema';

describe('build settings', () => {
  it("defaults to the spec's shipped configuration", () => {
    const settings = parseSettings({ DEV: true, MODE: 'production' });
    expect(settings).toMatchObject({
      venueName: 'Harbourside Stadium',
      clientId: 1,
      venueId: 0,
      vendorId: 0,
      multiVendor: true,
      dietaryNote: false,
      specialOrderNote: false,
      showTimeToService: true,
      mapsKey: '',
      googlePayMerchantIds: [],
      googlePayEnv: 'PRODUCTION',
      orderSessionExpiryMs: 1_800_000,
      discoverVenueId: null,
      legalEntityName: '',
      businessNumber: '',
      apiUrl: '',
      apiBase: '/v1',
      brandContrast: '#ffffff',
    });
    expect(settings.brandColor).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('reads every variable, with "true"/"false" flags and numbers from strings', () => {
    const settings = parseSettings({
      VITE_VENUE_NAME: '  Riverside Arena ',
      VITE_CLIENT_ID: '7',
      VITE_VENUE_ID: '3',
      VITE_VENDOR_ID: '2',
      VITE_MULTI_VENDOR: 'false',
      VITE_DIETARY_NOTE: 'true',
      VITE_SPECIAL_ORDER_NOTE: 'TRUE',
      VITE_SHOW_TIME_TO_SERVICE: 'false',
      VITE_MAPS_KEY: 'key',
      VITE_GOOGLE_PAY_MERCHANT_IDS: 'a1, b2',
      VITE_GOOGLE_PAY_ENV: 'TEST',
      VITE_ORDER_SESSION_EXPIRY_MS: '60000',
      VITE_DISCOVER_VENUE_ID: '5',
      VITE_LEGAL_ENTITY_NAME: 'Riverside Pty Ltd',
      VITE_BUSINESS_NUMBER: '12 345 678 901',
      VITE_API_URL: 'https://api.example.com/',
      VITE_BRAND_COLOR: '#222222',
      VITE_BRAND_CONTRAST: '#fff',
    });
    expect(settings).toMatchObject({
      venueName: 'Riverside Arena',
      clientId: 7,
      venueId: 3,
      vendorId: 2,
      multiVendor: false,
      dietaryNote: true,
      specialOrderNote: true,
      showTimeToService: false,
      mapsKey: 'key',
      googlePayMerchantIds: ['a1', 'b2'],
      googlePayEnv: 'TEST',
      orderSessionExpiryMs: 60_000,
      discoverVenueId: 5,
      legalEntityName: 'Riverside Pty Ltd',
      businessNumber: '12 345 678 901',
      apiUrl: 'https://api.example.com',
      apiBase: 'https://api.example.com/v1',
      brandColor: '#222222',
      brandContrast: '#fff',
    });
  });

  it('treats empty variables as unset', () => {
    const settings = parseSettings({ VITE_MULTI_VENDOR: '', VITE_VENUE_NAME: '', VITE_DISCOVER_VENUE_ID: '' });
    expect(settings.multiVendor).toBe(true);
    expect(settings.venueName).toBe('Harbourside Stadium');
    expect(settings.discoverVenueId).toBeNull();
  });

  it('rejects malformed values, naming the variable', () => {
    expect(() => parseSettings({ VITE_MULTI_VENDOR: 'maybe' })).toThrow(/VITE_MULTI_VENDOR/);
    expect(() => parseSettings({ VITE_VENUE_ID: 'abc' })).toThrow(/VITE_VENUE_ID/);
    expect(() => parseSettings({ VITE_GOOGLE_PAY_ENV: 'STAGING' })).toThrow(/VITE_GOOGLE_PAY_ENV/);
    expect(() => parseSettings({ VITE_API_URL: 'not a url' })).toThrow(/VITE_API_URL/);
    expect(() => parseSettings({ VITE_BRAND_COLOR: 'red' })).toThrow(/VITE_BRAND_COLOR/);
  });
});
