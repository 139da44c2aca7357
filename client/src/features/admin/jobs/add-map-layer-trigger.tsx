import { Layers } from "lucide-react";
import { Button, type ButtonProps } from "@/components/ui/button";

export function AddMapLayerTrigger(props: ButtonProps) {
  return (
    <Button type="button" size="sm" {...props}>
      <Layers aria-hidden />
      Add map layer
    </Button>
  );
}
