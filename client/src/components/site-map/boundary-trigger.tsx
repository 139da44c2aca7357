import { PencilRuler } from "lucide-react";
import type { Job } from "@common/contract/jobs";
import { Button, type ButtonProps } from "@/components/ui/button";

/** "Draw site boundary", or "Edit site boundary" once there is one: the button's words and the dialog's title. */
export const boundaryLabel = (job: Pick<Job, "siteBoundary">) => (job.siteBoundary ? "Edit site boundary" : "Draw site boundary");

export function BoundaryTrigger({ label, ...props }: ButtonProps & { label: string }) {
  return (
    <Button type="button" size="sm" variant="outline" {...props}>
      <PencilRuler aria-hidden />
      {label}
    </Button>
  );
}
