/** The place-order screen's bottom button (spec §2 Place order, §5 minimum delivery). */
import type { ServiceMode } from '@venue/contract/common';
import { minimumDeliveryMessage } from '@venue/domain/delivery';

export const CONFIRM_LABELS = {
  confirm: 'Confirm my order',
  empty: 'Select Items Above',
  paused: 'Back Soon',
  closed: 'We are closed',
} as const;

/** Spec §5: 'Minimum Delivery Order Amount $' plus the amount to 2 decimals (the domain's message). */
export const minimumDeliveryLabel = minimumDeliveryMessage;

export interface ConfirmButtonInput {
  /** the store is open to order (spec §4), counting a chosen pickup time */
  openToOrder: boolean;
  isPaused: boolean;
  itemCount: number;
  serviceMode: ServiceMode;
  basketTotalMinor: number;
  /** the vendor's deliveryMinAmount in minor units; null: none */
  deliveryMinMinor: number | null;
}

export interface ConfirmButtonState {
  kind: 'confirm' | 'empty' | 'paused' | 'closed' | 'minimum';
  label: string;
  enabled: boolean;
}

/**
 * Which label the button shows: closed and paused stores first (nothing can be ordered), then an
 * empty basket, then a home delivery under the vendor's minimum, else 'Confirm my order'.
 */
export function confirmButton(input: ConfirmButtonInput): ConfirmButtonState {
  if (!input.openToOrder) return { kind: 'closed', label: CONFIRM_LABELS.closed, enabled: false };
  if (input.isPaused) return { kind: 'paused', label: CONFIRM_LABELS.paused, enabled: false };
  if (input.itemCount === 0) return { kind: 'empty', label: CONFIRM_LABELS.empty, enabled: false };
  if (
    input.serviceMode === 'HomeDelivery' &&
    input.deliveryMinMinor !== null &&
    input.basketTotalMinor < input.deliveryMinMinor
  ) {
    return { kind: 'minimum', label: minimumDeliveryLabel(input.deliveryMinMinor), enabled: false };
  }
  return { kind: 'confirm', label: CONFIRM_LABELS.confirm, enabled: true };
}
