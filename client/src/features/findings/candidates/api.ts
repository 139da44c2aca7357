import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import type { LayerDetection } from "@common/contract/finding-detection";
import type { Finding } from "@common/contract/findings";
import { type Answer, apiRequest, send } from "@/lib/api";

const DETECTION_KEY = ["admin", "finding-detection"] as const;

/** While a detection is queued or running the panel asks again every few seconds, and stops once none is. */
const POLL_MS = 3_000;
const busy = (detections: readonly LayerDetection[] | undefined) => detections?.some((item) => item.status === "queued" || item.status === "running") ?? false;

/** GET /api/admin/jobs/:id/detections: the job's thermal layers, each with its detection. */
export function useDetections(jobId: number) {
  return useQuery({
    queryKey: [...DETECTION_KEY, "layers", jobId],
    queryFn: ({ signal }) => apiRequest<{ success: true; data: LayerDetection[] }>("GET", `/api/admin/jobs/${jobId}/detections`, undefined, { signal, fallback: "Failed to load the thermal layers" }),
    select: (response) => response.data,
    refetchInterval: (query) => (busy(query.state.data?.data) ? POLL_MS : false),
  });
}

/** GET /api/admin/jobs/:id/findings?candidates=true, the candidates alone: what detection proposed and nobody decided on. */
export function useCandidates(jobId: number, { poll }: { poll: boolean }) {
  const candidates = useQuery({
    queryKey: [...DETECTION_KEY, "candidates", jobId],
    queryFn: ({ signal }) => apiRequest<{ success: true; data: Finding[] }>("GET", `/api/admin/jobs/${jobId}/findings?candidates=true`, undefined, { signal, fallback: "Failed to load the candidates" }),
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
  return () => queryClient.invalidateQueries({ predicate: (query) => query.queryKey.some((part) => part === "finding-detection" || (typeof part === "string" && part.includes("findings"))) });
}

/** POST /api/admin/layers/:id/detect. */
export function useDetect() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (layerId: number): Promise<Answer<{ success: true; message: string; data: LayerDetection }>> => send("POST", `/api/admin/layers/${layerId}/detect`),
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
