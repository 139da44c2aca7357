import { Trash2 } from "lucide-react";
import type { JobDocument } from "@common/contract/job-documents";
import { Button, type ButtonProps } from "@/components/ui/button";

export type DeletableDocument = Pick<JobDocument, "id" | "jobId" | "title">;

/** A document's Delete button, named after the document for screen readers. */
export function DeleteDocumentTrigger({ title, ...props }: ButtonProps & { title: string }) {
  return (
    <Button type="button" size="sm" variant="outline" className="border-destructive/70 text-destructive hover:bg-destructive/10" {...props}>
      <Trash2 aria-hidden />
      Delete<span className="sr-only"> {title}</span>
    </Button>
  );
}
