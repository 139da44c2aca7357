import { FileText } from "lucide-react";
import type { ReactNode } from "react";
import { formatDate } from "@/lib/format";
import { Card } from "@/components/ui/card";
import { DownloadLink } from "@/components/ui/download-link";

interface ReportCardProps {
  report: { title: string; description: string; fileUrl: string; createdAt: string };
  /** Shown before the date, e.g. the customer in the back office. */
  meta?: ReactNode;
  /** Buttons after the Download link, e.g. Rename and Delete in the back office. */
  actions?: ReactNode;
  /** Whether it offers Download: not on a view-only share link. */
  download?: boolean;
}

/** A report in a list: title, description, date and its Download link. */
export function ReportCard({ report, meta, actions, download = true }: ReportCardProps) {
  const downloadLink = download ? <DownloadLink fileUrl={report.fileUrl} title={report.title} /> : null;
  return (
    <Card className="flex flex-wrap items-start justify-between gap-4">
      <div className="flex min-w-0 flex-[1_1_14rem] gap-4">
        <FileText aria-hidden className="mt-1 size-6 shrink-0 text-primary" />
        <div className="min-w-0 space-y-1">
          <h3 className="text-lg font-semibold break-words">{report.title}</h3>
          <p className="text-sm break-words text-muted-foreground">{report.description}</p>
          <p className="hud-label flex flex-wrap gap-x-4 text-muted-foreground">
            {meta}
            <time dateTime={report.createdAt}>{formatDate(report.createdAt)}</time>
          </p>
        </div>
      </div>
      {actions ? (
        <div className="flex flex-wrap items-center gap-2">
          {downloadLink}
          {actions}
        </div>
      ) : (
        downloadLink
      )}
    </Card>
  );
}
