import type { ServiceMode } from '@venue/contract/common';
import { isAcceptableEmail, isValidMobile } from '@venue/domain/validation';

/** Spec §5 disabled button labels that stand in for the pay buttons. */
export const ENTER_PHONE_LABEL = 'Enter phone number above';
export const ENTER_EMAIL_LABEL = 'Enter email address above';
/** Spec §4: NotSpecified blocks the payment buttons with this text. */
export const SELECT_SERVICE_MODE_TEXT = 'Please select a service mode to proceed.';

/** What stops the customer paying from the contact screen, in the order the form asks for it. */
export type PayBlocker = 'phone' | 'email' | 'serviceMode';

/**
 * Spec §4/§5: the pay buttons show only with a valid mobile, an empty or valid e-mail and a service
 * mode chosen. Returns every blocker, first the one whose disabled label the button shows.
 */
export function payBlockers(input: { mobile: string; email: string; serviceMode: ServiceMode }): PayBlocker[] {
  const blockers: PayBlocker[] = [];
  if (!isValidMobile(input.mobile)) blockers.push('phone');
  if (!isAcceptableEmail(input.email)) blockers.push('email');
  if (input.serviceMode === 'NotSpecified') blockers.push('serviceMode');
  return blockers;
}

/** Labels of the service modes (spec §1 names 'Take Away' for pickup). */
export const SERVICE_MODE_LABELS: Record<ServiceMode, string> = {
  TakeAway: 'Take Away',
  HomeDelivery: 'Home Delivery',
  NotSpecified: 'Not specified',
};

/** Spec §2: the radio buttons offer the vendor's modes without HomeDelivery (and never NotSpecified). */
export function selectableServiceModes(available: readonly ServiceMode[]): ServiceMode[] {
  return available.filter((mode) => mode !== 'HomeDelivery' && mode !== 'NotSpecified');
}

/**
 * The service mode the order goes with from the contact screen: the one chosen, or, when none is
 * (a store link skips the start screen's 'Order & Collect'), the only one on offer: with a single
 * mode there is no choice to wait for. Several on offer and none chosen stays NotSpecified.
 */
export function serviceModeToUse(selected: ServiceMode, selectable: readonly ServiceMode[]): ServiceMode {
  const [only] = selectable;
  if (selected === 'NotSpecified' && selectable.length === 1 && only) return only;
  return selected;
}

/** Spec §2: an optional patron campaign id from the `campaignId` query parameter. */
export function campaignIdOf(search: string): string | null {
  const value = new URLSearchParams(search).get('campaignId');
  return value && value.trim() ? value.trim().slice(0, 64) : null;
}
