import { Plus } from "lucide-react";
import { Button, type ButtonProps } from "@/components/ui/button";

/** The jobs board's "New job" button. */
export function NewJobTrigger(props: ButtonProps) {
  return (
    <Button type="button" {...props}>
      <Plus aria-hidden />
      New job
    </Button>
  );
}
