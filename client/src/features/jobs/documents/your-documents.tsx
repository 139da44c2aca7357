import { FolderUp } from "lucide-react";
import type { JobDetail } from "@common/contract/jobs";
import { takesDocuments } from "@common/job-status";
import { DeleteJobDocumentButton, JobDocumentList } from "@/components/job-documents/job-document-list";
import { SendDocumentDialog } from "@/components/job-documents/send-document-button";
import { PageSection } from "@/components/ui/page-section";

/**
 * "Your documents" on the customer's job page (docs/product.md §2, Job (`/dashboard/jobs/:id`)):
 * what they sent us for the job, each to download, and to delete and send while the job is open
 * (neither cancelled nor closed).
 */
export function YourDocuments({ job, userId }: { job: JobDetail; userId: number }) {
  const open = takesDocuments(job.status);
  return (
    <PageSection id="documents-heading" title="Your documents" icon={<FolderUp />}>
      <div className="space-y-4">
        <p className="text-muted-foreground">
          {open
            ? "Site plans, previous reports, as-built drawings: send us what helps us prepare the job."
            : `This job is ${job.status}: it takes no more documents.`}
        </p>
        {open ? <SendDocumentDialog triggerLabel="Send a document" job={job} /> : null}
        <JobDocumentList
          jobId={job.id}
          empty="You have not sent any documents for this job."
          actions={(document) => (open && document.userId === userId ? <DeleteJobDocumentButton document={document} /> : null)}
        />
      </div>
    </PageSection>
  );
}
