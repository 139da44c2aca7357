import { FileText } from "lucide-react";
import { ReportCard } from "@/components/ui/report-card";
import { useAdminReports } from "./api/get-admin-reports";
import { useAdminUsers } from "./api/get-admin-users";
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
              <ReportCard report={report} meta={<span>Customer: {usernames.get(report.userId) ?? `User #${report.userId}`}</span>} />
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState icon={<FileText />}>No reports yet. Reports uploaded in the Upload tab appear here.</EmptyState>
      )}
    </section>
  );
}
