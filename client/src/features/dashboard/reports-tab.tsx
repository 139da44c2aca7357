import { FileText, Upload } from "lucide-react";
import { Button } from "@/components/ui/button";
import { ReportCard } from "@/components/ui/report-card";
import { toast } from "@/lib/use-toast";
import { useReports } from "./api/get-reports";
import { CardList, ListPanel } from "@/components/ui/list-panel";
import { EmptyState } from "@/components/ui/panel-states";
import { useLoadErrorToast } from "@/lib/use-load-error-toast";
import { JobTag } from "./job-tag";

/** Reports tab: the inspection and analysis reports our team uploaded for this customer. */
export function ReportsTab() {
  const reports = useReports();
  useLoadErrorToast(reports, "Failed to load your reports");

  return (
    <ListPanel
      id="reports-heading"
      title="Your reports"
      actions={
        // Customers cannot upload reports themselves; the button says where reports come from (docs/product.md §2).
        <Button
          type="button"
          variant="outline"
          onClick={() => toast({ title: "Upload New Report", description: "Reports are uploaded by our team; they appear here when ready." })}
        >
          <Upload aria-hidden />
          Upload New Report
        </Button>
      }
      query={reports}
      loadingLabel="Loading your reports…"
      empty={<EmptyState icon={<FileText />}>No reports yet. Your inspection and analysis reports appear here as soon as our team uploads them.</EmptyState>}
    >
      {(items) => <CardList items={items}>{(report) => <ReportCard report={report} meta={<JobTag jobId={report.jobId} />} />}</CardList>}
    </ListPanel>
  );
}
