// Hot-spot detection on a thermal layer (docs/decisions/0033-hot-spot-detection.md): the states of
// a layer's detection and its messages, zod-free so the back office's screens read them without
// loading zod.

/** A layer's last detection: queued, running, done (with how many candidates it proposed), or failed (with why). */
export const DETECTION_STATUSES = ["queued", "running", "done", "failed"] as const;

/** FINDINGS_DELTA_T_MINOR's default: the ΔT (°C) over the surroundings' median from which a cluster is proposed. */
export const DETECTION_MIN_DELTA_T = 3;

export const detectionMessages = {
  notThermal: (kind: string) => `Hot spots are detected on a thermal layer; this one is ${kind}`,
  notReady: (status: string) => `The layer is ${status}: detection reads its processed file, so wait until it is ready`,
  busy: (status: string) => `Detection is already ${status} on this layer`,
  queued: "Detection queued",
  notEpsg3857: "The layer's processed file is not in Web Mercator (EPSG:3857): process the layer again",
  fileGone: "The layer's processed file is no longer in storage: upload the layer again",
  gaveUp: "Detection failed several times (see the server log)",
  /** The reason kept when a candidate is rejected without one. */
  rejected: "Rejected candidate: not a fault",
} as const;
