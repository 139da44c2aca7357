import { type ComponentType, useState } from "react";
import { type SiteMapWithFindingsProps, usePreloadSiteMap } from "@/components/site-map/site-map-section";
import { useRouteId } from "@/lib/route-id";
import { withQueries } from "@/lib/with-queries";
import { RequireStaff } from "../require-admin";
import { useJob } from "./api/get-job";
import { backToList } from "./job-address";
import { JobPanel } from "./job-panel";

/**
 * /admin-dashboard/jobs/:id: one job with the actions the person may take, for admins and the
 * job's pilot (docs/product.md §2). Back returns to the board or calendar it was opened from. The
 * site map with the job's findings is the findings feature's, handed in by the app.
 */
function AdminJobPage({ SiteMap, Candidates }: { SiteMap: ComponentType<SiteMapWithFindingsProps>; Candidates?: ComponentType<{ jobId: number }> }) {
  const jobId = useRouteId();
  // Read once: the entry's state is the list this page was opened from (none when opened directly).
  const [back] = useState(() => backToList(typeof window === "undefined" ? null : window.history.state));
  // The job and its map layers load beside the session check, not one after another: the map's
  // first view waits for all three (docs/decisions/0027-map-layers.md, "The first view waits for
  // nothing in turn"). The server refuses them to anyone it must.
  useJob(jobId);
  usePreloadSiteMap(jobId);
  return <RequireStaff>{(user) => <JobPanel jobId={jobId} viewer={user} back={back} SiteMap={SiteMap} Candidates={Candidates} />}</RequireStaff>;
}

export default withQueries(AdminJobPage);
