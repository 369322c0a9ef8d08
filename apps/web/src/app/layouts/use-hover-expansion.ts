import { useCallback, useEffect, useRef, useState } from 'react';

/** Spec section 9: the mini drawer opens after the pointer rests on it this long. */
export const HOVER_DELAY_MS = 500;

/** True once the pointer has stayed over the element for `delay` ms; false as soon as it leaves. */
export function useHoverExpansion(delay = HOVER_DELAY_MS) {
  const [hovered, setHovered] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const cancel = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
  }, []);
  useEffect(() => cancel, [cancel]);

  const onMouseEnter = useCallback(() => {
    cancel();
    timer.current = setTimeout(() => setHovered(true), delay);
  }, [cancel, delay]);
  const collapse = useCallback(() => {
    cancel();
    setHovered(false);
  }, [cancel]);

  return { hovered, onMouseEnter, onMouseLeave: collapse, collapse };
}
