// What the tests of the dialogs that add or delete a job's map layers share: job 12's layers as the
// server answers them, the map reading them, a GeoTIFF to choose, and what its upload sends.
import { within } from "@testing-library/react";
import { expect } from "vitest";
import type { MapLayer } from "@common/contract/map-layers";
import { useJobLayers } from "@/api/map-layers";
import { answerRequests } from "./answer-fetch";
import { errorOf } from "./field-error";

/** Job 12's map, as far as these tests need it: how many layers it read. */
export function LayerCount() {
  const layers = useJobLayers(12);
  return <p>{layers.data ? `${layers.data.length} layers` : "Loading layers"}</p>;
}

/**
 * Answers GET /api/jobs/12/layers with what `layers` gives at each request (none unless given), and
 * the `more` requests; returns the requests sent, as answerRequests does.
 */
export function answerJobLayers(layers: () => MapLayer[] = () => [], more: Parameters<typeof answerRequests>[0] = {}) {
  return answerRequests({ "GET /api/jobs/12/layers": () => ({ status: 200, body: { success: true, data: layers() } }), ...more });
}

/** A file as the browser hands the form a chosen GeoTIFF: 64 bytes of image/tiff. */
export const tiffFile = (name: string) => new File([new Uint8Array(64)], name, { type: "image/tiff" });

/** The kinds of layer the dialogs' Kind list offers, in its order. */
export const LAYER_KIND_OPTIONS = ["Orthomosaic", "Elevation", "Multispectral", "Thermal"];

/** What the tus server holds of a tiffFile uploaded as a layer of job 12 captured on 2026-12-02: the form's fields as metadata, the whole file. */
export const layerUploadOf = ({ layerKind, title, filename }: { layerKind: string; title: string; filename: string }) => ({
  metadata: { kind: "layer", jobId: "12", layerKind, title, capturedAt: "2026-12-02", filename, filetype: "image/tiff" },
  offset: 64,
  length: 64,
});

/** The server's refusal of the file shown once in the dialog, under the file (its field's message). */
export async function expectRefusalUnderFile(dialog: HTMLElement, file: HTMLElement, refused: string) {
  expect(await within(dialog).findByText(refused)).toBeTruthy();
  expect(errorOf(file)).toBe(refused);
  expect(within(dialog).getAllByText(refused)).toHaveLength(1);
}
