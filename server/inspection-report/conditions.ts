import { eq } from "drizzle-orm";
import type { z } from "zod";
import type { inspectionConditionsInputSchema } from "@common/contract/inspection-report";
import { inspectionMessages, missingConditions, NO_CONDITIONS_RECORDED } from "@common/inspection-report";
import type { Database } from "../db/client";
import { inspectionConditions } from "../db/schema";
import type { Actor } from "../jobs/read-jobs";

/** The conditions as recorded; each measurement null when it was not. */
export type ConditionValues = Pick<
  typeof inspectionConditions.$inferSelect,
  "irradiance" | "ambientTemp" | "windSpeed" | "cloudCover" | "cloudUnit" | "aircraft" | "camera"
>;

/** The job's inspection conditions as the API answers them: every value (null when not recorded) and the measurements missing. */
export async function readConditions(db: Pick<Database, "select">, jobId: number) {
  const [row] = await db.select().from(inspectionConditions).where(eq(inspectionConditions.jobId, jobId));
  const values: ConditionValues = row
    ? {
        irradiance: row.irradiance,
        ambientTemp: row.ambientTemp,
        windSpeed: row.windSpeed,
        cloudCover: row.cloudCover,
        cloudUnit: row.cloudUnit,
        aircraft: row.aircraft,
        camera: row.camera,
      }
    : NO_CONDITIONS_RECORDED;
  return { jobId, ...values, missing: missingConditions(values), updatedAt: row?.updatedAt ?? null };
}

/** Records (or replaces) the job's conditions; the caller has checked the actor works on the job. */
export async function saveConditions(db: Database, actor: Actor, jobId: number, input: z.output<typeof inspectionConditionsInputSchema>) {
  const values = { ...input, recordedBy: actor.id, updatedAt: new Date() };
  await db
    .insert(inspectionConditions)
    .values({ jobId, ...values })
    .onConflictDoUpdate({ target: inspectionConditions.jobId, set: values });
  return readConditions(db, jobId);
}

/** What a report generated now would warn about: the measured conditions not recorded. */
export async function currentWarnings(db: Pick<Database, "select">, jobId: number): Promise<string[]> {
  const { missing } = await readConditions(db, jobId);
  return missing.length ? [inspectionMessages.missing(missing)] : [];
}
