/**
 * zod's ahead-of-time compiled copies of the routes' schemas (decision 049). `z.compile` gives a
 * clone whose parse runs one generated function and, when that function rejects the input, falls
 * back to zod's own parser: a valid input costs a fraction of the interpreted parse, an invalid
 * one is refused with the same issues as before. A schema zod cannot compile comes back unchanged.
 */
import { z } from 'zod';

const compiled = new WeakMap<object, unknown>();

/** The compiled copy of a zod schema, made once per schema however many routes share it; anything else as given. */
export function compiledSchema<T>(schema: T): T {
  if (!(schema instanceof z.core.$ZodType)) return schema;
  let copy = compiled.get(schema) as T | undefined;
  if (copy === undefined) {
    copy = z.compile(schema) as T;
    compiled.set(schema, copy);
  }
  return copy;
}

/**
 * A function made at its first call: a route's compiled validator or serialiser is made when the
 * route is first used, not at start (compiling every route's schemas takes ~0.1 s, which every
 * start and every test's app would pay).
 */
export function madeAtFirstCall<A, R>(make: () => (arg: A) => R): (arg: A) => R {
  let made: ((arg: A) => R) | undefined;
  return (arg) => (made ??= make())(arg);
}

/** The kinds of schema whose encoded value is its parsed value: no transform, pipe, codec or default. */
const SAME_BOTH_WAYS = new Set([
  'string',
  'number',
  'int',
  'boolean',
  'null',
  'undefined',
  'unknown',
  'any',
  'enum',
  'literal',
  'object',
  'array',
  'optional',
  'nullable',
  'union',
  'record',
]);

/**
 * Whether encoding a value through `schema` (what a response's serialiser does) gives what
 * parsing it gives: true when every part of it is one of the kinds above. A response schema that
 * is can be run through its compiled parser; one that is not keeps zod's encoder.
 */
export function encodesAsItParses(schema: z.core.$ZodType, seen = new Set<z.core.$ZodType>()): boolean {
  if (seen.has(schema)) return true;
  seen.add(schema);
  if (!SAME_BOTH_WAYS.has(schema._zod.def.type)) return false;
  return partsOf(schema).every((part) => part instanceof z.core.$ZodType && encodesAsItParses(part, seen));
}

/** The schemas a schema of one of the kinds above is made of. */
function partsOf(schema: z.core.$ZodType): unknown[] {
  const def = schema._zod.def;
  switch (def.type) {
    case 'object': {
      const { shape, catchall } = def as z.core.$ZodObjectDef;
      return catchall ? [...Object.values(shape), catchall] : Object.values(shape);
    }
    case 'array':
      return [(def as z.core.$ZodArrayDef).element];
    case 'optional':
    case 'nullable':
      return [(def as z.core.$ZodOptionalDef | z.core.$ZodNullableDef).innerType];
    case 'union':
      return [...(def as z.core.$ZodUnionDef).options];
    case 'record': {
      const { keyType, valueType } = def as z.core.$ZodRecordDef;
      return [keyType, valueType];
    }
    default:
      return [];
  }
}
