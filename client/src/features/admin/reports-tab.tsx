import { Download, FileText } from "lucide-react";
import { buttonVariants } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { useAdminReports } from "./api/get-admin-reports";
import { useAdminUsers } from "./api/get-admin-users";
import { downloadUrl, formatDate } from "./format";
import { EmptyState, ErrorState, LoadingState, PanelHeader } from "@/components/ui/panel-states";
import { useLoadErrorToast } from "@/lib/use-load-error-toast";

/** Reports tab: every customer's reports, newest first, each with its customer and a download. */
export function ReportsTab() {
  const reports = useAdminReports();
  const users = useAdminUsers();
  useLoadErrorToast(reports, "Failed to load reports");
  const usernames = new Map((users.data ?? []).map((user) => [user.id, user.username]));

  return (
    <section aria-labelledby="admin-reports-heading">
      <PanelHeader id="admin-reports-heading" title="All reports" />
      {reports.isPending ? (
        <LoadingState label="Loading reports…" />
      ) : reports.isError ? (
        <ErrorState>Failed to load reports</ErrorState>
      ) : reports.data.length ? (
        <ul className="grid gap-4">
          {reports.data.map((report) => (
            <li key={report.id}>
              <Card className="flex flex-wrap items-start justify-between gap-4">
                <div className="flex min-w-0 flex-1 gap-4">
                  <FileText aria-hidden className="mt-1 size-6 shrink-0 text-primary" />
                  <div className="min-w-0 space-y-1">
                    <h3 className="text-lg font-semibold break-words">{report.title}</h3>
                    <p className="text-sm break-words text-muted-foreground">{report.description}</p>
                    <p className="hud-label flex flex-wrap gap-x-4 text-muted-foreground">
                      <span>Customer: {usernames.get(report.userId) ?? `User #${report.userId}`}</span>
                      <time dateTime={report.createdAt}>{formatDate(report.createdAt)}</time>
                    </p>
                  </div>
                </div>
                <a href={downloadUrl(report.fileUrl)} download className={buttonVariants({ variant: "outline", size: "sm" })}>
                  <Download aria-hidden />
                  Download<span className="sr-only"> {report.title}</span>
                </a>
              </Card>
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState icon={<FileText />}>No reports yet. Reports uploaded in the Upload tab appear here.</EmptyState>
      )}
    </section>
  );
}
