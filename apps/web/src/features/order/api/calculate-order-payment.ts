import { createAsyncThunk } from '@reduxjs/toolkit';
import type {
  CalculateOrderPaymentRequest,
  CalculateOrderPaymentResponse,
  PaymentSummary,
} from '@venue/contract/order-payment';
import { apiRequest, errorMessage } from '../../../lib/api-client';

/** POST /v1/vendor/{vendorId}/calculate-order-payment: the server's prices, charges and total (spec §7). */
export function calculateOrderPayment(
  vendorId: number,
  body: CalculateOrderPaymentRequest,
  signal?: AbortSignal,
): Promise<CalculateOrderPaymentResponse> {
  return apiRequest(`/vendor/${vendorId}/calculate-order-payment`, {
    method: 'POST',
    body,
    ...(signal ? { signal } : {}),
  });
}

/** Prices the order into order.orderAmount; a refusal keeps the server's message to show. */
export const fetchOrderAmount = createAsyncThunk<
  PaymentSummary,
  { vendorId: number; request: CalculateOrderPaymentRequest },
  { rejectValue: string }
>('order/fetchOrderAmount', async ({ vendorId, request }, { rejectWithValue, signal }) => {
  try {
    return (await calculateOrderPayment(vendorId, request, signal)).paymentSummary;
  } catch (error) {
    return rejectWithValue(errorMessage(error));
  }
});
