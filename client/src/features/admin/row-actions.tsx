import { ArrowDown, ArrowUp, Eye, EyeOff, Trash2 } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import type { Answer } from "@/lib/api";
import { toast } from "@/lib/use-toast";
import { ConfirmDialog } from "./media/confirm-dialog";
import { DESTRUCTIVE_OUTLINE } from "./media/destructive-style";

// The actions of one row of an ordered list the owner keeps for the public pages (testimonials,
// badges, case studies, gallery categories): the same words, labels and confirmation everywhere.

/** A write's toast: its message, or the server's reason it was refused (a 400's first field message). Whether it was done. */
export function toastOf(answer: Answer<{ message: string }>, failed: string, description: string): boolean {
  if (answer.ok) toast({ title: answer.data.message, description, variant: "success" });
  else toast({ title: failed, description: answer.message ?? answer.generic, variant: "destructive" });
  return answer.ok;
}

/** Up and Down, each named with the row's `name` for screen readers; `compact` leaves the words to the labels. */
export function MoveButtons({
  name,
  first,
  last,
  busy,
  compact = false,
  onMove,
}: {
  name: string;
  first: boolean;
  last: boolean;
  busy: boolean;
  compact?: boolean;
  onMove: (direction: "up" | "down") => void;
}) {
  return (
    <>
      <Button type="button" size="sm" variant="outline" disabled={first || busy} onClick={() => onMove("up")} aria-label={`Move up: ${name}`}>
        <ArrowUp aria-hidden />
        {compact ? null : "Up"}
      </Button>
      <Button type="button" size="sm" variant="outline" disabled={last || busy} onClick={() => onMove("down")} aria-label={`Move down: ${name}`}>
        <ArrowDown aria-hidden />
        {compact ? null : "Down"}
      </Button>
    </>
  );
}

/** A switch between on the site and off it, worded as the row's list words it ("Publish" / "Unpublish", "Show" / "Hide"). */
export function VisibilityButton({
  name,
  shown,
  words,
  disabled,
  title,
  onToggle,
}: {
  name: string;
  shown: boolean;
  /** What the button says while the row is off the site, and while it is on it. */
  words: { show: string; hide: string };
  disabled: boolean;
  title?: string;
  onToggle: () => void;
}) {
  const label = shown ? words.hide : words.show;
  return (
    <Button type="button" size="sm" variant="outline" disabled={disabled} title={title} onClick={onToggle} aria-label={`${label}: ${name}`}>
      {shown ? <EyeOff aria-hidden /> : <Eye aria-hidden />}
      {label}
    </Button>
  );
}

/** Delete, asked first: the dialog says what goes; the row's own `onDelete` does it and the dialog closes after. */
export function DeleteButton({
  name,
  busy,
  deleting,
  compact = false,
  confirm,
  onDelete,
}: {
  name: string;
  busy: boolean;
  deleting: boolean;
  compact?: boolean;
  confirm: { title: string; description: string };
  onDelete: () => Promise<unknown>;
}) {
  const [confirming, setConfirming] = useState(false);
  return (
    <ConfirmDialog
      open={confirming}
      onOpenChange={setConfirming}
      title={confirm.title}
      description={confirm.description}
      confirmLabel="Delete"
      busy={deleting}
      onConfirm={() => void onDelete().finally(() => setConfirming(false))}
      trigger={
        <Button type="button" size="sm" variant="outline" className={DESTRUCTIVE_OUTLINE} disabled={busy} aria-label={`Delete: ${name}`}>
          <Trash2 aria-hidden />
          {compact ? null : "Delete"}
        </Button>
      }
    />
  );
}
