import { useSyncExternalStore } from "react";

const subscribe = () => () => undefined;

/**
 * False in prerendered HTML and while React adopts it, true from then on. Forms use it to stay
 * disabled until their handlers are attached: typing would be overwritten and a submit would
 * leave the page.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
