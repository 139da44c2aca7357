import { type ComponentType, lazy, Suspense } from "react";
import { LoadingState } from "./panel-states";

/**
 * A dashboard panel whose code loads when the panel first opens: a back office of fifteen tabs then
 * loads, with its first screen, only the tab it shows. Hovering or focusing a tab does not fetch it
 * ahead; the chunks are small and the tab shows "Loading…" for the moment it takes.
 */
export function lazyPanel(load: () => Promise<ComponentType>): ComponentType {
  const Panel = lazy(() => load().then((component) => ({ default: component })));
  function LazyPanel() {
    return (
      <Suspense fallback={<LoadingState label="Loading…" />}>
        <Panel />
      </Suspense>
    );
  }
  return LazyPanel;
}
