import { z } from 'zod';

/** Money as the API shows it: `amount` in major units for display, `minorAmount` the exact value in cents. */
export const Money = z.object({
  amount: z.number(),
  minorAmount: z.number().int(),
  currencySymbol: z.string(),
  currencyCode: z.string(),
});
export type Money = z.infer<typeof Money>;

/** Every 4xx/5xx answer of /v1 and /ops/v1. */
export const ErrorBody = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

export const GeoLocation = z.object({
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
});
export type GeoLocation = z.infer<typeof GeoLocation>;

/** Spec §3 service modes. */
export const ServiceMode = z.enum(['TakeAway', 'HomeDelivery', 'NotSpecified']);
export type ServiceMode = z.infer<typeof ServiceMode>;

/** GET /v1/time: the server's clock, also the app's network check. */
export const TimeResponse = z.object({
  now: z.string(),
  epochMs: z.number().int(),
});
export type TimeResponse = z.infer<typeof TimeResponse>;
