import { Trash2 } from "lucide-react";
import { useState } from "react";
import type { MapLayer } from "@common/contract/map-layers";
import { Button } from "@/components/ui/button";
import { toast } from "@/lib/use-toast";
import { ConfirmDialog } from "../media/confirm-dialog";
import { DESTRUCTIVE_OUTLINE } from "../media/destructive-style";
import { useDeleteMapLayer } from "./api/map-layers";

/** A layer's delete on the admin's map: asked first, since its original and its COG go with it. */
export function DeleteMapLayerButton({ layer }: { layer: Pick<MapLayer, "id" | "title"> }) {
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteMapLayer();

  const onConfirm = async () => {
    const answer = await remove.mutateAsync(layer.id);
    setConfirming(false);
    if (answer.ok) toast({ title: "Layer deleted", description: layer.title, variant: "success" });
    else toast({ title: "The layer could not be deleted", description: answer.message ?? answer.generic, variant: "destructive" });
  };

  return (
    <>
      <Button type="button" size="icon" variant="outline" className={`size-8 ${DESTRUCTIVE_OUTLINE}`} aria-label={`Delete layer ${layer.title}`} onClick={() => setConfirming(true)}>
        <Trash2 aria-hidden />
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete layer"
        description={`"${layer.title}" leaves the job's map, with its original file and its Cloud Optimized GeoTIFF. This cannot be undone.`}
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={() => void onConfirm()}
      />
    </>
  );
}
