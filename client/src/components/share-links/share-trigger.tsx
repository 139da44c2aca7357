import { Share2 } from "lucide-react";
import { Button, type ButtonProps } from "@/components/ui/button";

/** "Share": opens the job's share links. */
export function ShareTrigger(props: ButtonProps) {
  return (
    <Button type="button" size="sm" variant="outline" {...props}>
      <Share2 aria-hidden />
      Share
    </Button>
  );
}
