import { eq } from "drizzle-orm";
import { detectionMessages } from "@common/finding-detection";
import { type FindingInput, type FindingPatch, settleSeverity } from "@common/finding-input";
import {
  CUSTOMER_FINDING_STATUSES,
  canMoveFinding,
  classFitsKind,
  type DeltaTThresholds,
  FINDING_FIELDS,
  type FindingField,
  type FindingStatus,
  findingMessages,
  type ServiceKind,
} from "@common/findings";
import { locateFindings } from "@common/site-layout";
import type { FieldErrors } from "@common/validation";
import type { Database } from "../db/client";
import { findingCrops, findingEvents, findings, media } from "../db/schema";
import { DomainError } from "../domain-errors";
import { type Actor, findVisibleJob } from "../jobs/read-jobs";
import { layoutOfJob } from "../map-layers/site-layout";
import { type FindingRow, findVisibleFinding, jobKind, worksOn } from "./read-findings";

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
export type FindingValues = Omit<FindingRow, "id" | "jobId" | "layerId" | "createdAt" | "updatedAt">;

/** What a job's findings are checked against besides their own fields: its kind, its media and the ΔT thresholds. */
export interface JobForFindings {
  kind: ServiceKind;
  mediaIds: ReadonlySet<number>;
  thresholds: DeltaTThresholds;
}

/** The job's own rules for one finding, each broken one named by its field (the same for POST, PATCH and each imported row). */
export function checkAgainstJob(finding: FindingInput, job: JobForFindings): { values: FindingValues } | { errors: FieldErrors } {
  const errors: FieldErrors = {};
  if (!classFitsKind(finding.class, job.kind)) errors.class = findingMessages.classForKind(job.kind);
  if (finding.polygon && job.kind !== "agriculture") errors.polygon = findingMessages.polygonOnlyAgriculture;
  if (finding.mediaIds.some((id) => !job.mediaIds.has(id))) errors.mediaIds = findingMessages.mediaIds;
  const severity = settleSeverity(finding, job.thresholds);
  if ("field" in severity) errors[severity.field] = severity.message;
  if (finding.status === "dismissed" && !finding.dismissReason) errors.dismissReason = findingMessages.dismissReason;
  if (Object.keys(errors).length > 0 || "field" in severity) return { errors };
  return {
    values: {
      class: finding.class,
      severity: severity.severity,
      severityReason: severity.severityReason,
      status: finding.status,
      dismissReason: finding.status === "dismissed" ? finding.dismissReason : "",
      lat: finding.lat,
      lon: finding.lon,
      polygon: finding.polygon,
      locator: finding.locator,
      maxTemp: finding.maxTemp,
      refTemp: finding.refTemp,
      deltaT: finding.deltaT,
      indexValue: finding.indexValue,
      powerLoss: finding.powerLoss,
      mediaIds: finding.mediaIds,
      note: finding.note,
    },
  };
}

const invalid = (errors: FieldErrors) => new DomainError("invalid", Object.values(errors)[0] ?? "Invalid finding", errors);

/** The job, if the actor may write its findings (an admin, or its pilot); a job not theirs is not found. */
export async function jobForWriting(db: Pick<Database, "select">, actor: Actor, jobId: number, thresholds: DeltaTThresholds): Promise<JobForFindings> {
  const job = await findVisibleJob(db, actor, jobId);
  if (!worksOn(actor, job)) throw new DomainError("not-found", "Job not found");
  const [kind, jobMedia] = await Promise.all([jobKind(db, jobId), db.select({ id: media.id }).from(media).where(eq(media.jobId, jobId))]);
  return { kind, mediaIds: new Set(jobMedia.map((row) => row.id)), thresholds };
}

/** The findings with the locators of the job's site layout where they had none (docs/decisions/0071-site-layouts.md). */
export async function placeInLayout<Row extends Parameters<typeof locateFindings>[1][number]>(
  db: Pick<Database, "select">,
  jobId: number,
  rows: Row[],
): Promise<Row[]> {
  if (rows.every((row) => row.locator)) return rows;
  const layout = await layoutOfJob(db, jobId);
  return layout ? locateFindings(layout.features, rows) : rows;
}

/** Writes already-checked findings, placed in the site's layout, and one history entry each, all or none. */
export async function insertFindings(db: Database, actor: Actor, jobId: number, rows: FindingValues[], note: string): Promise<FindingRow[]> {
  return db.transaction(async (tx) => {
    if (rows.length === 0) return [];
    const placed = await placeInLayout(tx, jobId, rows);
    const written = await tx
      .insert(findings)
      .values(placed.map((row) => ({ ...row, jobId })))
      .returning();
    await tx.insert(findingEvents).values(written.map((row) => ({ findingId: row.id, byUserId: actor.id, fromStatus: null, toStatus: row.status, note })));
    return written;
  });
}

/** POST /api/admin/jobs/:id/findings: one finding, checked as an import's rows are. */
export async function createFinding(db: Database, actor: Actor, jobId: number, input: FindingInput, thresholds: DeltaTThresholds): Promise<FindingRow> {
  const checked = checkAgainstJob(input, await jobForWriting(db, actor, jobId, thresholds));
  if ("errors" in checked) throw invalid(checked.errors);
  const [row] = await insertFindings(db, actor, jobId, [checked.values], "");
  return row!;
}

