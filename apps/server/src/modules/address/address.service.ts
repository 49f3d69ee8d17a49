/**
 * Address search for home delivery without an external maps service: suggestions of Australian
 * localities for what the customer typed, a chosen suggestion as a delivery address, and the
 * delivery quote of a vendor (spec §5, §9).
 */
import {
  ADDRESS_SEARCH_RADIUS_KM,
  MAX_ADDRESS_SUGGESTIONS,
  type AddressPlace,
  type AddressSuggestion,
  type DeliveryQuote,
} from '@venue/contract/address';
import type { GeoLocation } from '@venue/contract/common';
import type { Vendor } from '@venue/contract/venue';
import { CANNOT_DELIVER_MESSAGE, quoteDelivery } from '@venue/domain/delivery';
import { distanceMetres } from '@venue/domain/distance';
import { notFound, unprocessable } from '../../lib/http-error.ts';
import { normalise, STATES, type Gazetteer, type Locality } from './gazetteer.ts';

/** Spec §3: every delivery address is in Australia. */
export const ADDRESS_COUNTRY = 'AU';
const PLACE_ID_PREFIX = 'au-';

/** What a typed address asks for: a street line, a locality name prefix, a postcode prefix, a state. */
export interface ParsedInput {
  streetAddress: string;
  name: string;
  postcode: string;
  state: string;
}

const STATE_SET = new Set<string>(STATES);
const isNumberToken = (token: string) => /^\d+[A-Z]?$/.test(token) || /^\d+[/-]\d+[A-Z]?$/.test(token);

/** The locality part of some tokens: name words, then an optional state, then an optional postcode. */
function localityPart(tokens: string[]): Omit<ParsedInput, 'streetAddress'> {
  const rest = [...tokens];
  let postcode = '';
  let state = '';
  if (rest.length > 0 && /^\d{1,4}$/.test(rest.at(-1)!)) postcode = rest.pop()!;
  // A lone 'WA' may be the start of 'Wagga': a state counts only after a name.
  if (rest.length > 1 && STATE_SET.has(rest.at(-1)!)) state = rest.pop()!;
  return { name: rest.join(' '), postcode, state };
}

/**
 * Splits what the customer typed. With a comma, the street line is everything before the last one
 * ('12 Smith St, Parramatta NSW 2150'); without one, a leading house number starts a street line
 * whose end is found by the caller (see suggestAddresses).
 */
export function parseAddressInput(input: string): ParsedInput {
  const comma = input.lastIndexOf(',');
  const streetAddress = comma >= 0 ? input.slice(0, comma).trim().replace(/\s+/g, ' ') : '';
  const tokens = normalise(comma >= 0 ? input.slice(comma + 1) : input)
    .split(' ')
    .filter(Boolean);
  return { streetAddress, ...localityPart(tokens) };
}

function matches(gazetteer: Gazetteer, query: Omit<ParsedInput, 'streetAddress'>): Locality[] {
  let found: Locality[];
  if (query.name) found = gazetteer.namesStartingWith(query.name);
  else if (query.postcode) found = gazetteer.postcodesStartingWith(query.postcode);
  else return [];
  return found.filter(
    (l) => (!query.postcode || l.postcode.startsWith(query.postcode)) && (!query.state || l.state === query.state),
  );
}

export interface SuggestOptions {
  /** the venue: suggestions within ADDRESS_SEARCH_RADIUS_KM of it come before those beyond */
  centre?: GeoLocation | undefined;
  /** the customer's position when known: nearer localities first (else nearer the centre) */
  bias?: GeoLocation | undefined;
}

/** A locality's description in a suggestion: 'Parramatta NSW 2150', after the street line if any. */
export function describe(streetAddress: string, locality: Locality): string {
  const place = `${locality.name} ${locality.state} ${locality.postcode}`;
  return streetAddress ? `${streetAddress}, ${place}` : place;
}

/**
 * Suggestions for typed text: localities matching it, those within the radius first, nearest first,
 * at most eight. The radius ranks, it does not filter (as Google's autocomplete radius is a bias):
 * a customer who types a place beyond it ('Perth' at a Sydney venue) sees it, can choose it, and is
 * then told plainly that it is out of delivery range, instead of meeting an empty list and no reason.
 */
