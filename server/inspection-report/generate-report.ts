import { mkdtemp, rm, stat } from "node:fs/promises";
import { createReadStream } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { inspectionReportTitle } from "@common/inspection-report";
import { personName } from "@common/person-name";
import type { FastifyBaseLogger } from "fastify";
import type { BillingSource } from "../billing/settings";
import type { Config } from "../config";
import type { Database } from "../db/client";
import type { DetectionSettings } from "../findings/detect-candidates";
import type { Storage } from "../storage/storage";
import { inspectionReports, jobs, reports, users } from "../db/schema";
import { customerFindings, shapeFindings } from "../findings/read-findings";
import { currentWarnings, readConditions } from "./conditions";
import { ProcessCancelled, ProcessLimitExceeded } from "../processes/limited-process";
import { runNodeTask } from "../processes/node-task";
import { whilePresent } from "../processes/while-present";
import { gatherImageSources } from "./report-images";
import { mapBackdrop } from "./report-backdrop";
import type { BaseMapSettings } from "./report-base-map";
import { mapBounds } from "./report-map";

/** What a run uses: the business on the PDF, the severities' thresholds, the PDF process's limits. */
export interface ReportContext {
  db: Database;
  storage: Storage;
  billing: BillingSource;
  log: FastifyBaseLogger;
  findings: Pick<DetectionSettings, "thresholds">;
  tasks: Pick<Config["tasks"], "report">;
  /** The base map under the site map where the job has no orthomosaic, as the settings have it now; null without one. */
  baseMap: () => Promise<BaseMapSettings | null>;
}

/** Where a version's PDF is stored: the same on every attempt, so a retry replaces a partial one. */
const inspectionReportKey = (versionId: number) => `inspection-reports/${versionId}.pdf`;

const nameOf = async (db: Database, id: number | null): Promise<string> => {
  if (id === null) return "Not assigned";
  const [user] = await db.select({ username: users.username, firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, id));
  return user ? personName(user) : "Not assigned";
};

/**
 * Generates one version of a job's inspection report and publishes it as a report of the job: the
 * job, its conditions and its findings (those its customer sees, decision 0046: no candidate, no
 * dismissed finding) are read now, drawn into a PDF in a work folder, stored, and a `reports` row points at it, held from
 * the customer until the job is delivered as every deliverable. Safe to run again: a version
 * already published or failed is left alone, and the PDF's key does not change between attempts.
 */
export async function generateInspectionReport(context: ReportContext, versionId: number, { lastAttempt = true } = {}): Promise<void> {
  const { db, storage } = context;
  const [version] = await db.select().from(inspectionReports).where(eq(inspectionReports.id, versionId));
  if (!version || version.status === "published" || version.status === "failed") return;
  const [job] = await db.select().from(jobs).where(eq(jobs.id, version.jobId));
  if (!job) return;
  await db.update(inspectionReports).set({ status: "generating", error: "" }).where(eq(inspectionReports.id, versionId));
  const workDir = await mkdtemp(path.join(os.tmpdir(), "skyvantage-report-"));
  try {
    const [conditions, warnings, rows, customer, pilot] = await Promise.all([
      readConditions(db, job.id),
      currentWarnings(db, job.id),
      customerFindings(db, job.id),
      nameOf(db, job.userId),
      nameOf(db, job.pilotId ?? job.flight?.pilotId ?? null),
    ]);
    const shaped = await shapeFindings(db, rows);
    const site = {
      id: job.id,
      title: job.title,
      site: [job.siteName, job.siteAddress].filter(Boolean).join(", "),
      latitude: job.siteLatitude,
      longitude: job.siteLongitude,
      boundary: job.siteBoundary,
    };
    const bounds = mapBounds({ job: site, findings: shaped });
    const file = path.join(workDir, "report.pdf");
    const { logo, ...business } = (await context.billing()).business;
    // Drawn in a process of its own, under its limits (docs/decisions/0043-limits-on-background-work.md);
    // it stops when the version or its job is deleted.
    const watch = whilePresent(
      async () =>
        (
          await db
            .select({ id: inspectionReports.id })
            .from(inspectionReports)
            .innerJoin(jobs, eq(jobs.id, inspectionReports.jobId))
            .where(eq(inspectionReports.id, versionId))
        ).length > 0,
    );
    try {
      await runNodeTask(
        "report-pdf",
        {
          business: { ...business, logoBase64: logo ? logo.toString("base64") : null },
          version: version.version,
          job: site,
          customer,
          pilot,
          date: job.flight?.flownOn ?? (job.scheduledStart ? `${job.scheduledStart.toISOString().slice(0, 10)} (scheduled)` : "Not flown yet"),
          conditions,
          aircraft: conditions.aircraft || job.flight?.aircraft || "",
          warnings,
          findings: shaped,
          thresholds: context.findings.thresholds,
          images: await gatherImageSources(db, storage, workDir, job.id, shaped),
          backdrop: bounds ? await mapBackdrop(context, job.id, bounds, workDir) : null,
          workDir,
          file,
        },
        { limits: context.tasks.report, signal: watch.signal, label: "The report's PDF" },
      );
    } finally {
      watch.stop();
    }
    const key = inspectionReportKey(versionId);
    await storage.put(key, createReadStream(file));
    const { size } = await stat(file);
    const title = inspectionReportTitle(job.title, version.version);
    const description = `Generated from ${shaped.length} finding${shaped.length === 1 ? "" : "s"}${warnings.length ? ". Inspection conditions missing" : ""}.`;
    await db.transaction(async (tx) => {
      const [report] = await tx
        .insert(reports)
        .values({ userId: job.userId, serviceId: job.serviceId, jobId: job.id, title, description, storageKey: key, contentType: "application/pdf", size })
        .returning({ id: reports.id });
      await tx
        .update(inspectionReports)
        .set({ status: "published", reportId: report!.id, warnings, findingCount: shaped.length, error: "" })
        .where(eq(inspectionReports.id, versionId));
    });
  } catch (error) {
    // Its version or job was deleted: nothing is left to record.
    if (error instanceof ProcessCancelled) return;
    // Past its time or memory: another attempt would end the same way.
    if (error instanceof ProcessLimitExceeded) {
      await db
        .update(inspectionReports)
        .set({
          status: "failed",
          error: `${error.message}; ask for it again with fewer findings or photos, or raise REPORT_TIMEOUT_SECONDS or BACKGROUND_HEAP_MB.`,
        })
        .where(eq(inspectionReports.id, versionId));
      return;
    }
    if (lastAttempt) {
      context.log.error({ err: error, versionId }, "inspection report failed on its last attempt");
      await db
        .update(inspectionReports)
        .set({ status: "failed", error: "Generating the report failed several times (see the server log); ask for it again." })
        .where(eq(inspectionReports.id, versionId));
      return;
    }
    await db.update(inspectionReports).set({ status: "queued" }).where(eq(inspectionReports.id, versionId));
    throw error;
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}
