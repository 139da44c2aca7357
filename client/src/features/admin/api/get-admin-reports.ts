import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { PageResponse } from "@common/contract/pagination";
import type { AdminReport } from "@common/contract/reports";
import { adminReportKeys } from "@/api/reports";
import { apiRequest } from "@/lib/api";
import { pageOfList } from "../paged-list";

/** As many reports to a page as the Media tab shows media. */
export const REPORTS_PAGE_SIZE = 25;

/** GET /api/admin/reports?page=&pageSize=25&q=: one page of every customer's reports, searched on the server, and how many match; the last page stays on screen while the next loads. */
export function useAdminReports({ page, q }: { page: number; q: string }) {
  return useQuery({
    queryKey: adminReportKeys.page({ page, q }),
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ page: String(page), pageSize: String(REPORTS_PAGE_SIZE), ...(q ? { q } : {}) });
      return apiRequest<PageResponse<AdminReport>>("GET", `${adminReportKeys.all[0]}?${query}`, undefined, { signal });
    },
    select: (answer) => pageOfList(answer),
    placeholderData: keepPreviousData,
  });
}
