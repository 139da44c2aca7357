import { and, eq } from "drizzle-orm";
import { jobMessages } from "@common/job-status";
import { siteArea } from "@common/site-area-of";
import type { SiteBoundary } from "@common/site-boundary";
import { type SiteArea } from "@common/site-area";
import type { Database } from "../db/client";
import { jobs } from "../db/schema";
import { DomainError } from "../domain-errors";
import { type Actor, findVisibleJob } from "../jobs/read-jobs";

const SITE_BOUNDARY_LOCKED = "The site boundary can be changed until the request is accepted; ask us to change it";

/**
 * Stores the site as drawn on the job: by its customer while the request is still `requested`
 * (what they asked a price for), by an admin at any time. A pilot draws nothing: 404, as to anyone
 * who is not the customer.
 */
export async function saveSiteBoundary(db: Database, actor: Actor, jobId: number, boundary: SiteBoundary): Promise<SiteArea> {
  const job = await findVisibleJob(db, actor, jobId);
  const asAdmin = actor.role === "admin";
  if (!asAdmin && job.userId !== actor.id) throw new DomainError("not-found", jobMessages.notFound);
  if (!asAdmin && job.status !== "requested") throw new DomainError("conflict", SITE_BOUNDARY_LOCKED);
  // The status in the WHERE: a request accepted meanwhile is not redrawn by its customer.
  const [saved] = await db
    .update(jobs)
    .set({ siteBoundary: boundary })
    .where(and(eq(jobs.id, jobId), asAdmin ? undefined : eq(jobs.status, "requested")))
    .returning({ id: jobs.id });
  if (!saved) throw new DomainError(asAdmin ? "not-found" : "conflict", asAdmin ? jobMessages.notFound : SITE_BOUNDARY_LOCKED);
  return siteArea(boundary);
}
