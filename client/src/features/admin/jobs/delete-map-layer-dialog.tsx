import { useState } from "react";
import type { MapLayer } from "@common/contract/map-layers";
import type { OpensAtOnce } from "@/components/ui/dialog-on-demand";
import { toast } from "@/lib/use-toast";
import { ConfirmDialog } from "../media/confirm-dialog";
import { useDeleteMapLayer } from "./api/map-layers";
import { DeleteMapLayerTrigger } from "./delete-map-layer-trigger";

export interface DeleteMapLayerDialogProps {
  layer: Pick<MapLayer, "id" | "title">;
}

/**
 * A layer's delete on the admin's map: asked first, since its original and its COG go with it.
 * delete-map-layer-button.tsx loads it when the layer's delete is first pressed.
 */
export function DeleteMapLayerDialog({ layer, openAtOnce = false }: DeleteMapLayerDialogProps & OpensAtOnce) {
  const [confirming, setConfirming] = useState(openAtOnce);
  const remove = useDeleteMapLayer();

  const onConfirm = async () => {
    const answer = await remove.mutateAsync(layer.id);
    setConfirming(false);
    if (answer.ok) toast({ title: "Layer deleted", description: layer.title, variant: "success" });
    else toast({ title: "The layer could not be deleted", description: answer.message ?? answer.generic, variant: "destructive" });
  };

  return (
    <ConfirmDialog
      trigger={<DeleteMapLayerTrigger title={layer.title} />}
      open={confirming}
      onOpenChange={setConfirming}
      title="Delete layer"
      description={`"${layer.title}" leaves the job's map, with its original file and its Cloud Optimized GeoTIFF. This cannot be undone.`}
      confirmLabel="Delete"
      busy={remove.isPending}
      onConfirm={() => void onConfirm()}
    />
  );
}
