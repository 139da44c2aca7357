import { FileText } from "lucide-react";
import type { ReactNode } from "react";
import type { JobDocument } from "@common/contract/job-documents";
import { formatFileSize } from "@/lib/file-size";
import { formatDate } from "@/lib/format";
import { useJobDocuments } from "@/api/job-documents";
import { type DeletableDocument, DeleteDocumentTrigger } from "./delete-document-trigger";
import { dialogOnDemand } from "@/components/ui/dialog-on-demand";
import { DownloadLink } from "@/components/ui/download-link";
import { LoadingState } from "@/components/ui/panel-states";

interface JobDocumentListProps {
  jobId: number;
  /** What an empty list says. */
  empty: string;
  /** Buttons beside a document (its delete, for those who may). */
  actions?: (document: JobDocument) => ReactNode;
}

/**
 * The documents a customer sent for a job (site plans, previous reports, drawings), newest first,
 * each with its Download: on the customer's job page and on the back office's.
 */
export function JobDocumentList({ jobId, empty, actions }: JobDocumentListProps) {
  const documents = useJobDocuments(jobId);
  if (documents.isPending) return <LoadingState label="Loading the documents…" />;
  if (documents.isError) return <p className="text-destructive">The documents could not be loaded. Please try again later.</p>;
  if (!documents.data.length) return <p className="text-muted-foreground">{empty}</p>;
  return (
    <ul className="space-y-3" aria-label="Documents, newest first">
      {documents.data.map((document) => (
        <li key={document.id} className="flex flex-wrap items-center justify-between gap-3 rounded-md border bg-card/80 px-4 py-3">
          <div className="flex min-w-0 flex-1 items-start gap-3">
            <FileText aria-hidden className="mt-0.5 size-5 shrink-0 text-primary" />
            <div className="min-w-0 space-y-0.5">
              <p className="font-semibold break-words">{document.title}</p>
              <p className="hud-label flex flex-wrap gap-x-4 text-muted-foreground">
                <span className="break-all normal-case">{document.originalName}</span>
                <span>{formatFileSize(document.size)}</span>
                <time dateTime={document.createdAt}>{formatDate(document.createdAt)}</time>
              </p>
            </div>
          </div>
          <div className="flex flex-wrap gap-2">
            <DownloadLink fileUrl={document.fileUrl} title={document.title} />
            {actions?.(document)}
          </div>
        </li>
      ))}
    </ul>
  );
}

/** A document's Delete, asked first (delete-job-document-dialog.tsx, loaded when Delete is first pressed). */
export const DeleteJobDocumentButton = dialogOnDemand<{ document: DeletableDocument }>(
  () => import("./delete-job-document-dialog").then((module) => module.DeleteJobDocumentDialog),
  ({ document }) => <DeleteDocumentTrigger title={document.title} />,
);
