import { Pencil } from "lucide-react";
import { Button, type ButtonProps } from "@/components/ui/button";

export function JobDetailsTrigger(props: ButtonProps) {
  return (
    <Button type="button" size="sm" variant="outline" {...props}>
      <Pencil aria-hidden />
      Edit details
    </Button>
  );
}
