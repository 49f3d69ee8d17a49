import { PaymentOutcome } from '@venue/contract/payment';
import { ResponseSerializationError, serializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compiledSerializerCompiler } from './response-serialization.ts';

const route = (schema: z.ZodType) => ({ schema, method: 'POST', url: '/v1/x', httpStatus: '200' });
const outcome = {
  paymentId: 7,
  orderId: 12,
  status: 'Succeeded',
  responseCode: 1,
  successful: true,
  messages: [],
  orderStatus: 'Waiting',
};

describe('compiledSerializerCompiler', () => {
  it("writes what zod's encoder writes: the declared fields in the schema's order, nothing else", () => {
    const value = { internalNote: 'not for the customer', ...outcome, secret: 'x' };
    const written = compiledSerializerCompiler(route(PaymentOutcome))(value);
    expect(written).toBe(serializerCompiler(route(PaymentOutcome))(value));
    expect(JSON.parse(written)).toEqual(outcome);
    expect(Object.keys(JSON.parse(written))).toEqual(Object.keys(PaymentOutcome.shape));
  });

  it('refuses an answer that breaks its schema with the same error as before, so no bad answer leaves', () => {
    const serialize = compiledSerializerCompiler(route(PaymentOutcome));
    for (const bad of [{ ...outcome, status: 'Paid' }, { ...outcome, orderId: '12' }, null]) {
      expect(() => serialize(bad)).toThrow(ResponseSerializationError);
    }
  });

  it("keeps zod's encoder for a schema that encodes otherwise than it parses", () => {
    const AmountAsText = z.object({ amount: z.codec(z.string(), z.number(), { decode: Number, encode: String }) });
    expect(compiledSerializerCompiler(route(AmountAsText))({ amount: 5 })).toBe('{"amount":"5"}');
  });
});
