import { FileText } from "lucide-react";
import { ReportCard } from "@/components/ui/report-card";
import { useAdminReports } from "./api/get-admin-reports";
import { useAdminUsers } from "./api/get-admin-users";
import { CardList, ListPanel } from "@/components/ui/list-panel";
import { EmptyState } from "@/components/ui/panel-states";
import { useLoadErrorToast } from "@/lib/use-load-error-toast";

/** Reports tab: every customer's reports, newest first, each with its customer and a download. */
export function ReportsTab() {
  const reports = useAdminReports();
  const users = useAdminUsers();
  useLoadErrorToast(reports, "Failed to load reports");
  const usernames = new Map((users.data ?? []).map((user) => [user.id, user.username]));

  return (
    <ListPanel
      id="admin-reports-heading"
      title="All reports"
      query={reports}
      loadingLabel="Loading reports…"
      loadError="Failed to load reports"
      empty={<EmptyState icon={<FileText />}>No reports yet. Reports uploaded in the Upload tab appear here.</EmptyState>}
    >
      {(items) => (
        <CardList items={items}>
          {(report) => <ReportCard report={report} meta={<span>Customer: {usernames.get(report.userId) ?? `User #${report.userId}`}</span>} />}
        </CardList>
      )}
    </ListPanel>
  );
}
