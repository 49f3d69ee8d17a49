/** The embedded default: localities from the server's gazetteer, travel estimated from the great-circle distance. */
import { estimatedTravelTimeMs, isAddressResolved } from '@venue/domain/delivery';
import { distanceMetres } from '@venue/domain/distance';
import { getAddressPlace } from '../api/get-address-place';
import { getAddressSuggestions } from '../api/get-address-suggestions';
import type { AddressService } from './address-service';

export function gazetteerAddressService(): AddressService {
  return {
    async suggest(input, options) {
      const suggestions = await getAddressSuggestions(input, options);
      return suggestions.map((s) => ({
        placeId: s.placeId,
        description: s.description,
        streetAddress: s.streetAddress,
      }));
    },
    async resolve(choice) {
      const place = await getAddressPlace(choice.placeId, choice.streetAddress);
      return isAddressResolved(place) ? place : null;
    },
    async routes(origins, destination) {
      return origins.map((origin) => {
        const distance = distanceMetres(origin, destination);
        return { distance, durationMs: estimatedTravelTimeMs(distance) };
      });
    },
  };
}
