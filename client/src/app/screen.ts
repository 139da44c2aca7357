import { type ComponentType, createElement, type FunctionComponent, lazy, useState } from "react";

/**
 * A page's module: its component, and what it starts for an address before its first render (the
 * reads and code that its slowest part waits for), when the page is opened at that address.
 */
export interface PageModule {
  default: ComponentType;
  prepare?: (pathname: string) => void;
}

/** A page in a chunk of its own, which may be fetched before it renders. */
export type Screen = FunctionComponent & {
  /**
   * Fetches the page's chunk and starts what its module prepares for `pathname`; a page mounted once
   * it is here renders at once, without suspending.
   */
  preload(pathname: string): Promise<void>;
};

/**
 * A page loaded on demand. React.lazy alone suspends on every first render, and React then holds the
 * page back until its "Loading…" fallback has shown for about 300 ms; a page whose chunk was
 * preloaded (start.tsx preloads the first page's) renders straight away instead.
 */
export function screen(load: () => Promise<PageModule>): Screen {
  let preloaded: ComponentType | undefined;
  const Lazy = lazy(load);
  function Screen(props: object) {
    // Chosen once per mount: a page never swaps its component, and so never loses its state.
    const [Page] = useState<ComponentType>(() => preloaded ?? Lazy);
    return createElement(Page, props);
  }
  Screen.preload = (pathname: string) =>
    load().then((module) => {
      preloaded = module.default;
      module.prepare?.(pathname);
    });
  return Screen;
}
