import { SiteMapWithFindings } from "@/features/findings/findings-section";
import Job, { prepare as prepareJobPage } from "@/features/jobs/job-page";

/** /dashboard/jobs/:id: a job's page with the findings feature's site map, pins and table, handed in. */
export default function JobScreen() {
  return <Job SiteMap={SiteMapWithFindings} />;
}

/**
 * What this page starts before its first render when opened at its address; app/screen.ts reads it
 * from the loaded module.
 * @public
 */
export const prepare = prepareJobPage;
