import { z } from 'zod';
import { GeoLocation } from './common.ts';
import { DeliveryAddress } from './order.ts';

/** Spec §9: address suggestions within 100 km of the venue come first (places beyond follow them). */
export const ADDRESS_SEARCH_RADIUS_KM = 100;
/** At most this many suggestions answer one search. */
export const MAX_ADDRESS_SUGGESTIONS = 8;

/** Degrees written as a decimal number ('-33.8474'); '', '0x1' or '1e2' are refused. */
const degrees = (limit: number) =>
  z
    .string()
    .regex(/^-?\d{1,3}(\.\d{1,15})?$/, 'must be a decimal number of degrees')
    .transform(Number)
    .pipe(z.number().min(-limit).max(limit));
const latitude = degrees(90);
const longitude = degrees(180);

/**
 * GET /v1/address/autocomplete: `input` is what the customer typed — a suburb or postcode, optionally
 * after a street line ('12 Smith St, Parramatta'). `latitude`/`longitude` is the centre of the search
 * (the venue); `biasLatitude`/`biasLongitude` (the customer's position, when known) ranks the matches.
 */
export const AddressAutocompleteQuery = z
  .object({
    input: z.string().trim().min(1, 'input: type part of an address').max(200),
    latitude: latitude.optional(),
    longitude: longitude.optional(),
    biasLatitude: latitude.optional(),
    biasLongitude: longitude.optional(),
  })
  .refine((q) => (q.latitude === undefined) === (q.longitude === undefined), {
    message: 'latitude and longitude: give both or neither',
  })
  .refine((q) => (q.biasLatitude === undefined) === (q.biasLongitude === undefined), {
    message: 'biasLatitude and biasLongitude: give both or neither',
  });
export type AddressAutocompleteQuery = z.infer<typeof AddressAutocompleteQuery>;

/** One suggestion: `placeId` names the locality, `streetAddress` is the street line typed before it ('' if none). */
export const AddressSuggestion = z.object({
  placeId: z.string(),
  description: z.string(),
  streetAddress: z.string(),
  addressLocality: z.string(),
  postalCode: z.string(),
  addressRegion: z.string(),
  /** metres from the search centre, when one was given */
  distance: z.number().nullable(),
});
export type AddressSuggestion = z.infer<typeof AddressSuggestion>;
export const AddressSuggestionList = z.array(AddressSuggestion);

/** GET /v1/address/place/{placeId} */
export const AddressPlaceParams = z.object({
  placeId: z.string().regex(/^au-\d{1,9}$/, 'placeId: not a place of the address search'),
});
export const AddressPlaceQuery = z.object({ streetAddress: z.string().trim().max(200).optional() });

/** A place as a spec §3 delivery address; `streetAddress` is '' until the customer gives one. */
export const AddressPlace = DeliveryAddress.extend({
  streetAddress: z.string().max(200),
  addressDescription: z.string().max(300),
  location: GeoLocation,
});
export type AddressPlace = z.infer<typeof AddressPlace>;

/** GET /v1/vendor/{vendorId}/delivery-quote?latitude=&longitude= */
export const DeliveryQuoteQuery = z.object({ latitude, longitude });

/** Spec §9: great-circle distance (metres), estimated travel time and delivery time = tts + travel + buffer (ms). */
export const DeliveryQuote = z.object({
  vendorId: z.number().int(),
  distance: z.number().nonnegative(),
  travelTime: z.number().int().nonnegative(),
  deliveryTime: z.number().int().nonnegative(),
  deliveryMaxDistance: z.number().nonnegative(),
});
export type DeliveryQuote = z.infer<typeof DeliveryQuote>;
