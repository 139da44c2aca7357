import { type ComponentType, lazy, memo, type RefObject, Suspense, useEffect, useRef, useState } from "react";
import { nearViewport } from "@/lib/near-viewport";

/**
 * Marks the wrapper once the part runs. On the element itself, not through state: a render of the
 * wrapper would reach the part's own lazily loaded pieces (the contact form) before their code is
 * here, and React would drop their prerendered HTML.
 */
function Loaded({ wrapper }: { wrapper: RefObject<HTMLDivElement | null> }) {
  useEffect(() => {
    if (wrapper.current) wrapper.current.dataset.ready = "true";
  }, [wrapper]);
  return null;
}

/**
 * A part of the page whose code loads as the reader comes within `margin` of it, so the home page's
 * first load holds only what the first screen runs. On a prerendered page React shows the
 * part's HTML at once and adopts it when the code arrives, keeping it untouched until then. Where
 * the page renders in the browser (an account screen, or a later navigation), there is no HTML to
 * show meanwhile, so the code loads at once, and a part of the page's content (`holdsPage`) holds the
 * page back until it is here, as a page's own chunk does: nothing appears above where the reader was
 * taken (a link to /#contact). A part outside the page (the layout's) appears when ready. The wrapper
 * carries `id` (what the reader nears) and, once the part runs, `data-ready`, which browser tests
 * wait for before they hover or click in it, as they wait for the page's own (app/page-ready.tsx).
 */
export function nearViewportPart<P extends object>(
  id: string,
  load: () => Promise<ComponentType<P>>,
  { margin = "50%", holdsPage = true }: { margin?: string; holdsPage?: boolean } = {},
): ComponentType<P> {
  // Asked when the part first renders: while React adopts a prerendered page, its HTML is in the document.
  const Part = lazy(() =>
    (typeof document !== "undefined" && document.getElementById(id) ? nearViewport(id, margin) : Promise.resolve())
      .then(load)
      .then((component) => ({ default: component })),
  );
  function NearViewportPart(props: P) {
    const wrapper = useRef<HTMLDivElement>(null);
    // Prerendering, or adopting prerendered HTML: a boundary of its own keeps that HTML until the code is here.
    const [ownBoundary] = useState(() => !holdsPage || typeof document === "undefined" || document.getElementById(id) !== null);
    const part = (
      <>
        <Part {...props} />
        <Loaded wrapper={wrapper} />
      </>
    );
    return (
      <div id={id} ref={wrapper}>
        {ownBoundary ? <Suspense fallback={null}>{part}</Suspense> : part}
      </div>
    );
  }
  // A render from above with new props would reach the part before its code is here, and React
  // would then drop its prerendered HTML to render it in the browser: the wrapper re-renders only
  // when its props change.
  return memo(NearViewportPart) as unknown as ComponentType<P>;
}
