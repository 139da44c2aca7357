import { Button, type ButtonProps } from "@/components/ui/button";
import type { JobAction } from "./job-actions";

/** A job action's button (Approve, Schedule, Cancel…): outlined in red when it undoes work. */
export function JobActionTrigger({ action, ...props }: ButtonProps & { action: JobAction }) {
  return (
    <Button
      type="button"
      size="sm"
      variant={action.destructive ? "outline" : "default"}
      className={action.destructive ? "border-destructive/60 text-destructive hover:bg-destructive/10" : undefined}
      {...props}
    >
      {action.label}
    </Button>
  );
}
