import { type RefObject, useEffect, useRef } from "react";

const EVENTS = ["keydown", "pointerdown"] as const;

/**
 * Closes an open disclosure (the header's menus) on Escape and on a press outside `inside`.
 * `close(true)` for Escape, which should give focus back to the toggle; a press leaves focus where
 * it put it. One listener for both keeps the home page's script small (e2e/budget.spec.ts).
 */
export function useDismiss(open: boolean, inside: RefObject<HTMLElement | null>[], close: (returnFocus: boolean) => void): void {
  // The latest callback and elements, so the listeners are added once per opening.
  const latest = useRef({ inside, close });
  latest.current = { inside, close };

  useEffect(() => {
    if (!open) return;
    const onEvent = (event: Event) => {
      const { inside, close } = latest.current;
      const dismissed = event instanceof KeyboardEvent ? event.key === "Escape" : !inside.some((ref) => ref.current?.contains(event.target as Node));
      if (dismissed) close(event.type === "keydown");
    };
    for (const type of EVENTS) document.addEventListener(type, onEvent);
    return () => {
      for (const type of EVENTS) document.removeEventListener(type, onEvent);
    };
  }, [open]);
}
