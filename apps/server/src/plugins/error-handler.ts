/**
 * One shape for every error answer: `{ statusCode, error, message }` (contract ErrorBody).
 * Client mistakes keep their 4xx status and a readable message. When the database cannot be
 * reached (down, restarting, out of connections) the answer is 503 with a Retry-After, since the
 * same request will work again shortly; anything else is logged and answered with a plain 500.
 * Neither ever carries a stack trace or internal detail.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import { HttpError, reasonPhrase } from '../lib/http-error.ts';

export const UNAVAILABLE_MESSAGE = 'The service is temporarily unavailable. Please try again shortly.';
/** Seconds a client is asked to wait before sending a request again while the database is away. */
export const UNAVAILABLE_RETRY_AFTER_S = 2;

interface ValidationIssue {
  instancePath?: string;
  message?: string;
}

/** "vendorId: Too small: expected number to be >=0" — the field, then what is wrong with it. */
function describeValidation(issues: readonly ValidationIssue[], context: string | undefined): string {
  const parts = issues.slice(0, 5).map((issue) => {
    const field = (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
    return `${field || context || 'request'}: ${issue.message ?? 'is invalid'}`;
  });
  return parts.join('; ');
}

export function sendError(reply: FastifyReply, statusCode: number, message: string, details?: Record<string, unknown>) {
  return reply
    .code(statusCode)
    .type('application/json; charset=utf-8')
    .send({ ...details, statusCode, error: reasonPhrase(statusCode), message });
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (hasZodFastifySchemaValidationErrors(error) || Array.isArray(error.validation)) {
      const issues = (error.validation ?? []) as ValidationIssue[];
      return sendError(reply, 400, describeValidation(issues, error.validationContext));
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      // Rate limiting and other plugin errors carry their own headers (Retry-After …), already set on the reply.
      const details = error instanceof HttpError ? error.details : undefined;
      return sendError(reply, status, error.message || reasonPhrase(status), details);
    }
    // A deliberate 503 (a full process refusing more event streams): its own words and Retry-After.
    if (error instanceof HttpError && status === 503) return sendError(reply, 503, error.message);
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: { message: error.message, code: error.code } }, 'database unavailable');
      reply.header('Retry-After', String(UNAVAILABLE_RETRY_AFTER_S));
      return sendError(reply, 503, UNAVAILABLE_MESSAGE);
    }
    request.log.error({ err: error }, 'request failed');
    return sendError(reply, 500, 'Something went wrong on our side. Please try again.');
  });
}
