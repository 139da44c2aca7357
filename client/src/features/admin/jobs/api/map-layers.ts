import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { MapLayer } from "@common/contract/map-layers";
import type { MessageResponse } from "@common/contract/wire";
import { type Answer, send } from "@/lib/api";
import { MAP_LAYERS_QUERY_KEY } from "@/lib/map-layers";
import { sendUpload } from "@/lib/upload";

/** The form fields of a layer as the admin typed them: the server parses them again. */
export interface MapLayerUpload {
  kind: string;
  title: string;
  capturedAt: string | undefined;
  bands: string | undefined;
}

/** POST /api/admin/jobs/:id/layers: the fields, then the GeoTIFF; answers the layer, queued, or the refusal naming its field. */
export function uploadMapLayer(jobId: number, fields: MapLayerUpload, file: File, onProgress: (fraction: number) => void): Promise<Answer<{ success: true; data: MapLayer }>> {
  return sendUpload(`/api/admin/jobs/${jobId}/layers`, { ...fields }, file, { onProgress });
}

/** Every map of every job reads its layers again after a write. */
export function useRefreshMapLayers() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: MAP_LAYERS_QUERY_KEY });
}

/** DELETE /api/admin/map-layers/:id: the layer with its original and its COG. */
export function useDeleteMapLayer() {
  const refresh = useRefreshMapLayers();
  return useMutation({
    mutationFn: (layerId: number): Promise<Answer<MessageResponse>> => send("DELETE", `/api/admin/map-layers/${layerId}`),
    onSuccess: (answer) => (answer.ok ? refresh() : undefined),
  });
}
