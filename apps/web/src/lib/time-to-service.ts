import type { Vendor } from '@venue/contract/venue';
import { vendorLabel } from './vendor-status';

/** Spec §9: a time to service at or below a minute shows 'No waiting'. */
export const NO_WAIT_MAX_MS = 60_000;

/** The start screen's time-to-service tag: 'No waiting' or 'About 15 min wait'. */
export function timeToServiceLabel(ttsMs: number): string {
  if (ttsMs <= NO_WAIT_MAX_MS) return 'No waiting';
  const minutes = Math.max(1, Math.round(ttsMs / 60_000));
  if (minutes < 60) return `About ${minutes} min wait`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return `About ${hours} hr${hours > 1 ? 's' : ''}${rest ? ` ${rest} min` : ''} wait`;
}

/** The shortest time to service among vendors taking orders now (open and not paused), or null. */
export function shortestOpenTts(vendors: readonly Vendor[], nowMs: number): number | null {
  let shortest: number | null = null;
  for (const vendor of vendors) {
    const state = vendorLabel(vendor, nowMs);
    if (state !== null) continue;
    if (shortest === null || vendor.tts < shortest) shortest = vendor.tts;
  }
  return shortest;
}

/** Whether a vendor offers home delivery. */
export function offersHomeDelivery(vendor: Vendor): boolean {
  return vendor.vendorOrderConfiguration.availableServiceModes.includes('HomeDelivery');
}