async function appendEvent(tx: Transaction, actor: Actor, before: FindingRow, after: Pick<FindingRow, "status">, fields: string[], note: string) {
  await tx.insert(findingEvents).values({ findingId: before.id, byUserId: actor.id, fromStatus: before.status, toStatus: after.status, fields, note });
}

/** A finding's data: every field it is written with but its status, whose moves are checked apart. */
const DATA_FIELDS = FINDING_FIELDS.filter((field): field is Exclude<FindingField, "status"> => field !== "status");

/**
 * PATCH /api/admin/findings/:id: the fields given over the stored ones, checked as a new finding is;
 * a status move must be one of the life cycle's. A severity that was ΔT's follows a new ΔT.
 */
export async function updateFinding(
  db: Database,
  actor: Actor,
  id: number,
  patch: FindingPatch,
  thresholds: DeltaTThresholds,
): Promise<{ moved: boolean; staleCrops: string[] }> {
  return db.transaction(async (tx) => {
    const { finding } = await lockFinding(tx, actor, id, "staff");
    const { comment, ...given } = patch;
    const followsDeltaT = !finding.severityReason && given.severity === undefined;
    const merged: FindingInput = { ...finding, ...Object.fromEntries(Object.entries(given).filter(([, value]) => value !== undefined)) };
    if (followsDeltaT && merged.deltaT !== null) merged.severity = null;
    // Rejecting a detector's candidate needs no reason of its own (docs/decisions/0033-hot-spot-detection.md).
    if (finding.status === "candidate" && given.status === "dismissed" && !merged.dismissReason) merged.dismissReason = detectionMessages.rejected;
    if (given.status !== undefined && given.status !== finding.status && !canMoveFinding(finding.status, given.status)) {
      throw new DomainError("conflict", findingMessages.illegalMove(finding.status, given.status));
    }
    const job = await jobForWriting(tx, actor, finding.jobId, thresholds);
    // An image deleted since drops out here rather than failing every later change of the finding.
    if (given.mediaIds === undefined) merged.mediaIds = finding.mediaIds.filter((mediaId) => job.mediaIds.has(mediaId));
    const checked = checkAgainstJob(merged, job);
    if ("errors" in checked) throw invalid(checked.errors);
    const changed = DATA_FIELDS.filter((field) => JSON.stringify(checked.values[field] ?? null) !== JSON.stringify(finding[field] ?? null));
    const next = { ...checked.values, status: given.status ?? finding.status };
    if (changed.length === 0 && next.status === finding.status && !comment) throw invalid({ body: findingMessages.noChange });
    await tx.update(findings).set(next).where(eq(findings.id, id));
    await appendEvent(
      tx,
      actor,
      finding,
      next,
      changed,
      next.status === "dismissed" && next.status !== finding.status ? [checked.values.dismissReason, comment].filter(Boolean).join(" — ") : comment,
    );
    // Moved, its crops show where it was: they go, and the crops task cuts them anew (docs/decisions/0073-finding-crops.md).
    if (!changed.some((field) => MOVING_FIELDS.includes(field))) return { moved: false, staleCrops: [] };
    const stale = await tx.delete(findingCrops).where(eq(findingCrops.findingId, id)).returning({ key: findingCrops.storageKey });
    return { moved: true, staleCrops: stale.flatMap(({ key }) => (key === null ? [] : [key])) };
  });
}

/** The fields that say where a finding is: a change of one makes its crops stale. */
const MOVING_FIELDS: readonly string[] = ["lat", "lon", "polygon"];

/**
 * PATCH /api/findings/:id: a status move with a comment. The job's customer may only mark a finding
 * repair planned or repaired (anything else is 403); the job's admins and pilot make any move of the
 * life cycle (dismissing needs a reason: the comment).
 */
export async function moveFinding(
  db: Database,
  actor: Actor,
  id: number,
  { status: to, comment, ...others }: { status: FindingStatus; comment: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    const { finding, job } = await lockFinding(tx, actor, id, "any");
    const byCustomer = !worksOn(actor, job);
    if (Object.keys(others).length > 0) {
      if (byCustomer) throw new DomainError("forbidden", findingMessages.customerOnlyStatus);
      throw invalid({ [Object.keys(others)[0]!]: findingMessages.statusCallOnly });
    }
    if (byCustomer && !(CUSTOMER_FINDING_STATUSES as readonly string[]).includes(to)) throw new DomainError("forbidden", findingMessages.customerMove);
    if (!canMoveFinding(finding.status, to, byCustomer)) throw new DomainError("conflict", findingMessages.illegalMove(finding.status, to));
    if (to === "dismissed" && !comment) throw invalid({ comment: findingMessages.dismissReason });
    await tx
      .update(findings)
      .set({ status: to, dismissReason: to === "dismissed" ? comment : "" })
      .where(eq(findings.id, id));
    await appendEvent(tx, actor, finding, { status: to }, [], comment);
  });
}

/** The finding under an update lock, so two changes land one after the other and each history entry says what it replaced. */
async function lockFinding(tx: Transaction, actor: Actor, id: number, who: "staff" | "any") {
  const found = await findVisibleFinding(tx, actor, id);
  if (who === "staff" && !worksOn(actor, found.job)) throw new DomainError("not-found", findingMessages.notFound);
  const [finding] = await tx.select().from(findings).where(eq(findings.id, id)).for("update");
  if (!finding) throw new DomainError("not-found", findingMessages.notFound);
  return { finding, job: found.job };
}
