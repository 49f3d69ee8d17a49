import { useCallback, useRef, useState } from 'react';

/**
 * A screen's notice (spec §8: an unsuccessful step shows a notice and scrolls to the top): `show`
 * sets the message, scrolls up and moves focus to the element `ref` is given to.
 */
export function useNotice() {
  const [message, setMessage] = useState<string | null>(null);
  const ref = useRef<HTMLDivElement>(null);
  const show = useCallback((text: string) => {
    setMessage(text);
    window.scrollTo(0, 0);
    requestAnimationFrame(() => ref.current?.focus());
  }, []);
  const clear = useCallback(() => setMessage(null), []);
  return { message, ref, show, clear };
}
