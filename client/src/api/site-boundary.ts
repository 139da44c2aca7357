import type { SiteBoundary } from "@common/site-boundary";
import type { SiteArea } from "@common/site-area";
import { type Answer, send } from "@/lib/api";

/**
 * PUT /api/jobs/:id/site-boundary: stores the site as drawn on its job and answers its geodesic
 * area; a refusal (400 naming `coordinates`, 409 once the request is accepted) for the caller to show.
 */
export function saveSiteBoundary(jobId: number, boundary: SiteBoundary): Promise<Answer<SiteArea>> {
  return send<SiteArea>("PUT", `/api/jobs/${jobId}/site-boundary`, { body: boundary });
}
