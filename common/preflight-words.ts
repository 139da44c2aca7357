// The pre-flight checklist's words and rules without zod (docs/decisions/0074-preflight-checklist.md):
// the job page's section and the Mark flown step show them, and must not load the schemas
// (common/preflight.ts holds those).

/** A blocker must be ticked before the flight is recorded (409 otherwise, unless an admin overrides); a warning is shown, never blocks. */
export const CHECKLIST_KINDS = ["blocker", "warning"] as const;
export type ChecklistKind = (typeof CHECKLIST_KINDS)[number];
export const CHECKLIST_KIND_LABELS: Record<ChecklistKind, string> = { blocker: "Blocker", warning: "Warning" };

/**
 * Where an item's value lives when it is not the checklist's own: `irradiance` is the job's
 * inspection conditions' irradiance, entered once for the checklist and the report alike.
 */
export const CHECKLIST_SOURCES = ["irradiance"] as const;
export type ChecklistSource = (typeof CHECKLIST_SOURCES)[number];

/** IEC TS 62446-3: thermography of PV modules asks at least 600 W/m² in the plane of the array. */
export const MIN_THERMAL_IRRADIANCE = 600;

/** The irradiance held against the standard's minimum: none recorded, meets it, or below it. */
export type IrradianceJudgement = "not-recorded" | "meets" | "below";

export function judgeIrradiance(irradiance: number | null): IrradianceJudgement {
  if (irradiance === null) return "not-recorded";
  return irradiance >= MIN_THERMAL_IRRADIANCE ? "meets" : "below";
}

export const IRRADIANCE_JUDGEMENT_LABELS: Record<IrradianceJudgement, string> = {
  "not-recorded": "Irradiance not recorded",
  meets: `At or above ${MIN_THERMAL_IRRADIANCE} W/m² (IEC TS 62446-3)`,
  below: `Below ${MIN_THERMAL_IRRADIANCE} W/m²: IEC TS 62446-3 asks at least ${MIN_THERMAL_IRRADIANCE} for thermal work`,
};

export const checklistMessages = {
  label: "The label is 1 to 200 characters",
  kind: `kind is one of ${CHECKLIST_KINDS.join(", ")}`,
  source: `source is one of ${CHECKLIST_SOURCES.join(", ")}, or null`,
  tooMany: "At most 50 items",
  unknownItem: "No such checklist item",
  duplicateItem: "Each item is answered once",
  valueNeeded: (label: string) => `${label}: a value is needed when it is ticked`,
  value: "A value is at most 200 characters",
  irradiance: "The irradiance is a number of W/m² from 0 to 1500",
  kept: "The flight is recorded: its pre-flight checklist is kept as it was ticked",
  settled: "The job is closed or cancelled",
  notTicked: (labels: readonly string[]) => `Pre-flight checklist not complete: ${labels.join("; ")} not ticked`,
  overrideNote: (labels: readonly string[], reason: string) => `Flown without the pre-flight checklist's ${labels.join("; ")} ticked: ${reason}`,
} as const;
