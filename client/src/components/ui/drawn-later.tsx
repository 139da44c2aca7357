import { type ReactNode, useDeferredValue } from "react";

/**
 * Its children, drawn in a background render once the screen around it has been committed and can
 * paint: a long screen (a job's every section) otherwise builds its whole page in one commit, one
 * long task of DOM and style work on a phone, and its heading paints only after all of it. Each
 * DrawnLater mounted in the same render is drawn in the same later one. Until then it shows
 * `placeholder` (nothing by default). Not for what the first view of the screen needs.
 */
export function DrawnLater({ children, placeholder = null }: { children: ReactNode; placeholder?: ReactNode }) {
  const drawn = useDeferredValue(true, false);
  return drawn ? children : placeholder;
}
