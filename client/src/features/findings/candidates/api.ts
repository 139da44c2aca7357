import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import type { LayerDetection } from "@common/contract/finding-detection";
import type { Finding } from "@common/contract/findings";
import type { MapLayer } from "@common/contract/map-layers";
import { detectionKeys, findingKeys } from "@/api/findings";
import { isPending, jobLayersQuery } from "@/api/map-layers";
import { type Answer, apiRequest, send } from "@/lib/api";

/**
 * While a thermal layer is still being processed, or a detection is queued or running, the panel
 * asks again every few seconds, and stops once nothing is under way: Detect hot spots shows up, and
 * a detection's candidates arrive, without a reload.
 */
const POLL_MS = 3_000;
const busy = (detections: readonly LayerDetection[] | undefined) =>
  detections?.some((item) => item.layerStatus === "queued" || item.layerStatus === "processing" || item.status === "queued" || item.status === "running") ??
  false;

/** The job's thermal layers as the map's list knows them, each with its state: a new one, or one that became ready, changes it. */
const thermalLayersOf = (layers: readonly MapLayer[] | undefined) =>
  (layers ?? [])
    .filter((layer) => layer.kind === "thermal")
    .map((layer) => `${layer.id}:${layer.status}`)
    .join(",");

/**
 * GET /api/admin/jobs/:id/detections: the job's thermal layers, each with its detection. Read again
 * whenever the job's map layers change (an upload adds one, and their list follows its processing),
 * so a job's first thermal layer brings the panel up on the page already open.
 */
export function useDetections(jobId: number) {
  const detections = useQuery({
    queryKey: detectionKeys.layers(jobId),
    queryFn: ({ signal }) =>
      apiRequest<{ success: true; data: LayerDetection[] }>("GET", `/api/admin/jobs/${jobId}/detections`, undefined, {
        signal,
        fallback: "Failed to load the thermal layers",
      }),
    select: (response) => response.data,
    refetchInterval: (query) => (busy(query.state.data?.data) ? POLL_MS : false),
  });
  const { data: thermal } = useQuery({
    ...jobLayersQuery(jobId),
    select: (answer) => thermalLayersOf(answer.data),
    refetchInterval: (query) => (query.state.data?.data.some(isPending) ? POLL_MS : false),
  });
  const seen = useRef(thermal);
  const { refetch } = detections;
  useEffect(() => {
    if (thermal !== undefined && seen.current !== undefined && thermal !== seen.current) void refetch();
    seen.current = thermal;
  }, [thermal, refetch]);
  return detections;
}

/** GET /api/admin/jobs/:id/findings?candidates=true, the candidates alone: what detection proposed and nobody decided on. */
export function useCandidates(jobId: number, { poll }: { poll: boolean }) {
  const candidates = useQuery({
    queryKey: detectionKeys.candidates(jobId),
    queryFn: ({ signal }) =>
      apiRequest<{ success: true; data: Finding[] }>("GET", `/api/admin/jobs/${jobId}/findings?candidates=true`, undefined, {
        signal,
        fallback: "Failed to load the candidates",
      }),
    select: (response) => response.data.filter((finding) => finding.status === "candidate"),
    refetchInterval: poll ? POLL_MS : false,
  });
  // The last poll may come just before the detection stores its candidates: once it has ended, read them once more.
  const polled = useRef(poll);
  const { refetch } = candidates;
  useEffect(() => {
    if (polled.current && !poll) void refetch();
    polled.current = poll;
  }, [poll, refetch]);
  return candidates;
}

/** The detections, the candidates and every list of findings read again after a write. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => Promise.all([detectionKeys.all, findingKeys.all].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** POST /api/admin/layers/:id/detect. */
export function useDetect() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (layerId: number): Promise<Answer<{ success: true; message: string; data: LayerDetection }>> =>
      send("POST", `/api/admin/layers/${layerId}/detect`),
    onSuccess: () => refresh(),
  });
}

/** PATCH /api/admin/findings/:id with { status: "open" } (accept) or { status: "dismissed" } (reject), for one candidate or several. */
export function useDecide() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ ids, status }: { ids: number[]; status: "open" | "dismissed" }): Promise<Answer<unknown>[]> => {
      const answers: Answer<unknown>[] = [];
      // One after another: each is its own finding's change, with its own history entry.
      for (const id of ids) answers.push(await send("PATCH", `/api/admin/findings/${id}`, { body: { status } }));
      return answers;
    },
    onSettled: () => refresh(),
  });
}
