import { useEffect, useState } from 'react';

/** Spec §9: autocomplete debounce 1000 ms. */
export const AUTOCOMPLETE_DEBOUNCE_MS = 1000;

/** `value`, once it has stopped changing for `delayMs`. */
export function useDebouncedValue<T>(value: T, delayMs = AUTOCOMPLETE_DEBOUNCE_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