export function suggestAddresses(
  gazetteer: Gazetteer,
  input: string,
  options: SuggestOptions = {},
): AddressSuggestion[] {
  const parsed = parseAddressInput(input);
  let streetAddress = parsed.streetAddress;
  let found = matches(gazetteer, parsed);
  let localityName = parsed.name;

  // '12 Smith St Parramatta': no comma, but a house number. Try the longest tail of words that names a locality.
  if (!input.includes(',')) {
    const tokens = normalise(input).split(' ').filter(Boolean);
    const rawWords = input.trim().split(/\s+/);
    if (tokens.length > 1 && isNumberToken(tokens[0]!) && rawWords.length === tokens.length) {
      found = [];
      for (let start = 1; start < tokens.length && found.length === 0; start += 1) {
        const tail = localityPart(tokens.slice(start));
        if (!tail.name) continue;
        const tailMatches = matches(gazetteer, tail);
        if (tailMatches.length > 0) {
          found = tailMatches;
          streetAddress = rawWords.slice(0, start).join(' ');
          localityName = tail.name;
        }
      }
    }
  }

  const radiusMetres = ADDRESS_SEARCH_RADIUS_KM * 1000;
  const rankFrom = options.bias ?? options.centre;
  return found
    .map((locality) => ({
      locality,
      // the name typed in full comes before longer names that start with it ('Parramatta' before 'Parramatta Westfield')
      exact: localityName !== '' && locality.key === localityName ? 0 : 1,
      fromCentre: options.centre ? distanceMetres(options.centre, locality) : null,
      rank: rankFrom ? distanceMetres(rankFrom, locality) : 0,
    }))
    .map((entry) => ({ ...entry, beyond: entry.fromCentre !== null && entry.fromCentre > radiusMetres ? 1 : 0 }))
    .sort(
      (a, b) =>
        a.beyond - b.beyond || a.exact - b.exact || a.rank - b.rank || a.locality.key.localeCompare(b.locality.key),
    )
    .slice(0, MAX_ADDRESS_SUGGESTIONS)
    .map(({ locality, fromCentre }) => ({
      placeId: `${PLACE_ID_PREFIX}${locality.id}`,
      description: describe(streetAddress, locality),
      streetAddress,
      addressLocality: locality.name,
      postalCode: locality.postcode,
      addressRegion: locality.state,
      distance: fromCentre === null ? null : Math.round(fromCentre),
    }));
}

/** A suggestion's place as a delivery address (spec §3), positioned at the locality's centre. */
export function placeAddress(gazetteer: Gazetteer, placeId: string, streetAddress = ''): AddressPlace {
  const id = Number(placeId.slice(PLACE_ID_PREFIX.length));
  const locality = placeId.startsWith(PLACE_ID_PREFIX) ? gazetteer.find(id) : null;
  if (!locality) throw notFound('Cannot find your address. Please try again.');
  const street = streetAddress.trim().replace(/\s+/g, ' ');
  return {
    streetAddress: street,
    addressLocality: locality.name,
    postalCode: locality.postcode,
    addressRegion: locality.state,
    addressCountry: ADDRESS_COUNTRY,
    addressDescription: describe(street, locality),
    location: { latitude: locality.latitude, longitude: locality.longitude },
  };
}

/** Whether a vendor offers home delivery. */
export function offersHomeDelivery(vendor: Vendor): boolean {
  return vendor.vendorOrderConfiguration.availableServiceModes.includes('HomeDelivery');
}

/**
 * Spec §9 for one vendor and a delivery point: distance, travel time and delivery time. A vendor
 * that does not deliver, or a point beyond its deliveryMaxDistance, answers 422 with the message.
 */
export function vendorDeliveryQuote(vendor: Vendor, to: GeoLocation): DeliveryQuote {
  if (!offersHomeDelivery(vendor)) throw unprocessable(`${vendor.storeName} does not deliver.`);
  const config = vendor.vendorOrderConfiguration;
  const quote = quoteDelivery(
    {
      location: vendor.geoLocation,
      deliveryMaxDistanceKm: config.deliveryMaxDistance,
      deliveryMinMinor: config.deliveryMinAmount?.minorAmount ?? null,
      ttsMs: vendor.tts,
      deliveryTimeBufferMs: config.deliveryTimeBuffer,
    },
    to,
  );
  if (!quote.withinDistance) throw unprocessable(CANNOT_DELIVER_MESSAGE);
  return {
    vendorId: vendor.id,
    distance: quote.distance,
    travelTime: quote.travelTimeMs,
    deliveryTime: quote.deliveryTimeMs,
    deliveryMaxDistance: config.deliveryMaxDistance,
  };
}
