import { queryOptions, useQuery } from "@tanstack/react-query";
import type { MapLayer } from "@common/contract/map-layers";
import type { ListResponse } from "@common/contract/wire";
import { dataOf, send } from "@/lib/api";

const MAP_LAYERS = ["/api/map-layers"] as const;

/** Every map layer query: an upload, a delete or a boundary change invalidates them all. */
export const mapLayerKeys = {
  all: MAP_LAYERS,
  job: (jobId: number) => [...MAP_LAYERS, "job", jobId] as const,
};

/** While a layer is queued or processing, its list is read again this often (ms) to show progress. */
const PROCESSING_POLL_MS = 2_000;

/** Whether a layer is still being processed (its list is read again until none is). */
export const isPending = (layer: MapLayer) => layer.status === "queued" || layer.status === "processing";

/** GET /api/jobs/:id/layers: the job's map layers, oldest first. */
export const jobLayersQuery = (jobId: number) =>
  queryOptions({
    queryKey: mapLayerKeys.job(jobId),
    queryFn: async ({ signal }) => dataOf(await send<ListResponse<MapLayer>>("GET", `/api/jobs/${jobId}/layers`, { signal })),
  });

/** The job's map layers, polled while any is still being processed. */
export function useJobLayers(jobId: number) {
  return useQuery({
    ...jobLayersQuery(jobId),
    select: (answer) => answer.data,
    refetchInterval: (query) => (query.state.data?.data.some(isPending) ? PROCESSING_POLL_MS : false),
  });
}
