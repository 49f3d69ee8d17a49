/**
 * The parts of the Google Maps JavaScript API (places library) the delivery screen uses, typed here
 * so the app needs no type package, and the loader that adds the script only when asked.
 */

export interface GoogleLatLngLiteral {
  lat: number;
  lng: number;
}

export interface GooglePrediction {
  place_id: string;
  description: string;
}

export interface GoogleAddressComponent {
  long_name: string;
  short_name: string;
  types: string[];
}

export interface GooglePlaceResult {
  address_components?: GoogleAddressComponent[];
  formatted_address?: string;
  geometry?: { location?: { lat(): number; lng(): number } };
}

export interface GoogleDistanceMatrixElement {
  status: string;
  distance?: { value: number };
  duration?: { value: number };
}

export interface GoogleDistanceMatrixResponse {
  rows: Array<{ elements: GoogleDistanceMatrixElement[] }>;
}

export interface GoogleMapsApi {
  places: {
    AutocompleteService: new () => {
      getPlacePredictions(
        request: {
          input: string;
          componentRestrictions: { country: string | string[] };
          types: string[];
          locationBias?: { center: GoogleLatLngLiteral; radius: number };
          sessionToken?: unknown;
        },
        callback: (predictions: GooglePrediction[] | null, status: string) => void,
      ): void;
    };
    AutocompleteSessionToken: new () => unknown;
    PlacesService: new (container: HTMLElement) => {
      getDetails(
        request: { placeId: string; fields: string[]; sessionToken?: unknown },
        callback: (place: GooglePlaceResult | null, status: string) => void,
      ): void;
    };
    PlacesServiceStatus: { OK: string };
  };
  DistanceMatrixService: new () => {
    getDistanceMatrix(
      request: { origins: GoogleLatLngLiteral[]; destinations: GoogleLatLngLiteral[]; travelMode: string },
      callback: (response: GoogleDistanceMatrixResponse | null, status: string) => void,
    ): void;
  };
  TravelMode: { DRIVING: string };
}

declare global {
  interface Window {
    google?: { maps?: GoogleMapsApi };
    __venueMapsLoaded?: () => void;
  }
}

let loading: Promise<GoogleMapsApi> | null = null;

/** Loads the Maps JavaScript API with the places library once; later calls share the first load. */
export function loadGoogleMaps(key: string): Promise<GoogleMapsApi> {
  const ready = window.google?.maps;
  if (ready?.places) return Promise.resolve(ready);
  loading ??= new Promise<GoogleMapsApi>((resolve, reject) => {
    const script = document.createElement('script');
    const query = new URLSearchParams({ key, libraries: 'places', callback: '__venueMapsLoaded', loading: 'async' });
    window.__venueMapsLoaded = () => {
      const maps = window.google?.maps;
      if (maps) resolve(maps);
      else reject(new Error('Google Maps did not load.'));
    };
    script.src = `https://maps.googleapis.com/maps/api/js?${query}`;
    script.async = true;
    script.onerror = () => {
      loading = null;
      script.remove();
      reject(new Error('Google Maps did not load.'));
    };
    document.head.append(script);
  });
  return loading;
}
