import { z } from "zod";
import { CONDITION_RANGES } from "./inspection-report";
import { oneLine } from "./one-line";
import { CHECKLIST_KINDS, CHECKLIST_SOURCES, checklistMessages } from "./preflight-words";
import { MAX_ID } from "./validation";

// The business's pre-flight checklist and a job's answers (docs/decisions/0074-preflight-checklist.md).

const itemId = z
  .number({ message: checklistMessages.unknownItem })
  .int(checklistMessages.unknownItem)
  .positive(checklistMessages.unknownItem)
  .max(MAX_ID, checklistMessages.unknownItem);

/** One item as the admin writes it: an id keeps an item (and the ticks given to it), none adds one. */
const checklistItemInputSchema = z.object({
  id: itemId.optional(),
  label: oneLine("The label", checklistMessages.label).min(1, checklistMessages.label).max(200, checklistMessages.label),
  kind: z.enum(CHECKLIST_KINDS, { message: checklistMessages.kind }),
  /** The pilot writes a value when ticking it (an airspace authorisation number). */
  needsValue: z.boolean({ message: "needsValue is true or false" }).default(false),
  /** Shown on solar (thermal) jobs only. */
  thermalOnly: z.boolean({ message: "thermalOnly is true or false" }).default(false),
  source: z.enum(CHECKLIST_SOURCES, { message: checklistMessages.source }).nullable().default(null),
});

/** PUT /api/admin/checklist-items { items }: the whole list, in order; an item left out is removed. */
export const checklistItemsInputSchema = z.object({
  items: z
    .array(checklistItemInputSchema)
    .max(50, checklistMessages.tooMany)
    .superRefine((items, context) => {
      const seen = new Set<number>();
      items.forEach((item, index) => {
        if (item.id === undefined) return;
        if (seen.has(item.id)) context.addIssue({ code: "custom", path: [index, "id"], message: checklistMessages.duplicateItem });
        seen.add(item.id);
      });
    }),
});
export type ChecklistItemsInput = z.input<typeof checklistItemsInputSchema>;

/**
 * PUT /api/admin/jobs/:id/preflight-checklist { answers }: every item's tick and value; an item left
 * out reads unticked. An irradiance item's value is a number of W/m², written to the job's
 * inspection conditions.
 */
export const preflightAnswersInputSchema = z.object({
  answers: z
    .array(
      z.object({
        itemId,
        checked: z.boolean({ message: "checked is true or false" }),
        value: oneLine("The value", checklistMessages.value).max(200, checklistMessages.value).default(""),
      }),
    )
    .max(50, checklistMessages.tooMany)
    .superRefine((answers, context) => {
      const seen = new Set<number>();
      answers.forEach((answer, index) => {
        if (seen.has(answer.itemId)) context.addIssue({ code: "custom", path: [index, "itemId"], message: checklistMessages.duplicateItem });
        seen.add(answer.itemId);
      });
    }),
});
export type PreflightAnswersInput = z.input<typeof preflightAnswersInputSchema>;

/** An irradiance item's value as a number of W/m² within the conditions' own range; null when it is not one. */
export function irradianceOf(value: string): number | null {
  const text = value.trim();
  if (!/^\d+(\.\d+)?$/.test(text)) return null;
  const number = Number(text);
  const { min, max } = CONDITION_RANGES.irradiance;
  return number >= min && number <= max ? number : null;
}
