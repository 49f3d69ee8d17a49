/**
 * Spec §7 maps service with a Google Maps key: Places autocomplete (country AU, address types,
 * biased to 100 km around the venue, one session token per address search), Place details and the
 * driving Distance Matrix.
 */
import type { AddressPlace } from '@venue/contract/address';
import type { GeoLocation } from '@venue/contract/common';
import { isAddressResolved } from '@venue/domain/delivery';
import type { AddressService, Route } from './address-service';
import type { GoogleAddressComponent, GoogleMapsApi, GooglePlaceResult } from './google-maps';

/**
 * Spec §7/§9: suggestions within 100 km of the venue (the same figure as ADDRESS_SEARCH_RADIUS_KM of
 * @venue/contract/address). Not imported from there: that module builds zod schemas when it loads,
 * which would put zod's full build (about 18 KiB gzipped) into every page's first download.
 */
const ADDRESS_SEARCH_RADIUS_KM = 100;

/** Spec §9: country AU. */
export const PLACES_COUNTRY = 'au';
export const PLACES_TYPES = ['address'];
const DETAIL_FIELDS = ['address_components', 'formatted_address', 'geometry'];

const toLatLng = (point: GeoLocation) => ({ lat: point.latitude, lng: point.longitude });

function component(components: GoogleAddressComponent[], type: string, short = false): string {
  const found = components.find((c) => c.types.includes(type));
  return found ? (short ? found.short_name : found.long_name) : '';
}

/** Place details as a delivery address (spec §3); the street line is the number, then the route. */
export function toDeliveryAddress(place: GooglePlaceResult): AddressPlace | null {
  const components = place.address_components ?? [];
  const location = place.geometry?.location;
  if (!location) return null;
  const subpremise = component(components, 'subpremise');
  const number = component(components, 'street_number');
  const street = [number, component(components, 'route')].filter(Boolean).join(' ');
  const address: AddressPlace = {
    streetAddress: subpremise && street ? `${subpremise}/${street}` : street,
    addressLocality: component(components, 'locality') || component(components, 'postal_town'),
    postalCode: component(components, 'postal_code'),
    addressRegion: component(components, 'administrative_area_level_1', true),
    addressCountry: component(components, 'country', true),
    addressDescription: place.formatted_address ?? '',
    location: { latitude: location.lat(), longitude: location.lng() },
  };
  return isAddressResolved(address) ? address : null;
}

/** The AddressService over a loaded Maps API (`load` resolves `window.google.maps`). */
export function googleAddressService(load: () => Promise<GoogleMapsApi>): AddressService {
  // Predictions and the details that end them share a session token (billed as one search).
  let sessionToken: unknown = null;
  const token = (maps: GoogleMapsApi) => (sessionToken ??= new maps.places.AutocompleteSessionToken());

  return {
    async suggest(input, options) {
      const maps = await load();
      const service = new maps.places.AutocompleteService();
      return new Promise((resolve, reject) => {
        service.getPlacePredictions(
          {
            input,
            componentRestrictions: { country: PLACES_COUNTRY },
            types: PLACES_TYPES,
            ...(options.centre
              ? { locationBias: { center: toLatLng(options.centre), radius: ADDRESS_SEARCH_RADIUS_KM * 1000 } }
              : {}),
            sessionToken: token(maps),
          },
          (predictions, status) => {
            if (options.signal?.aborted) return reject(new DOMException('Aborted', 'AbortError'));
            if (status === maps.places.PlacesServiceStatus.OK || status === 'ZERO_RESULTS') {
              resolve(
                (predictions ?? []).map((p) => ({
                  placeId: p.place_id,
                  description: p.description,
                  streetAddress: '',
                })),
              );
            } else reject(new Error(`Places autocomplete: ${status}`));
          },
        );
      });
    },

    async resolve(choice) {
      const maps = await load();
      const service = new maps.places.PlacesService(document.createElement('div'));
      const sessionTokenUsed = token(maps);
      sessionToken = null;
      return new Promise((resolve) => {
        service.getDetails(
          { placeId: choice.placeId, fields: DETAIL_FIELDS, sessionToken: sessionTokenUsed },
          (place, status) => {
            resolve(status === maps.places.PlacesServiceStatus.OK && place ? toDeliveryAddress(place) : null);
          },
        );
      });
    },

    async routes(origins, destination) {
      const maps = await load();
      const service = new maps.DistanceMatrixService();
      return new Promise((resolve) => {
        service.getDistanceMatrix(
          {
            origins: origins.map(toLatLng),
            destinations: [toLatLng(destination)],
            travelMode: maps.TravelMode.DRIVING,
          },
          (response, status) => {
            resolve(
              origins.map((_, index): Route | null => {
                const element = status === 'OK' ? response?.rows[index]?.elements[0] : undefined;
                if (!element || element.status !== 'OK' || !element.distance || !element.duration) return null;
                return { distance: element.distance.value, durationMs: element.duration.value * 1000 };
              }),
            );
          },
        );
      });
    },
  };
}
