import { useCallback, useRef, useState } from 'react';

/**
 * A screen's notice (spec §8: an unsuccessful step shows a notice and scrolls to the top): `show`
 * sets the message, scrolls up and moves focus to the element `target` is given to (as its ref).
 */
export function useNotice() {
  const [message, setMessage] = useState<string | null>(null);
  const element = useRef<HTMLDivElement | null>(null);
  // a callback ref: the screen reads `message` while rendering, which a ref object in the same value would forbid
  const target = useCallback((node: HTMLDivElement | null) => {
    element.current = node;
  }, []);
  const show = useCallback((text: string) => {
    setMessage(text);
    window.scrollTo(0, 0);
    requestAnimationFrame(() => element.current?.focus());
  }, []);
  const clear = useCallback(() => setMessage(null), []);
  return { message, target, show, clear };
}
