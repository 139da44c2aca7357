import { lazy, Suspense } from "react";
import type { BoundaryEditorProps } from "./boundary-editor";

// OpenLayers is large: the editor's code loads only when a map is asked for.
const BoundaryEditor = lazy(() => import("./boundary-editor"));

/** The site boundary editor, fetched on first use, with a word while it loads. */
export function LazyBoundaryEditor(props: BoundaryEditorProps) {
  return (
    <Suspense
      fallback={
        <p role="status" className="hud-label py-8 text-primary">
          Loading the map…
        </p>
      }
    >
      <BoundaryEditor {...props} />
    </Suspense>
  );
}
