import { type ClusterGroup, findHotClusters, groupClusters } from "./hot-spot-detector";
import { openThermalCog } from "./thermal-cog";

// Hot clusters this close on the ground are one module's several hot cells: one candidate of
// multiple hot spots. A solar module is about 1 × 2 m.
export const GROUP_METRES = 1;
// A raster of noise at a low threshold could propose thousands; the hottest this many are kept.
const MAX_CANDIDATES = 2_000;

export type PlacedGroup = ClusterGroup & { lat: number; lon: number };

/**
 * What detection proposes on a thermal COG: its hot clusters grouped by 1 m on the ground (from the
 * layer's resolution), hottest first, at most MAX_CANDIDATES, each placed in WGS84 by its hottest pixel.
 */
export async function proposeHotSpots(file: string, { minDeltaT, resolutionCm }: { minDeltaT: number; resolutionCm: number | null }): Promise<PlacedGroup[]> {
  const cog = await openThermalCog(file);
  try {
    const clusters = await findHotClusters(cog, { minDeltaT });
    const groupPixels = Math.max(1, (GROUP_METRES * 100) / (resolutionCm ?? 100));
    return groupClusters(clusters, groupPixels)
      .slice(0, MAX_CANDIDATES)
      .map((group) => ({ ...group, ...cog.lonLatOf(group.lead.column, group.lead.row) }));
  } finally {
    await cog.close();
  }
}

declare module "../processes/node-task" {
  interface NodeTasks {
    /** Hot-spot detection on a thermal layer's COG, in a process of its own (server/findings/detect-candidates.ts). */
    "hot-spots": { input: { file: string; minDeltaT: number; resolutionCm: number | null }; output: PlacedGroup[] };
  }
}
