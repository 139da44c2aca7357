import { DeleteJobDocumentButton, JobDocumentList } from "@/components/job-documents/job-document-list";

/**
 * The list under "Documents from the customer" on the back office's job page (docs/product.md §2,
 * Job (`/admin-dashboard/jobs/:id`)): what the customer sent for the job (site plans, drawings),
 * each to download; an admin may delete one sent by mistake, the job's pilot only reads them.
 */
export function CustomerDocuments({ jobId, admin }: { jobId: number; admin: boolean }) {
  return (
    <JobDocumentList
      jobId={jobId}
      empty="The customer has not sent any documents for this job."
      actions={admin ? (document) => <DeleteJobDocumentButton document={document} /> : undefined}
    />
  );
}
