/**
 * Response serialisation: each route's zod schema checks and strips what is sent
 * (fastify-type-provider-zod encodes the value, then JSON.stringify). A schema that encodes as it
 * parses (no transform, pipe, codec or default anywhere in it) runs through its compiled parser
 * instead (decision 049); a value it rejects goes through zod's encoder as before, which refuses
 * it with the same error.
 */
import { serializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { compiledSchema, encodesAsItParses, madeAtFirstCall } from '../lib/compiled-schema.ts';

export const compiledSerializerCompiler: typeof serializerCompiler = (routeSchema) => {
  const encodeAndStringify = serializerCompiler(routeSchema);
  const { schema } = routeSchema;
  if (!(schema instanceof z.core.$ZodType) || !encodesAsItParses(schema)) return encodeAndStringify;
  return madeAtFirstCall(() => {
    const compiled = compiledSchema(schema);
    return (data: unknown) => {
      const result = z.safeParse(compiled, data);
      return result.success ? JSON.stringify(result.data) : encodeAndStringify(data);
    };
  });
};
