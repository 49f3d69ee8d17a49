/**
 * Request validation: each route's zod schema (fastify-type-provider-zod), then one rule for every
 * text the request carries — body, query, path and headers, values and keys alike: no NUL
 * character (U+0000). PostgreSQL cannot store it in a text column (the insert fails, which would
 * answer 500), SQLite would store text that later breaks receipts and exports, and no client has
 * a reason to send it. Failures answer 400 like any other validation error, naming the field.
 */
import type { FastifySchemaValidationError } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';

export const NUL_MESSAGE = 'must not contain the NUL character (\\u0000)';

/** The path to the first text (string value or object key) holding a NUL, or null when there is none. */
export function findNul(value: unknown, path: (string | number)[] = []): (string | number)[] | null {
  // Most requests hold no NUL at all: look for one without building paths, then find where it is.
  return holdsNul(value) ? pathToNul(value, path) : null;
}

function holdsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some(holdsNul);
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    if (key.includes('\u0000') || holdsNul((value as Record<string, unknown>)[key])) return true;
  }
  return false;
}

function pathToNul(value: unknown, path: (string | number)[]): (string | number)[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = pathToNul(item, [...path, i]);
      if (found) return found;
    }
    return null;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key.includes('\u0000')) return [...path, key];
      const found = pathToNul(item, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}

/** The zod validator compiler, refusing NUL in whatever the schema let through. */
export const validatorCompilerWithoutNul: typeof validatorCompiler = (routeSchema) => {
  const validate = validatorCompiler(routeSchema);
  return (data: unknown) => {
    const result = validate(data) as { error?: Error | FastifySchemaValidationError[]; value?: unknown };
    if (result.error) return result;
    const at = findNul(result.value);
    if (!at) return result;
    const instancePath = `/${at.join('/')}`;
    const error: FastifySchemaValidationError = {
      keyword: 'nul',
      instancePath,
      schemaPath: `#${instancePath}/nul`,
      params: {},
      message: NUL_MESSAGE,
    };
    return { error: [error] };
  };
};
