import { desc, eq, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { inspectionMessages } from "@common/inspection-report";
import type { Database } from "../db/client";
import { inspectionReports } from "../db/schema";
import { DomainError } from "../domain-errors";
import { worksOn } from "../findings/read-findings";
import { type Actor, findVisibleJob } from "../jobs/read-jobs";
import type { TaskQueue } from "../queue/queue";
import { currentWarnings } from "./conditions";
import { inspectionReportTask } from "./report-task";

type VersionRow = typeof inspectionReports.$inferSelect;

/** The job, if the actor may generate its report and record its conditions (an admin, or its pilot); otherwise not found. */
export async function jobForReport(db: Pick<Database, "select">, actor: Actor, jobId: number) {
  const job = await findVisibleJob(db, actor, jobId);
  if (!worksOn(actor, job)) throw new DomainError("not-found", inspectionMessages.jobNotFound);
  return job;
}

export const shapeVersion = (row: VersionRow) => ({
  id: row.id,
  version: row.version,
  status: row.status,
  warnings: row.warnings,
  error: row.error,
  reportId: row.reportId,
  findingCount: row.findingCount,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
});

export const listVersions = (db: Pick<Database, "select">, jobId: number) =>
  db.select().from(inspectionReports).where(eq(inspectionReports.jobId, jobId)).orderBy(desc(inspectionReports.version));

/**
 * Writes the next version, queued, and sends it to the queue (after the row is committed, never in
 * a transaction). Two requests at once may both reach for the same number: the unique index refuses
 * the second, which takes the next one.
 */
async function queueNextVersion(db: Database, queue: Pick<TaskQueue, "send">, jobId: number, requestedBy: number | null): Promise<VersionRow> {
  const warnings = await currentWarnings(db, jobId);
  let row: VersionRow | undefined;
  for (let attempt = 0; !row; attempt += 1) {
    const next = sql<number>`(select coalesce(max(${inspectionReports.version}), 0) + 1 from ${inspectionReports} where ${inspectionReports.jobId} = ${jobId})`;
    try {
      [row] = await db.insert(inspectionReports).values({ jobId, version: next, requestedBy, warnings }).returning();
    } catch (error) {
      if (attempt >= 2) throw error;
    }
  }
  try {
    await queue.send(inspectionReportTask, { inspectionReportId: row.id });
  } catch (error) {
    await db
      .update(inspectionReports)
      .set({ status: "failed", error: "The report could not be queued; ask for it again." })
      .where(eq(inspectionReports.id, row.id));
    throw error;
  }
  return row;
}

/**
 * POST /api/admin/jobs/:id/report: a version waiting or being generated is the answer (the findings
 * it reads are the latest); otherwise the next version is queued.
 */
export async function requestReport(db: Database, queue: Pick<TaskQueue, "send">, actor: Actor, jobId: number): Promise<{ row: VersionRow; queued: boolean }> {
  await jobForReport(db, actor, jobId);
  const [latest] = await listVersions(db, jobId);
  if (latest && (latest.status === "queued" || latest.status === "generating")) return { row: latest, queued: false };
  return { row: await queueNextVersion(db, queue, jobId, actor.id), queued: true };
}

/**
 * After any change of the job's findings: once a version was published, the report is generated
 * again as the next version (the earlier ones stay), unless one is already waiting to be. The
 * change is stored already: a queue that refuses the version leaves it failed, saying so, and is
 * logged, rather than answering the change with an error.
 */
export async function regenerateAfterFindingsChange(
  db: Database,
  queue: Pick<TaskQueue, "send">,
  log: Pick<FastifyBaseLogger, "error">,
  jobId: number,
): Promise<void> {
  const versions = await listVersions(db, jobId);
  if (!versions.some((row) => row.status === "published") || versions.some((row) => row.status === "queued")) return;
  await queueNextVersion(db, queue, jobId, null).catch((error: unknown) =>
    log.error({ err: error, jobId }, "the inspection report's next version could not be queued"),
  );
}
