import type { EventsKey } from "ol/events";
import type Layer from "ol/layer/Layer";
import type OlMap from "ol/Map";
import { unByKey } from "ol/Observable";
import { getRenderPixel } from "ol/render";
import type RenderEvent from "ol/render/Event";

/**
 * Shows `left` left of the swipe line and `right` right of it (OpenLayers' WebGL layer swipe: a
 * scissor rectangle in the layer's own pixels while it draws). `position` is 0–1 across the map.
 * Returns the undo.
 */
export function attachSwipe(map: OlMap, left: Layer, right: Layer, position: () => number): () => void {
  const clip = (side: "left" | "right") => (event: RenderEvent) => {
    const gl = event.context as WebGLRenderingContext | undefined;
    const [mapWidth, mapHeight] = map.getSize() ?? [];
    if (!gl || !("scissor" in gl) || mapWidth === undefined || mapHeight === undefined) return;
    const bottomLeft = getRenderPixel(event, [0, mapHeight]);
    const topRight = getRenderPixel(event, [mapWidth, 0]);
    const width = topRight[0]! - bottomLeft[0]!;
    const height = topRight[1]! - bottomLeft[1]!;
    const split = Math.round(width * position());
    gl.enable(gl.SCISSOR_TEST);
    if (side === "left") gl.scissor(bottomLeft[0]!, bottomLeft[1]!, split, height);
    else gl.scissor(bottomLeft[0]! + split, bottomLeft[1]!, width - split, height);
  };
  const release = (event: RenderEvent) => {
    const gl = event.context as WebGLRenderingContext | undefined;
    if (gl && "scissor" in gl) gl.disable(gl.SCISSOR_TEST);
  };
  const keys: EventsKey[] = [
    left.on("prerender", clip("left")),
    right.on("prerender", clip("right")),
    left.on("postrender", release),
    right.on("postrender", release),
  ];
  map.render();
  return () => {
    unByKey(keys);
    map.render();
  };
}
