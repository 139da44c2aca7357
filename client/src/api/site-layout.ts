import { queryOptions, useQuery } from "@tanstack/react-query";
import type { SiteLayout } from "@common/site-layout";
import { dataOf, send } from "@/lib/api";

/** GET /api/jobs/:id/site-layout: the site's layout (docs/decisions/0071-site-layouts.md), no features when it has none. */
export const siteLayoutQuery = (jobId: number) =>
  queryOptions({
    queryKey: ["/api/site-layout", jobId] as const,
    queryFn: async ({ signal }) => dataOf(await send<{ success: true; data: SiteLayout }>("GET", `/api/jobs/${jobId}/site-layout`, { signal })).data,
  });

export const useSiteLayout = (jobId: number) => useQuery(siteLayoutQuery(jobId));
