import { SiteMapWithFindings } from "@/features/findings/findings-section";
import Job from "@/features/jobs/job-page";

/** /dashboard/jobs/:id: a job's page with the findings feature's site map, pins and table, handed in. */
export default function JobScreen() {
  return <Job SiteMap={SiteMapWithFindings} />;
}

export { prepare } from "@/features/jobs/job-page";
