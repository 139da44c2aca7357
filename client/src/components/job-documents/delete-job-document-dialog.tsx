import { useState } from "react";
import { useDeleteJobDocument } from "@/api/job-documents";
import { toast } from "@/lib/use-toast";
import { Button } from "@/components/ui/button";
import { type DeletableDocument, DeleteDocumentTrigger } from "./delete-document-trigger";
import { Dialog, DialogActions, DialogContent, DialogHeading } from "@/components/ui/dialog";
import type { OpensAtOnce } from "@/components/ui/dialog-on-demand";

/** A document's Delete, asked first: the file goes with it, and the business no longer has it. job-document-list.tsx loads it on the first press. */
export function DeleteJobDocumentDialog({ document, openAtOnce = false }: { document: DeletableDocument } & OpensAtOnce) {
  const [confirming, setConfirming] = useState(openAtOnce);
  const remove = useDeleteJobDocument(document.jobId);

  const onConfirm = async () => {
    const answer = await remove.mutateAsync(document.id);
    setConfirming(false);
    if (answer.ok) toast({ title: "Document deleted", description: document.title, variant: "success" });
    else toast({ title: "The document could not be deleted", description: answer.message ?? answer.generic, variant: "destructive" });
  };

  return (
    <Dialog open={confirming} onOpenChange={setConfirming}>
      <DeleteDocumentTrigger title={document.title} onClick={() => setConfirming(true)} />
      <DialogContent>
        <DialogHeading title="Delete document" description={`"${document.title}" and its file are deleted. This cannot be undone.`} />
        <DialogActions closeLabel="Cancel" closeDisabled={remove.isPending}>
          <Button
            type="button"
            variant="outline"
            className="border-destructive/70 text-destructive hover:bg-destructive/10"
            disabled={remove.isPending}
            onClick={() => void onConfirm()}
          >
            Delete
          </Button>
        </DialogActions>
      </DialogContent>
    </Dialog>
  );
}
