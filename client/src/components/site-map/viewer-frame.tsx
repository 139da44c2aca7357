import type { ReactNode, Ref } from "react";
import { cn } from "@/lib/utils";

/** The map's height: most of a phone's screen, a comfortable frame on a desktop. */
export const MAP_HEIGHT = "h-[min(65vh,36rem)] min-h-72";

/**
 * The viewer's layout: the map and its tools, with the layer panel beside it on a wide screen and
 * under it on a phone. The same frame holds the map while its code loads, so nothing moves.
 */
export function ViewerFrame({
  frameRef,
  fullScreen = false,
  aside,
  children,
}: {
  frameRef?: Ref<HTMLDivElement>;
  fullScreen?: boolean;
  aside: ReactNode;
  children: ReactNode;
}) {
  return (
    <div ref={frameRef} className={cn("grid min-w-0 gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]", fullScreen && "h-full overflow-auto bg-background p-4")}>
      <div className="min-w-0 space-y-3">{children}</div>
      <div className="min-w-0 space-y-6">{aside}</div>
    </div>
  );
}

export function MapPlaceholder() {
  return (
    <div role="status" className={cn(MAP_HEIGHT, "hud-grid flex items-center justify-center rounded-lg border text-sm text-muted-foreground")}>
      Loading the map…
    </div>
  );
}
