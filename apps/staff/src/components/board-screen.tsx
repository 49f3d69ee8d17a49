import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { MenuItem } from '@venue/contract/menu';
import type { MenuItemPatch, VendorPatch } from '@venue/contract/ops-catalogue';
import type { OpsOrder, VendorSetStatus } from '@venue/contract/ops-orders';
import { BOARD_COLUMNS, nextStep, ordersIn } from '@venue/domain/kitchen-board';
import { patchMenuItem, patchVendor, setOrderStatus } from '../api/board-api';
import type { OpsClient } from '../api/ops-client';
import { enableSound } from '../lib/chime';
import { useBoard } from '../lib/use-board';
import { useCollectedUndo } from '../lib/use-collected-undo';
import { CancelDialog } from './cancel-dialog';
import { StoreControls } from './store-controls';
import { actionLabel, Ticket } from './ticket';
import { UndoToasts } from './undo-toasts';

/** How often the waited times move on. */
const CLOCK_TICK_MS = 15_000;

function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), CLOCK_TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

type Outcome = { ok: boolean; text: string };

export interface BoardScreenProps {
  client: OpsClient;
  vendorId: number;
  onSignOut: (message?: string) => void;
}

/** The live board: tickets by stage, one tap or key per step, and the store's controls. */
export function BoardScreen({ client, vendorId, onSignOut }: BoardScreenProps) {
  const { state, upsertOrder, setVendor, setMenuItem } = useBoard(client, vendorId, () =>
    onSignOut('This device is signed out: its staff token was revoked or is no longer valid.'),
  );
  const now = useNow();
  const [busy, setBusy] = useState<Record<number, VendorSetStatus>>({});
  const [results, setResults] = useState<Record<number, Outcome>>({});
  const [cancelling, setCancelling] = useState<OpsOrder | null>(null);
  const [showControls, setShowControls] = useState(false);
  const [controlsBusy, setControlsBusy] = useState<string | null>(null);
  const [controlsMessage, setControlsMessage] = useState<Outcome | null>(null);
  const [sound, setSound] = useState(false);
  const boardRef = useRef<HTMLElement>(null);
  const inFlight = useRef(new Set<number>());
  // Back to ready as it was, the ticket without its 'Collected: done'.
  const undoCollected = useCallback(
    async (order: OpsOrder) => {
      upsertOrder(await setOrderStatus(client, vendorId, order.id, 'PendingAlerted'));
      setResults(({ [order.id]: _done, ...rest }) => rest);
    },
    [client, vendorId, upsertOrder],
  );
  const collected = useCollectedUndo(undoCollected);
  /** after a move made from the keyboard, focus goes to the ticket that took the moved one's place */
  const refocus = useRef<{ column: number; row: number; orderId: number } | null>(null);

  useEffect(() => {
    const wanted = refocus.current;
    if (!wanted || !boardRef.current) return;
    const columns = [...boardRef.current.querySelectorAll<HTMLElement>('.column')];
    const moved = boardRef.current.querySelector<HTMLElement>(`.ticket[data-order-id="${wanted.orderId}"]`);
    const column = [...(columns[wanted.column]?.querySelectorAll<HTMLElement>('.ticket') ?? [])];
    const stillThere = column.some((ticket) => ticket === moved);
    if (stillThere) return; // the move has not come back yet
    refocus.current = null;
    (column[Math.min(wanted.row, column.length - 1)] ?? moved)?.focus();
  }, [state.orders]);

  const move = async (order: OpsOrder, status: VendorSetStatus) => {
    // a second tap while the first is on its way does nothing
    if (inFlight.current.has(order.id)) return;
    inFlight.current.add(order.id);
    setBusy((current) => ({ ...current, [order.id]: status }));
    const delivery = order.serviceMode === 'HomeDelivery';
    try {
      const updated = await setOrderStatus(client, vendorId, order.id, status);
      upsertOrder(updated);
      if (updated.orderStatus === 'Serviced') collected.offer(order);
      setResults((current) => ({
        ...current,
        [order.id]: { ok: true, text: `${actionLabel(status, delivery)}: done` },
      }));
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      setResults((current) => ({
        ...current,
        [order.id]: { ok: false, text: `Could not ${actionLabel(status, delivery).toLowerCase()}: ${text}` },
      }));
    } finally {
      inFlight.current.delete(order.id);
      setBusy((current) => {
        const next = { ...current };
        delete next[order.id];
        return next;
      });
    }
  };

  const act = (order: OpsOrder, status: VendorSetStatus) => {
    if (status === 'Cancelled') setCancelling(order);
    else void move(order, status);
  };

  const onVendor = async (patch: VendorPatch, key: string) => {
    setControlsBusy(key);
    try {
      const vendor = await patchVendor(client, vendorId, patch);
      setVendor(vendor);
      setControlsMessage({ ok: true, text: 'Saved. Customers see it on their next look at the store.' });
    } catch (error) {
      setControlsMessage({ ok: false, text: `Not saved: ${error instanceof Error ? error.message : String(error)}` });
    } finally {
      setControlsBusy(null);
    }
  };

  const onItem = async (item: MenuItem, patch: MenuItemPatch, key: string) => {
    setControlsBusy(key);
    try {
      const updated = await patchMenuItem(client, vendorId, item.id, patch);
      setMenuItem(updated);
      setControlsMessage({ ok: true, text: `${item.name}: saved.` });
    } catch (error) {
      setControlsMessage({
        ok: false,
        text: `${item.name} not saved: ${error instanceof Error ? error.message : String(error)}`,
      });
    } finally {
      setControlsBusy(null);
    }
  };

  /** Bump-bar keys: arrows move between tickets, Enter or Space takes a ticket's next step. */
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const target = event.target as HTMLElement;
    const ticket = target.closest<HTMLElement>('.ticket');
    if (!ticket || !boardRef.current) return;
    const onTicketItself = target === ticket;
    if ((event.key === 'Enter' || event.key === ' ') && onTicketItself) {
      event.preventDefault();
      const order = state.orders.find((o) => String(o.id) === ticket.dataset.orderId);
      const step = order ? nextStep(order.orderStatus) : null;
      if (!order || !step) return;
      const columns = [...boardRef.current.querySelectorAll<HTMLElement>('.column')];
      const column = columns.findIndex((c) => c.contains(ticket));
      const row = [...(columns[column]?.querySelectorAll('.ticket') ?? [])].indexOf(ticket);
      refocus.current = { column, row, orderId: order.id };
      void move(order, step);
      return;
    }
    if (!['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight'].includes(event.key)) return;
    const columns = [...boardRef.current.querySelectorAll<HTMLElement>('.column')].map((column) => [
      ...column.querySelectorAll<HTMLElement>('.ticket'),
    ]);
    const col = columns.findIndex((tickets) => tickets.includes(ticket));
    const row = columns[col]?.indexOf(ticket) ?? -1;
    let next: HTMLElement | undefined;
    if (event.key === 'ArrowUp') next = columns[col]?.[row - 1];
    if (event.key === 'ArrowDown') next = columns[col]?.[row + 1];
    if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
      const step = event.key === 'ArrowLeft' ? -1 : 1;
      for (let c = col + step; c >= 0 && c < columns.length && !next; c += step) {
        const tickets = columns[c] ?? [];
        next = tickets[Math.min(row, tickets.length - 1)];
      }
    }
    if (next) {
      event.preventDefault();
      next.focus();
    }
  };

  const vendor = state.vendor;
  const tts = vendor?.tts ?? 0;
  const timeZone = vendor?.timeZone ?? 'Australia/Sydney';
  return (
    <div className="screen">
      <header className="bar">
        <div className="bar-title">
          <h1>{vendor?.storeName ?? 'Orders'}</h1>
          {vendor && (
            <span className={`store-state state-${!vendor.isOpen ? 'closed' : vendor.isPaused ? 'paused' : 'open'}`}>
              {!vendor.isOpen ? 'Closed' : vendor.isPaused ? 'Back Soon' : 'Open'}
            </span>
          )}
        </div>
        <p className={`connection connection-${state.stream}`} role="status">
          {state.stream === 'live'
            ? 'Live'
            : state.stream === 'connecting'
              ? 'Connecting…'
              : state.stream === 'reconnecting'
                ? 'Reconnecting…'
                : 'Signed out'}
        </p>
        <div className="bar-actions">
          <button
            type="button"
            className="action action-secondary"
            aria-pressed={sound}
            onClick={() => {
              if (sound) setSound(false);
              else void enableSound().then(setSound);
            }}
          >
            {sound ? 'Sound on' : 'Turn sound on'}
          </button>
          <button
            type="button"
            className="action action-secondary"
            aria-expanded={showControls}
            aria-controls="store-controls"
            onClick={() => setShowControls((shown) => !shown)}
          >
            Store controls
          </button>
          <button type="button" className="action action-secondary" onClick={() => onSignOut()}>
            Sign out
          </button>
        </div>
      </header>
      <p className="visually-hidden" aria-live="assertive">
        {state.announcement}
      </p>
      {state.loadError && (
        <p className="banner" role="alert">
          {state.loadError}
        </p>
      )}
      <div id="store-controls" hidden={!showControls}>
        {vendor && showControls && (
          <StoreControls
            vendor={vendor}
            menu={state.menu}
            busy={controlsBusy}
            message={controlsMessage}
            onVendor={(patch, key) => void onVendor(patch, key)}
            onItem={(item, patch, key) => void onItem(item, patch, key)}
          />
        )}
      </div>
      <main className="board" ref={boardRef} onKeyDown={onKeyDown}>
        {BOARD_COLUMNS.map((column) => {
          const orders = ordersIn(state.orders, column.id);
          return (
            <section key={column.id} className={`column column-${column.id}`} aria-labelledby={`col-${column.id}`}>
              <h2 id={`col-${column.id}`} className="column-title">
                {column.title} <span className="count">{orders.length}</span>
              </h2>
              {orders.length === 0 ? (
                <p className="empty">Nothing here.</p>
              ) : (
                orders.map((order) => (
                  <Ticket
                    key={order.id}
                    order={order}
                    ttsMs={tts}
                    nowMs={now}
                    timeZone={timeZone}
                    fresh={state.fresh.has(order.id)}
                    busy={busy[order.id] ?? null}
                    result={results[order.id] ?? null}
                    onAction={(status) => act(order, status)}
                  />
                ))
              )}
            </section>
          );
        })}
      </main>
      <UndoToasts offers={collected.offers} onUndo={(orderId) => void collected.take(orderId)} />
      <CancelDialog
        orderNumber={cancelling ? (cancelling.claimTicket ?? String(cancelling.id)) : null}
        onClose={() => setCancelling(null)}
        onConfirm={() => {
          const order = cancelling;
          setCancelling(null);
          if (order) void move(order, 'Cancelled');
        }}
      />
    </div>
  );
}
