import { z } from "zod";
import { DETECTION_STATUSES } from "../finding-detection";
import { MAP_LAYER_STATUSES } from "../map-layer-kinds";
import { id, isoDate, listOf, successMessageOf } from "./wire";

/** A thermal layer of the job and where its hot-spot detection stands (docs/decisions/0033-hot-spot-detection.md). */
export const layerDetectionSchema = z.object({
  layerId: id,
  layerTitle: z.string(),
  /** The layer's own processing: detection needs it ready. */
  layerStatus: z.enum(MAP_LAYER_STATUSES),
  /** Null when detection was never asked for on this layer. */
  status: z.enum(DETECTION_STATUSES).nullable(),
  /** How many candidates the last finished detection proposed; null until one finishes. */
  candidates: z.number().int().min(0).nullable(),
  /** Why the last detection failed. */
  error: z.string().nullable(),
  /** When it was last asked for, and when it last changed. */
  requestedAt: isoDate.nullable(),
  updatedAt: isoDate.nullable(),
});
export type LayerDetection = z.input<typeof layerDetectionSchema>;

/** POST /api/admin/layers/:id/detect: queued. */
export const detectionQueuedSchema = successMessageOf(layerDetectionSchema);

/** GET /api/admin/jobs/:id/detections: every thermal layer of the job with its detection. */
export const layerDetectionListSchema = listOf(layerDetectionSchema);
