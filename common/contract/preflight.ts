import { z } from "zod";
import { CHECKLIST_KINDS, CHECKLIST_SOURCES } from "../preflight-words";
import { id, isoDate, successMessageOf, successOf } from "./wire";

// The pre-flight checklist as the back office reads it (common/preflight.ts).

const checklistItemSchema = z.object({
  id,
  label: z.string(),
  kind: z.enum(CHECKLIST_KINDS),
  needsValue: z.boolean(),
  thermalOnly: z.boolean(),
  source: z.enum(CHECKLIST_SOURCES).nullable(),
});
export type ChecklistItem = z.input<typeof checklistItemSchema>;

/** GET and PUT /api/admin/checklist-items: the business's items, in order. */
export const checklistItemListSchema = successOf(z.array(checklistItemSchema));
export const checklistItemsWrittenSchema = successMessageOf(z.array(checklistItemSchema));

const preflightAnswerSchema = z.object({
  itemId: id,
  /** As the item read when it was ticked (or, once kept, when the flight was recorded). */
  label: z.string(),
  kind: z.enum(CHECKLIST_KINDS),
  needsValue: z.boolean(),
  source: z.enum(CHECKLIST_SOURCES).nullable(),
  checked: z.boolean(),
  /** The pilot's value; an irradiance item's is the inspection conditions' irradiance. */
  value: z.string(),
  /** An irradiance item: the recorded irradiance (W/m²) and how it stands against IEC TS 62446-3's 600. */
  irradiance: z.number().nullable(),
  judgement: z.enum(["not-recorded", "meets", "below"]).nullable(),
  /** Who ticked it and when; null while unticked. */
  checkedBy: z.string().nullable(),
  checkedAt: isoDate.nullable(),
});
export type PreflightAnswer = z.input<typeof preflightAnswerSchema>;

const preflightChecklistSchema = z.object({
  jobId: id,
  /** A solar job: the thermal-only items apply. */
  thermal: z.boolean(),
  /** When the flight was recorded and the checklist kept as it stood; null before. */
  keptAt: isoDate.nullable(),
  items: z.array(preflightAnswerSchema),
  /** The labels of the blockers not ticked: Mark flown is refused while any is. */
  unticked: z.array(z.string()),
});
export type PreflightChecklist = z.input<typeof preflightChecklistSchema>;

/** GET /api/admin/jobs/:id/preflight-checklist. */
export const preflightChecklistAnswerSchema = successOf(preflightChecklistSchema);
/** PUT /api/admin/jobs/:id/preflight-checklist. */
export const preflightChecklistWrittenSchema = successMessageOf(preflightChecklistSchema);
