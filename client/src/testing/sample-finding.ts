import type { Finding } from "@common/contract/findings";

/** A finding as GET /api/jobs/:id/findings answers it, for component tests: an open moderate hot spot on job 12. */
export function sampleFinding(overrides: Partial<Finding> = {}): Finding {
  return {
    id: 1,
    jobId: 12,
    class: "hot_spot",
    severity: "moderate",
    severityReason: "",
    status: "open",
    dismissReason: "",
    lat: 48.8571,
    lon: 2.3512,
    polygon: null,
    locator: "Block B / row 4 / string 2 / module 17",
    maxTemp: 61.2,
    refTemp: 47.5,
    deltaT: 13.7,
    indexValue: null,
    powerLoss: null,
    mediaIds: [],
    images: [],
    outsideLayers: [],
    note: "",
    history: [{ id: 1, at: "2026-11-20T10:00:00.000Z", by: 1, byName: "Admin", from: null, to: "open", fields: [], note: "" }],
    createdAt: "2026-11-20T10:00:00.000Z",
    updatedAt: "2026-11-20T10:00:00.000Z",
    ...overrides,
  };
}
