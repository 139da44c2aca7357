import type OlMap from "ol/Map";

/**
 * The current view as a PNG, as the map shows it (base map, layers at their opacity, the swipe,
 * the boundary and any measurement). Waits until every tile in view has loaded, then composes the
 * layers' canvases during a synchronous render: a WebGL canvas keeps its pixels only until the
 * frame is handed to the screen, so they are read in the same frame they are drawn.
 */
export function renderPng(map: OlMap): Promise<Blob> {
  return new Promise((resolve, reject) => {
    map.once("rendercomplete", () => {
      map.once("postcompose", () => {
        try {
          composeView(map).toBlob((blob) => (blob ? resolve(blob) : reject(new Error("The browser could not make the PNG"))), "image/png");
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      });
      map.renderSync();
    });
    map.render();
  });
}

function composeView(map: OlMap): HTMLCanvasElement {
  const [width = 0, height = 0] = map.getSize() ?? [];
  const ratio = window.devicePixelRatio || 1;
  const output = document.createElement("canvas");
  output.width = Math.round(width * ratio);
  output.height = Math.round(height * ratio);
  const context = output.getContext("2d");
  if (!context) throw new Error("The browser has no 2D canvas");
  // An opaque picture: where nothing is drawn (no base map offline) it is white, not transparent.
  context.fillStyle = "#ffffff";
  context.fillRect(0, 0, output.width, output.height);
  const containers = map.getViewport()?.querySelector(".ol-layers")?.children ?? [];
  for (const container of Array.from(containers) as HTMLElement[]) {
    const canvas = (container.firstElementChild ?? container) as HTMLCanvasElement;
    if (!(canvas instanceof HTMLCanvasElement) || canvas.width === 0) continue;
    context.save();
    context.scale(ratio, ratio);
    const opacity = container.style.opacity || canvas.style.opacity;
    context.globalAlpha = opacity === "" ? 1 : Number(opacity);
    // The canvas's own CSS transform places its pixels in the map (a 2D layer's, rotated or scaled mid-zoom).
    const transform = canvas.style.transform;
    if (transform) {
      const matrix = new DOMMatrix(transform);
      context.transform(matrix.a, matrix.b, matrix.c, matrix.d, matrix.e, matrix.f);
    } else {
      context.transform(parseFloat(canvas.style.width) / canvas.width, 0, 0, parseFloat(canvas.style.height) / canvas.height, 0, 0);
    }
    context.drawImage(canvas, 0, 0);
    context.restore();
  }
  return output;
}

/** Saves a blob under a file name, as a link's download does. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has taken the blob by the time the click's task is over.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
