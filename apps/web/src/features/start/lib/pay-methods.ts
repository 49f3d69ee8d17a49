import type { Vendor } from '@venue/contract/venue';
import { vendorLabel } from '../../../lib/vendor-status';

/** Every way to pay, as the start screen has always said it. */
export const ALL_PAY_METHODS = 'Card, Apple Pay or Google Pay.';

/**
 * The start screen's 'Pay' step: card, and a wallet only when a store taking orders now allows it
 * (`allowApplePay`, `allowGooglePay`); with none open, the stores that will open. Until the stores
 * are known, every way to pay.
 */
export function payMethodsText(vendors: readonly Vendor[], nowMs: number): string {
  if (vendors.length === 0) return ALL_PAY_METHODS;
  const open = vendors.filter((vendor) => vendorLabel(vendor, nowMs) === null);
  const stores = open.length > 0 ? open : vendors;
  const applePay = stores.some((vendor) => vendor.vendorOrderConfiguration.allowApplePay);
  const googlePay = stores.some((vendor) => vendor.vendorOrderConfiguration.allowGooglePay);
  if (applePay && googlePay) return ALL_PAY_METHODS;
  if (applePay) return 'Card or Apple Pay.';
  if (googlePay) return 'Card or Google Pay.';
  return 'Card.';
}
