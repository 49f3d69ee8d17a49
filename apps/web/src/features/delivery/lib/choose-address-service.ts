import type { AddressService } from './address-service';
import { gazetteerAddressService } from './gazetteer-address-service';
import { googleAddressService } from './google-address-service';
import { loadGoogleMaps } from './google-maps';

/** Google Maps when the build has a key (loaded on the first search), else the built-in gazetteer. */
export function chooseAddressService(mapsKey: string): AddressService {
  return mapsKey ? googleAddressService(() => loadGoogleMaps(mapsKey)) : gazetteerAddressService();
}
