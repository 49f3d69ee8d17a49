/**
 * What the wait screen does with an order's status (spec §4): when its polling is over, what it
 * shows then, and what it does on entry. The statuses and their groups are order-status.ts's.
 */
import { isFinishedStatus, WAIT_OVER_STATUSES } from './order-status.ts';

/** Whether the wait screen's polling has found what it waits for. */
export function isWaitOver(status: string | null | undefined): boolean {
  return status != null && (WAIT_OVER_STATUSES as readonly string[]).includes(status);
}

/**
 * What the wait screen shows when polling ends with a status (spec §4): PendingAlerted or
 * Serviced open the pick-up modal; Cancelled opens 'Temporary problem!'; Alerted (the customer
 * was already told, e.g. in another tab) goes straight on to alert-order.
 */
export type WaitOutcome = 'pick-up' | 'problem' | 'move-on';

/** The wait screen's reaction to a status its polling found, or null while it keeps waiting. */
export function waitOutcome(status: string | null | undefined): WaitOutcome | null {
  switch (status) {
    case 'PendingAlerted':
    case 'Serviced':
      return 'pick-up';
    case 'Cancelled':
      return 'problem';
    case 'Alerted':
    case 'VendorSupportRequired':
      return 'move-on';
    default:
      return null;
  }
}

/**
 * What the wait screen does on entry (spec §4): with PendingAlerted it sends the alerted call (and
 * shows the pick-up modal); with Cancelled or Serviced it moves on to alert-order at once, as it
 * does with the other finished statuses (Alerted, VendorSupportRequired) whose screen is
 * alert-order; otherwise it polls.
 */
export type WaitEntryAction = 'send-alerted' | 'move-on' | 'poll';

export function waitEntryAction(status: string | null | undefined): WaitEntryAction {
  if (status === 'PendingAlerted') return 'send-alerted';
  if (isFinishedStatus(status)) return 'move-on';
  return 'poll';
}
