import { Trash2 } from "lucide-react";
import { Button, type ButtonProps } from "@/components/ui/button";
import { DESTRUCTIVE_OUTLINE } from "./destructive-style";

/** Delete, named after the item for screen readers (a list holds several). */
export function DeleteDeliverableTrigger({ title, ...props }: ButtonProps & { title: string }) {
  return (
    <Button type="button" variant="outline" size="sm" className={DESTRUCTIVE_OUTLINE} aria-label={`Delete ${title}`} {...props}>
      <Trash2 aria-hidden />
      Delete
    </Button>
  );
}
