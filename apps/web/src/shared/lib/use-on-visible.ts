import { useEffect, useRef, type RefObject } from 'react';

/**
 * Calls `onVisible` when the element comes within `marginPx` of the viewport while `isEnabled`. The
 * observer is renewed whenever `generation` changes (a page arrived), because an element that stays
 * in view after a short page produces no new intersection by itself.
 */
export function useOnVisible(
  ref: RefObject<Element | null>,
  onVisible: () => void,
  { isEnabled, generation, marginPx = 320 }: { isEnabled: boolean; generation: number; marginPx?: number },
): void {
  const callbackRef = useRef(onVisible);
  useEffect(() => {
    callbackRef.current = onVisible;
  });
  useEffect(() => {
    const element = ref.current;
    if (!element || !isEnabled || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) callbackRef.current();
      },
      { rootMargin: `0px 0px ${marginPx}px 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, isEnabled, generation, marginPx]);
}
