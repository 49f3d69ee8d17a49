import { useCallback, useEffect, useRef, useState } from 'react';
import type { PlacedOrder } from '@venue/contract/order';
import { RESOLVED_AFTER_PAYMENT } from '@venue/domain/order-status';
import { pollOrder } from '../lib/poll-order';
import { ORDER_NOT_RESOLVED_MESSAGE } from '@venue/domain/payment-results';

/** Spec §9: the payment loader hides after 0.5 s and the app moves to alert-order after 1.5 s. */
export const LOADER_HIDE_DELAY_MS = 500;
export const ALERT_REDIRECT_DELAY_MS = 1500;

export interface ResolutionHandlers {
  /** one read of the placed order */
  read: (orderId: number, signal: AbortSignal) => Promise<PlacedOrder>;
  /** the order was paid and the vendor has it (Waiting, Scheduled): keep lastOrder, show it */
  paid: (order: PlacedOrder) => void;
  /** the vendor needs to talk to the customer, or cancelled it: the final screen */
  needsAttention: (order: PlacedOrder) => void;
}

/**
 * After a successful payment: polls the order (spec §4, 200 × 1 s) until the vendor has it. While
 * it runs `busy` is true; on VendorSupportRequired or Cancelled the loader hides after 0.5 s and
 * `needsAttention` runs after 1.5 s; when the tries run out `error` is 'Order not resolved, max retries reached'.
 */
export function useOrderResolution(handlers: ResolutionHandlers) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const handlersRef = useRef(handlers);
  useEffect(() => {
    handlersRef.current = handlers;
  });
  const controller = useRef<AbortController | null>(null);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);

  useEffect(
    () => () => {
      controller.current?.abort();
      for (const timer of timers.current) clearTimeout(timer);
    },
    [],
  );

  const resolve = useCallback(async (orderId: number) => {
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    setBusy(true);
    setError(null);
    try {
      const order = await pollOrder(() => handlersRef.current.read(orderId, abort.signal), RESOLVED_AFTER_PAYMENT, {
        signal: abort.signal,
      });
      if (order.orderStatus === 'VendorSupportRequired' || order.orderStatus === 'Cancelled') {
        timers.current.push(setTimeout(() => setBusy(false), LOADER_HIDE_DELAY_MS));
        timers.current.push(setTimeout(() => handlersRef.current.needsAttention(order), ALERT_REDIRECT_DELAY_MS));
        return;
      }
      setBusy(false);
      handlersRef.current.paid(order);
    } catch (caught) {
      if (caught instanceof DOMException && caught.name === 'AbortError') return;
      setBusy(false);
      setError(ORDER_NOT_RESOLVED_MESSAGE);
    }
  }, []);

  return { resolve, busy, error, clearError: () => setError(null) };
}
