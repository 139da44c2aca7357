import { CloudSun } from "lucide-react";
import { Button, type ButtonProps } from "@/components/ui/button";

export function InspectionConditionsTrigger(props: ButtonProps) {
  return (
    <Button type="button" size="sm" variant="outline" {...props}>
      <CloudSun aria-hidden />
      Inspection conditions
    </Button>
  );
}
