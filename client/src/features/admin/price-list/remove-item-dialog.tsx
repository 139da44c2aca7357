import { Trash2 } from "lucide-react";
import { useState } from "react";
import type { PriceListItem } from "@common/contract/price-list";
import { Button } from "@/components/ui/button";
import { Dialog, DialogActions, DialogContent, DialogHeading, DialogTrigger } from "@/components/ui/dialog";
import { FormRefusal } from "@/components/ui/panel-states";
import { toast } from "@/lib/use-toast";
import { useRemovePriceListItem } from "./api";

/**
 * Delete on a row, after asking: the server deletes an item no estimate line refers to, and archives
 * one that a line does (docs/decisions/0056-price-list.md); the toast says which happened.
 */
export function RemoveItemDialog({ item }: { item: PriceListItem }) {
  const [open, setOpen] = useState(false);
  const [refusal, setRefusal] = useState<string>();
  const remove = useRemovePriceListItem();

  const confirm = async () => {
    setRefusal(undefined);
    const answer = await remove.mutateAsync(item.id);
    if (!answer.ok) {
      setRefusal(answer.message ?? answer.generic);
      return;
    }
    const archived = answer.data.data.outcome === "archived";
    toast({
      title: archived ? "Item archived" : "Item deleted",
      description: archived ? `${item.description}: an estimate refers to it, so it is kept, no longer offered.` : item.description,
      variant: "success",
    });
    setOpen(false);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setRefusal(undefined);
        setOpen(next);
      }}
    >
      <DialogTrigger asChild>
        <Button type="button" size="sm" variant="ghost" className="text-destructive hover:bg-destructive/10">
          <Trash2 aria-hidden />
          Delete<span className="sr-only"> {item.description}</span>
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeading
          eyebrow="// Price list"
          title="Delete price list item"
          description={`Delete "${item.description}"? If an estimate has a line made from it, it is archived instead: no longer offered, and the estimate keeps its line.`}
        />
        <FormRefusal>{refusal}</FormRefusal>
        <DialogActions closeLabel="Cancel">
          <Button type="button" variant="destructive" disabled={remove.isPending} onClick={() => void confirm()}>
            {remove.isPending ? "Deleting…" : "Delete"}
          </Button>
        </DialogActions>
      </DialogContent>
    </Dialog>
  );
}
