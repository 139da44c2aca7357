import { FileText } from "lucide-react";
import { SendDocumentDialog } from "@/components/job-documents/send-document-button";
import { ReportCard } from "@/components/media/report-card";
import { useJobs } from "@/api/jobs";
import { useReports } from "./api/get-reports";
import { CardList, ListPanel } from "@/components/ui/list-panel";
import { EmptyState } from "@/components/ui/panel-states";
import { useLoadErrorToast } from "@/lib/use-load-error-toast";
import { JobTag } from "./job-tag";

/**
 * Reports tab: the inspection and analysis reports our team uploaded for this customer. Upload New
 * Report sends ours a document for one of their jobs (a site plan, a previous report, a drawing):
 * it then shows on that job's page (docs/product.md §2).
 */
export function ReportsTab() {
  const reports = useReports();
  const jobs = useJobs();
  useLoadErrorToast(reports, "Failed to load your reports");

  return (
    <ListPanel
      id="reports-heading"
      title="Your reports"
      actions={<SendDocumentDialog triggerLabel="Upload New Report" jobs={jobs.data} jobsFailed={jobs.isError} />}
      query={reports}
      loadingLabel="Loading your reports…"
      empty={<EmptyState icon={<FileText />}>No reports yet. Your inspection and analysis reports appear here as soon as our team uploads them.</EmptyState>}
    >
      {(items) => <CardList items={items}>{(report) => <ReportCard report={report} meta={<JobTag jobId={report.jobId} />} />}</CardList>}
    </ListPanel>
  );
}
