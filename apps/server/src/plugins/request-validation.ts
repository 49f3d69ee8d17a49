/**
 * Request validation: each route's zod schema (fastify-type-provider-zod), compiled by zod's own
 * `z.compile` (decision 049), then one rule for every
 * text the request carries — body, query, path and headers, values and keys alike: no NUL
 * character (U+0000). PostgreSQL cannot store it in a text column (the insert fails, which would
 * answer 500), SQLite would store text that later breaks receipts and exports, and no client has
 * a reason to send it. Failures answer 400 like any other validation error, naming the field.
 */
import type { FastifySchemaValidationError } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { compiledSchema, madeAtFirstCall } from '../lib/compiled-schema.ts';

export const NUL_MESSAGE = 'must not contain the NUL character (\\u0000)';

/** The path to the first text (string value or object key) holding a NUL, or null when there is none. */
export function findNul(value: unknown, path: (string | number)[] = []): (string | number)[] | null {
  const rest = nulAt(value);
  return rest ? [...path, ...rest] : null;
}

/** Where under `value` a NUL is; the path is built on the way back, so a clean request allocates nothing. */
function nulAt(value: unknown): (string | number)[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? [] : null;
  if (value === null || typeof value !== 'object') return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) {
      const found = nulAt(value[i]);
      if (found) return [i, ...found];
    }
    return null;
  }
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    if (key.includes('\u0000')) return [key];
    const found = nulAt((value as Record<string, unknown>)[key]);
    if (found) return [key, ...found];
  }
  return null;
}

/**
 * The zod validator compiler on the schema's compiled copy, refusing NUL in whatever the schema
 * let through. A valid request takes the generated parser; an invalid one falls back to zod's own
 * parser, so every error answer reads as before.
 */
export const validatorCompilerWithoutNul: typeof validatorCompiler = (routeSchema) => {
  const validate = madeAtFirstCall(() =>
    validatorCompiler({ ...routeSchema, schema: compiledSchema(routeSchema.schema) }),
  );
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
