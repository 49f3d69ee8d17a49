/** Errors a service throws to answer with a 4xx status and a message the client can show. */

/** Standard reason phrases of the statuses the API answers with. */
const REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** The reason phrase of a status, for the `error` field of an error body. */
export function reasonPhrase(statusCode: number): string {
  return REASONS[statusCode] ?? (statusCode >= 500 ? 'Internal Server Error' : 'Bad Request');
}

export class HttpError extends Error {
  readonly statusCode: number;
  /** extra fields of the error body (e.g. `menuItemIds` of an order problem) */
  readonly details: Record<string, unknown> | undefined;

  constructor(statusCode: number, message: string, details?: Record<string, unknown>) {
    super(message);
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.details = details;
  }
}

export const notFound = (message: string) => new HttpError(404, message);
export const badRequest = (message: string) => new HttpError(400, message);
export const conflict = (message: string) => new HttpError(409, message);
export const unauthorized = (message: string) => new HttpError(401, message);
export const unprocessable = (message: string) => new HttpError(422, message);

/**
 * A body's `vendorId`/`orderId` must name what the path names: a body that disagrees is refused
 * (400) rather than ignored, so a client bug or a tampered body never acts on something else.
 */
export function refuseOtherIds(
  body: { vendorId?: number | undefined; orderId?: number | undefined },
  path: { vendorId?: number; orderId?: number },
): void {
  if (path.vendorId !== undefined && body.vendorId !== undefined && body.vendorId !== path.vendorId) {
    throw badRequest('vendorId: does not match the vendor in the path');
  }
  if (path.orderId !== undefined && body.orderId !== undefined && body.orderId !== path.orderId) {
    throw badRequest('orderId: does not match the order in the path');
  }
}
