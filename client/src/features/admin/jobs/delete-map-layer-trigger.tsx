import { Trash2 } from "lucide-react";
import { Button, type ButtonProps } from "@/components/ui/button";
import { DESTRUCTIVE_OUTLINE } from "../media/destructive-style";

/** A layer's delete on the admin's map: an icon, named after the layer. */
export function DeleteMapLayerTrigger({ title, ...props }: ButtonProps & { title: string }) {
  return (
    <Button type="button" size="icon" variant="outline" className={`size-8 ${DESTRUCTIVE_OUTLINE}`} aria-label={`Delete layer ${title}`} {...props}>
      <Trash2 aria-hidden />
    </Button>
  );
}
