import type { FindingSeverity } from "@common/findings";

/** A finding's colour on the map and in its badge: amber, orange, red, by how bad it is. */
export const SEVERITY_COLOURS: Record<FindingSeverity, string> = { minor: "#facc15", moderate: "#f97316", critical: "#dc2626" };
