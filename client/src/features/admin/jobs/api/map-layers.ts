import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { MessageResponse } from "@common/contract/wire";
import { type Answer, send } from "@/lib/api";
import { mapLayerKeys } from "@/api/map-layers";
import type { UploadMetadataOf } from "@/lib/resumable-uploads";

/** The form fields of a layer as the admin typed them: the server parses them again. */
export interface MapLayerUpload {
  kind: string;
  title: string;
  capturedAt: string | undefined;
  bands: string | undefined;
}

/**
 * Upload-Metadata of a layer's resumable upload (kind "layer"): the fields of POST
 * /api/admin/jobs/:id/layers with the job, the form's kind travelling as `layerKind`
 * (common/tus-uploads.ts). The completed upload answers the layer, queued.
 */
export function layerMetadata(jobId: number, { kind, title, capturedAt, bands }: MapLayerUpload): UploadMetadataOf<"layer"> {
  return { kind: "layer", jobId: String(jobId), layerKind: kind, title, ...(capturedAt ? { capturedAt } : {}), ...(bands ? { bands } : {}) };
}

/** Whether a stored unfinished upload is a layer of this job. */
export const isLayerOf = (jobId: number) => (metadata: Record<string, string>) => metadata.kind === "layer" && metadata.jobId === String(jobId);

/** Every map of every job reads its layers again after a write. */
export function useRefreshMapLayers() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: mapLayerKeys.all });
}

/** DELETE /api/admin/map-layers/:id: the layer with its original and its COG. */
export function useDeleteMapLayer() {
  const refresh = useRefreshMapLayers();
  return useMutation({
    mutationFn: (layerId: number): Promise<Answer<MessageResponse>> => send("DELETE", `/api/admin/map-layers/${layerId}`),
    onSuccess: (answer) => (answer.ok ? refresh() : undefined),
  });
}
