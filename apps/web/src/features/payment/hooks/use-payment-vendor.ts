import { useSelector } from 'react-redux';
import type { Vendor } from '@venue/contract/venue';

type VendorFacts = Pick<Vendor, 'id' | 'storeName' | 'phoneNumber' | 'displayAssets'>;
type State = { venue: { vendors: { data: Vendor[] }; selectedVendor: VendorFacts | null } };

/**
 * The store the order is paid to, as the payment screen shows it: its record when the vendor list
 * holds it, else the vendor chosen on the way (a reload keeps that one).
 */
export function usePaymentVendor(vendorId: number | null) {
  const vendor = useSelector((state: State) => state.venue.vendors.data.find((v) => v.id === vendorId) ?? null);
  const selected = useSelector((state: State) =>
    state.venue.selectedVendor?.id === vendorId ? state.venue.selectedVendor : null,
  );
  return {
    vendor,
    storeName: vendor?.storeName ?? selected?.storeName ?? '',
    phoneNumber: vendor?.phoneNumber ?? selected?.phoneNumber ?? null,
    logoId: vendor?.displayAssets.thumbnailAssetId ?? selected?.displayAssets.thumbnailAssetId ?? null,
  };
}
