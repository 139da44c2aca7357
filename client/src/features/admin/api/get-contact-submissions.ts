import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { ContactQuery, ContactSubmission } from "@common/contract/contact";
import type { PageResponse } from "@common/contract/pagination";
import { contactKeys } from "@/api/contact";
import { apiRequest } from "@/lib/api";

/** One page of GET /api/contact: inquiries alone (message), quote requests alone (quote) or both; words searched for (empty: any). */
export interface ContactPageFilters {
  kind?: NonNullable<ContactQuery["kind"]>;
  q: string;
  page: number;
  pageSize: number;
}

function contactUrl({ kind, q, page, pageSize }: ContactPageFilters): string {
  const params = new URLSearchParams({ ...(kind ? { kind } : {}), ...(q ? { q } : {}), page: String(page), pageSize: String(pageSize) });
  return `${contactKeys.all[0]}?${params.toString()}`;
}

/** GET /api/contact?kind=&q=&page=&pageSize= (admins): one page of submissions, newest first, with the total matching; the last page stays on screen while the next loads. */
export function useContactPage(filters: ContactPageFilters) {
  return useQuery({
    queryKey: contactKeys.page(filters),
    queryFn: ({ signal }) => apiRequest<PageResponse<ContactSubmission>>("GET", contactUrl(filters), undefined, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** How many contact inquiries there are, quote requests aside (its `data.total`): the Messages tab's badge, asked of the server as a page of one. */
export function useMessageCount() {
  return useContactPage({ kind: "message", q: "", page: 1, pageSize: 1 });
}
