import type { MapLayer } from "@common/contract/map-layers";

/** A map layer as GET /api/jobs/:id/layers answers it, for component tests: a ready DEM of job 12; each test overrides what it is about. */
export function sampleMapLayer(overrides: Partial<MapLayer> = {}): MapLayer {
  const id = overrides.id ?? 1;
  return {
    id,
    jobId: 12,
    kind: "elevation",
    title: "Elevation, north field",
    status: "ready",
    progress: 100,
    error: null,
    bands: ["elevation"],
    capturedAt: "2026-12-02T00:00:00.000Z",
    bounds: [-97.01, 31.99, -97.0, 32.0],
    resolution: 4.2,
    stats: [{ name: "elevation", min: 101.25, max: 148.75, mean: 120, stdDev: 9 }],
    cogUrl: `/api/map-layers/${id}/cog`,
    originalUrl: `/api/map-layers/${id}/original`,
    originalName: "dem.tif",
    originalSize: 123_456,
    createdAt: "2026-12-02T10:00:00.000Z",
    ...overrides,
  };
}

/** A layer just uploaded, queued for processing: nothing read from its raster yet. */
export function sampleQueuedLayer(overrides: Partial<MapLayer> = {}): MapLayer {
  return sampleMapLayer({
    status: "queued",
    progress: 0,
    bounds: null,
    resolution: null,
    stats: null,
    cogUrl: null,
    createdAt: "2026-12-03T09:00:00.000Z",
    ...overrides,
  });
}
