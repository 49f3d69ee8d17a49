/**
 * The board's undo of 'Collected' / 'Delivered': a tap on the wrong ticket takes an order off the
 * board, so for COLLECTED_UNDO_MS each collected order offers 'Undo', which asks the server to put
 * it back as it was (ready again; see the server's undo-collected.ts).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { OpsOrder } from '@venue/contract/ops-orders';
import { COLLECTED_UNDO_MS } from '@venue/domain/kitchen-board';

export interface UndoOffer {
  order: OpsOrder;
  /** the undo is on its way */
  busy: boolean;
  /** why the undo failed, if it did */
  error: string | null;
}

export function useCollectedUndo(undo: (order: OpsOrder) => Promise<void>) {
  const [offers, setOffers] = useState<UndoOffer[]>([]);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const dismiss = useCallback((orderId: number) => {
    clearTimeout(timers.current.get(orderId));
    timers.current.delete(orderId);
    setOffers((current) => current.filter((offer) => offer.order.id !== orderId));
  }, []);

  /** Shows the offer (or its failure) for COLLECTED_UNDO_MS, then takes it away. */
  const expireLater = useCallback(
    (orderId: number) => {
      clearTimeout(timers.current.get(orderId));
      timers.current.set(
        orderId,
        setTimeout(() => dismiss(orderId), COLLECTED_UNDO_MS),
      );
    },
    [dismiss],
  );

  /** `order` (as it was before) was just collected. */
  const offer = useCallback(
    (order: OpsOrder) => {
      setOffers((current) => [...current.filter((o) => o.order.id !== order.id), { order, busy: false, error: null }]);
      expireLater(order.id);
    },
    [expireLater],
  );

  const take = async (orderId: number) => {
    const found = offers.find((o) => o.order.id === orderId);
    if (!found || found.busy) return;
    // The offer stays while the undo is on its way, however long that takes.
    clearTimeout(timers.current.get(orderId));
    const update = (change: Partial<UndoOffer>) =>
      setOffers((current) => current.map((o) => (o.order.id === orderId ? { ...o, ...change } : o)));
    update({ busy: true, error: null });
    try {
      await undo(found.order);
      dismiss(orderId);
    } catch (error) {
      update({ busy: false, error: error instanceof Error ? error.message : String(error) });
      expireLater(orderId);
    }
  };

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => clearTimeout(timer));
  }, []);

  return { offers, offer, take };
}
