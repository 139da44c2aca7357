import AdminJob from "@/features/admin/jobs/admin-job-page";
import { CandidatesPanel } from "@/features/findings/candidates/candidates-panel";
import { SiteMapWithFindings } from "@/features/findings/findings-section";

/** /admin-dashboard/jobs/:id: the back office's job page with the findings feature's map, pins and table, and its hot-spot candidates, handed in. */
export default function AdminJobScreen() {
  return <AdminJob SiteMap={SiteMapWithFindings} Candidates={CandidatesPanel} />;
}
