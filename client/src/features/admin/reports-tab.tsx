import { FileText } from "lucide-react";
import type { ReactNode } from "react";
import { ReportCard } from "@/components/media/report-card";
import { REPORTS_PAGE_SIZE, useAdminReports } from "./api/get-admin-reports";
import { DELIVERABLE_SEARCH_HINT } from "./media/deliverable-search";
import { CardList } from "@/components/ui/list-panel";
import { EmptyState, ErrorState, LoadingState, PanelHeader } from "@/components/ui/panel-states";
import { useLoadErrorToast } from "@/lib/use-load-error-toast";
import { DeleteDeliverableButton } from "./media/delete-deliverable-button";
import { ListPager, ListSearch, usePagedSearch } from "./paged-list";
import { RenameButton } from "./media/rename-button";

const LOAD_FAILED = "Failed to load reports";

/**
 * Reports tab: every customer's reports, 25 to a page, newest first, searched on the server by
 * title, description or customer; each with its customer, a download, Rename and Delete. The search
 * box stays put while the list under it changes, so typing keeps its focus.
 */
export function ReportsTab() {
  const { search, setSearch, q, page, setPage } = usePagedSearch();
  const reports = useAdminReports({ page, q });
  useLoadErrorToast(reports, LOAD_FAILED);
  const found = reports.data;

  let body: ReactNode;
  if (reports.isPending) body = <LoadingState label="Loading reports…" />;
  else if (reports.isError) body = <ErrorState>{LOAD_FAILED}</ErrorState>;
  else if (!found?.items.length)
    body = <EmptyState icon={<FileText />}>{q ? `No reports match "${q}".` : "No reports yet. Reports uploaded in the Upload tab appear here."}</EmptyState>;
  else
    body = (
      <div aria-busy={reports.isPlaceholderData}>
        <CardList items={found.items}>
          {(report) => (
            <ReportCard
              report={report}
              meta={<span>Customer: {report.ownerName}</span>}
              actions={
                <>
                  <RenameButton kind="reports" item={report} />
                  <DeleteDeliverableButton kind="reports" item={report} />
                </>
              }
            />
          )}
        </CardList>
        <ListPager label="Reports pages" page={page} pageSize={REPORTS_PAGE_SIZE} total={found.total} noun={["report", "reports"]} onPage={setPage} />
      </div>
    );

  return (
    <section aria-labelledby="admin-reports-heading">
      <PanelHeader id="admin-reports-heading" title="All reports" />
      <ListSearch id="admin-reports-search" label="Search reports" placeholder={DELIVERABLE_SEARCH_HINT} value={search} onChange={setSearch} />
      {body}
    </section>
  );
}
