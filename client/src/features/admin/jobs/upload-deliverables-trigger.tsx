import { Upload } from "lucide-react";
import { Button, type ButtonProps } from "@/components/ui/button";

export function UploadDeliverablesTrigger(props: ButtonProps) {
  return (
    <Button type="button" size="sm" {...props}>
      <Upload aria-hidden />
      Upload deliverables
    </Button>
  );
}
