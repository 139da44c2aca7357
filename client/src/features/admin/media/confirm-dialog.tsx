import { Button } from "@/components/ui/button";
import { DESTRUCTIVE_OUTLINE } from "./destructive-style";
import { Dialog, DialogActions, DialogContent, DialogHeading } from "@/components/ui/dialog";

interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  confirmLabel: string;
  busy?: boolean;
  onConfirm: () => void;
}

/** A destructive action's confirmation; Escape or Cancel backs out. */
export function ConfirmDialog({ open, onOpenChange, title, description, confirmLabel, busy, onConfirm }: ConfirmDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeading title={title} description={description} />
        <DialogActions closeLabel="Cancel" closeDisabled={busy}>
          <Button type="button" variant="outline" className={DESTRUCTIVE_OUTLINE} disabled={busy} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </DialogActions>
      </DialogContent>
    </Dialog>
  );
}
