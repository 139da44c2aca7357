import { Pencil } from "lucide-react";
import { Button, type ButtonProps } from "@/components/ui/button";

/** Rename, named after the item for screen readers (a list holds several). */
export function RenameTrigger({ title, ...props }: ButtonProps & { title: string }) {
  return (
    <Button type="button" variant="outline" size="sm" aria-label={`Rename ${title}`} {...props}>
      <Pencil aria-hidden />
      Rename
    </Button>
  );
}
