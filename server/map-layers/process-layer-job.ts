import { defineJob } from "../queue/define-job";

/**
 * Processes one uploaded map layer in the background: validate with GDAL, convert to a Cloud
 * Optimized GeoTIFF in EPSG:3857 with overviews, compute band statistics, bounds, resolution and
 * capture date, and store the COG beside the original. The row shows queued → processing
 * (progress) → ready, or failed with the reason.
 */
export const processLayerJob = defineJob<{ layerId: number }>({
  name: "map-layer",
  async work() {
    throw new Error("processLayerJob: not yet written");
  },
});
