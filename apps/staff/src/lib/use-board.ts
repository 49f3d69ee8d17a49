/**
 * The board's live state: the store's open orders, the store and its menu, read when the stream
 * (re)connects and kept up to date by its events. New orders ring the chime and flash.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Menu, MenuItem } from '@venue/contract/menu';
import { OPS_EVENTS } from '@venue/contract/ops-event-types';
import type { OpsOrder } from '@venue/contract/ops-orders';
import type { Vendor } from '@venue/contract/venue';
import { columnOf } from '@venue/domain/kitchen-board';
import { getMenu, getOrders, getVendor } from '../api/board-api';
import { ApiError } from '@venue/client/http-client';
import type { OpsClient } from '../api/ops-client';
import { chime } from './chime';
import { openEventStream, type StreamState } from './event-stream';

/** How long a new ticket flashes. */
export const FLASH_MS = 4_000;

export interface BoardState {
  orders: OpsOrder[];
  vendor: Vendor | null;
  menu: Menu | null;
  stream: StreamState;
  /** ids of tickets that arrived in the last few seconds */
  fresh: ReadonlySet<number>;
  /** a spoken line for screen readers: the last new order */
  announcement: string;
  loadError: string | null;
}

const onBoard = (order: OpsOrder) => columnOf(order.orderStatus) !== null;

export function useBoard(client: OpsClient, vendorId: number, onSignedOut: () => void) {
  const [orders, setOrders] = useState<OpsOrder[]>([]);
  const [vendor, setVendor] = useState<Vendor | null>(null);
  const [menu, setMenu] = useState<Menu | null>(null);
  const [stream, setStream] = useState<StreamState>('connecting');
  const [fresh, setFresh] = useState<ReadonlySet<number>>(new Set());
  const [announcement, setAnnouncement] = useState('');
  const [loadError, setLoadError] = useState<string | null>(null);
  const known = useRef(new Set<number>());
  /** whether the board has read the orders once (orders found then are not new) */
  const loaded = useRef(false);
  const signedOut = useRef(onSignedOut);
  useEffect(() => {
    signedOut.current = onSignedOut;
  });

  const flash = useCallback((order: OpsOrder) => {
    chime();
    setAnnouncement(`New order ${order.claimTicket ?? order.id}`);
    setFresh((current) => new Set(current).add(order.id));
    setTimeout(() => {
      setFresh((current) => {
        const next = new Set(current);
        next.delete(order.id);
        return next;
      });
    }, FLASH_MS);
  }, []);

  /** An order as it is now: on the board, moved, or gone from it. */
  const upsertOrder = useCallback(
    (order: OpsOrder) => {
      const isNew = !known.current.has(order.id) && onBoard(order);
      if (onBoard(order)) known.current.add(order.id);
      setOrders((current) => {
        const rest = current.filter((o) => o.id !== order.id);
        return onBoard(order) ? [...rest, order] : rest;
      });
      if (isNew) flash(order);
    },
    [flash],
  );

  const readAll = useCallback(async () => {
    try {
      const [list, store, storeMenu] = await Promise.all([
        getOrders(client, vendorId),
        getVendor(client, vendorId),
        getMenu(client, vendorId),
      ]);
      for (const order of list) {
        // orders that came while the connection was down flash too; the first read does not
        if (loaded.current && !known.current.has(order.id)) flash(order);
        known.current.add(order.id);
      }
      loaded.current = true;
      setOrders(list.filter(onBoard));
      setVendor(store);
      setMenu(storeMenu);
      setLoadError(null);
    } catch (error) {
      if (error instanceof ApiError && (error.status === 401 || error.status === 403)) signedOut.current();
      else setLoadError(error instanceof Error ? error.message : String(error));
    }
  }, [client, vendorId, flash]);

  const setMenuItem = useCallback(
    (item: MenuItem) =>
      setMenu((current) =>
        current ? { ...current, items: current.items.map((i) => (i.id === item.id ? item : i)) } : current,
      ),
    [],
  );

  useEffect(() => {
    // The board shows what there is at once, even before the live stream is up (a read that
    // answers after the board is gone changes nothing).
    const first = setTimeout(() => void readAll(), 0);
    const events = openEventStream({
      url: `/ops/v1/vendor/${vendorId}/events`,
      token: client.token,
      onOpen: () => void readAll(),
      onState: (state) => {
        setStream(state);
        if (state === 'signed-out') signedOut.current();
      },
      onEvent: (event) => {
        let data: unknown;
        try {
          data = JSON.parse(event.data);
        } catch {
          return;
        }
        if (event.type === OPS_EVENTS.order) upsertOrder(data as OpsOrder);
        else if (event.type === OPS_EVENTS.vendor) {
          setVendor(data as Vendor);
          // a catalogue import announces itself per store: the menu may have changed as a whole
          void getMenu(client, vendorId).then(setMenu, () => undefined);
        } else if (event.type === OPS_EVENTS.menuItem) setMenuItem(data as MenuItem);
        else if (event.type === OPS_EVENTS.reset) void readAll();
      },
    });
    return () => {
      clearTimeout(first);
      events.close();
    };
  }, [client, vendorId, readAll, upsertOrder, setMenuItem]);

  const state: BoardState = { orders, vendor, menu, stream, fresh, announcement, loadError };
  return { state, upsertOrder, setVendor, setMenuItem };
}
