import { cloneElement, type ComponentType, type HTMLAttributes, lazy, type ReactElement, Suspense, useState } from "react";

/** What a dialog loaded on demand is told: the press that loaded it also opens it. */
export interface OpensAtOnce {
  openAtOnce?: boolean;
}

/**
 * A dialog whose code (Radix Dialog, its form, react-hook-form, zod) loads when its button is
 * first pressed, so the screen that shows the button does not carry it (the portal's first screen
 * within 150 KB: docs/benchmarks.md, "Bytes per route"). Until then `trigger` stands alone;
 * pointing at it or focusing it starts the download, pressing it renders the dialog, which opens at
 * once and from then on owns the same button as its trigger (and returns focus to it on closing).
 */
export function dialogOnDemand<P extends object>(
  load: () => Promise<ComponentType<P & OpensAtOnce>>,
  trigger: (props: P) => ReactElement<HTMLAttributes<HTMLElement>>,
): ComponentType<P> {
  let loading: Promise<ComponentType<P & OpensAtOnce>> | undefined;
  const fetchDialog = () => (loading ??= load());
  const Dialog = lazy(async () => ({ default: await fetchDialog() }));
  const preload = () => void fetchDialog().catch(() => (loading = undefined));

  function OnDemandDialog(props: P) {
    const [wanted, setWanted] = useState(false);
    const button = trigger(props);
    if (!wanted) return cloneElement(button, { onPointerEnter: preload, onFocus: preload, onClick: () => setWanted(true) });
    return (
      <Suspense fallback={cloneElement(button, { "aria-busy": true })}>
        <Dialog {...props} openAtOnce />
      </Suspense>
    );
  }
  return OnDemandDialog;
}
