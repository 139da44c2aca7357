import { type ComponentType, createElement, type FunctionComponent, lazy, useState } from "react";

/** A page in a chunk of its own, which may be fetched before it renders. */
export type Screen = FunctionComponent & {
  /** Fetches the page's chunk; a page mounted once it is here renders at once, without suspending. */
  preload(): Promise<void>;
};

/**
 * A page loaded on demand. React.lazy alone suspends on every first render, and React then holds the
 * page back until its "Loading…" fallback has shown for about 300 ms; a page whose chunk was
 * preloaded (start.tsx preloads the first page's) renders straight away instead.
 */
export function screen(load: () => Promise<{ default: ComponentType }>): Screen {
  let preloaded: ComponentType | undefined;
  const Lazy = lazy(load);
  function Screen(props: object) {
    // Chosen once per mount: a page never swaps its component, and so never loses its state.
    const [Page] = useState<ComponentType>(() => preloaded ?? Lazy);
    return createElement(Page, props);
  }
  Screen.preload = () =>
    load().then((module) => {
      preloaded = module.default;
    });
  return Screen;
}
