import { FileText, Upload } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { toast } from "@/lib/use-toast";
import { useReports } from "./api/get-reports";
import { DownloadLink } from "./download-link";
import { formatDate } from "./format";
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
              <Card className="flex flex-wrap items-start justify-between gap-4">
                <div className="flex min-w-0 flex-1 gap-4">
                  <FileText aria-hidden className="mt-1 size-6 shrink-0 text-primary" />
                  <div className="min-w-0 space-y-1">
                    <h3 className="text-lg font-semibold break-words">{report.title}</h3>
                    <p className="text-sm text-muted-foreground break-words">{report.description}</p>
                    <p className="hud-label text-muted-foreground">
                      <time dateTime={report.createdAt}>{formatDate(report.createdAt)}</time>
                    </p>
                  </div>
                </div>
                <DownloadLink fileUrl={report.fileUrl} title={report.title} />
              </Card>
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState icon={<FileText />}>No reports yet. Your inspection and analysis reports appear here as soon as our team uploads them.</EmptyState>
      )}
    </section>
  );
}
