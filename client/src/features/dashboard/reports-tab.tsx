import { FileText, Upload } from "lucide-react";
import { Button } from "@/components/ui/button";
import { ReportCard } from "@/components/ui/report-card";
import { toast } from "@/lib/use-toast";
import { useReports } from "./api/get-reports";
import { EmptyState, LoadingState, PanelHeader } from "@/components/ui/panel-states";
import { useLoadErrorToast } from "@/lib/use-load-error-toast";

/** Reports tab: the inspection and analysis reports our team uploaded for this customer. */
export function ReportsTab() {
  const reports = useReports();
  useLoadErrorToast(reports, "Failed to load your reports");

  return (
    <section aria-labelledby="reports-heading">
      <PanelHeader id="reports-heading" title="Your reports">
        {/* The spec shows this button without behaviour; customers cannot upload reports themselves. */}
        <Button
          type="button"
          variant="outline"
          onClick={() => toast({ title: "Upload New Report", description: "Reports are uploaded by our team; they appear here when ready." })}
        >
          <Upload aria-hidden />
          Upload New Report
        </Button>
      </PanelHeader>
      {reports.isPending ? (
        <LoadingState label="Loading your reports…" />
      ) : reports.data?.length ? (
        <ul className="grid gap-4">
          {reports.data.map((report) => (
            <li key={report.id}>
              <ReportCard report={report} />
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState icon={<FileText />}>No reports yet. Your inspection and analysis reports appear here as soon as our team uploads them.</EmptyState>
      )}
    </section>
  );
}
