import { useSyncExternalStore } from "react";

const PHONE = "(max-width: 767px)";

const subscribe = (changed: () => void) => {
  if (typeof window.matchMedia !== "function") return () => {};
  const query = window.matchMedia(PHONE);
  query.addEventListener("change", changed);
  return () => query.removeEventListener("change", changed);
};

/** Whether the screen is a phone's width: the findings show as a list there rather than a table. */
export const useNarrowScreen = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => typeof window.matchMedia === "function" && window.matchMedia(PHONE).matches,
    () => false,
  );
