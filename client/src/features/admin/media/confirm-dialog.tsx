import type { ReactElement } from "react";
import { Button } from "@/components/ui/button";
import { DESTRUCTIVE_OUTLINE } from "./destructive-style";
import { Dialog, DialogActions, DialogContent, DialogHeading, DialogTrigger } from "@/components/ui/dialog";

/** SPEC's confirmation before one media file is deleted, word for word (docs/product.md §8). */
export const SINGLE_DELETE_MESSAGE = "Are you sure you want to delete this media file? This action cannot be undone.";

interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  confirmLabel: string;
  busy?: boolean;
  /** A step that can be undone (publishing) gets a plain button; deleting, the destructive outline. */
  destructive?: boolean;
  onConfirm: () => void;
  /** The button that asks, when the dialog owns it: pressing it opens, and focus returns to it on closing. */
  trigger?: ReactElement;
}

/** An action's confirmation (a destructive one unless told); Escape or Cancel backs out. */
export function ConfirmDialog({ open, onOpenChange, title, description, confirmLabel, busy, destructive = true, onConfirm, trigger }: ConfirmDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {trigger ? <DialogTrigger asChild>{trigger}</DialogTrigger> : null}
      <DialogContent>
        <DialogHeading title={title} description={description} />
        <DialogActions closeLabel="Cancel" closeDisabled={busy}>
          <Button type="button" variant="outline" className={destructive ? DESTRUCTIVE_OUTLINE : undefined} disabled={busy} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </DialogActions>
      </DialogContent>
    </Dialog>
  );
}
