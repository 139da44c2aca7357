import { z } from "zod";
import { ESTIMATE_LIMITS } from "./estimates";
import { MAX_TOTAL_CENTS } from "./money";
import { oneLine } from "./one-line";

/**
 * The business's price list (docs/decisions/0056-price-list.md): the items an admin adds to an
 * estimate as lines. An item becomes a line as it stands, so its description, unit and price obey
 * the line's own limits (common/estimates.ts); an item a line refers to is archived, never deleted.
 */

export const PRICE_LIST_LIMITS = { description: ESTIMATE_LIMITS.description, unit: ESTIMATE_LIMITS.unit, search: 100 } as const;

/** What the unit field offers; any short text is accepted. */
export const UNIT_SUGGESTIONS = ["acre", "hectare", "MWp", "panel", "site", "hour", "day", "flight", "image", "video", "report", "mile"] as const;

export const priceListMessages = {
  description: `Describe the item in 1 to ${PRICE_LIST_LIMITS.description} characters`,
  unit: `Unit is at most ${PRICE_LIST_LIMITS.unit} characters`,
  unitPrice: "Unit price is a whole number of cents, 0 or more",
  unitPriceMax: `Unit price is at most ${MAX_TOTAL_CENTS} cents ($999,999.99)`,
  taxExempt: "Tax exempt is true or false",
  archived: "Archived is true or false",
  emptyChange: "Change at least one of description, unit, unit price, tax exempt or archived",
  search: `Search is at most ${PRICE_LIST_LIMITS.search} characters`,
  notFound: "Price list item not found",
} as const;

const fields = {
  description: oneLine("The description", priceListMessages.description)
    .min(1, priceListMessages.description)
    .max(PRICE_LIST_LIMITS.description, priceListMessages.description),
  unit: oneLine("The unit", priceListMessages.unit).max(PRICE_LIST_LIMITS.unit, priceListMessages.unit),
  unitPrice: z
    .number({ message: priceListMessages.unitPrice })
    .int(priceListMessages.unitPrice)
    .min(0, priceListMessages.unitPrice)
    .max(MAX_TOTAL_CENTS, priceListMessages.unitPriceMax),
  taxExempt: z.boolean({ message: priceListMessages.taxExempt }),
};

/** POST /api/admin/price-list: a new item, offered at once. */
export const newPriceListItemSchema = z.object({
  description: fields.description,
  unit: fields.unit.default(""),
  unitPrice: fields.unitPrice,
  taxExempt: fields.taxExempt.default(false),
});
export type NewPriceListItem = z.input<typeof newPriceListItemSchema>;

/** PATCH /api/admin/price-list/{id}: any of the item's fields; `archived: false` offers an archived item again. */
export const priceListItemChangeSchema = z
  .object({
    description: fields.description.optional(),
    unit: fields.unit.optional(),
    unitPrice: fields.unitPrice.optional(),
    taxExempt: fields.taxExempt.optional(),
    archived: z.boolean({ message: priceListMessages.archived }).optional(),
  })
  .refine((change) => Object.values(change).some((value) => value !== undefined), { message: priceListMessages.emptyChange });
export type PriceListItemChange = z.input<typeof priceListItemChangeSchema>;

/** GET /api/admin/price-list?archived=true&q=: the items offered, archived ones too when asked, those whose description or unit holds `q`. */
export const priceListQuerySchema = z.object({
  archived: z
    .enum(["true", "false"], { message: priceListMessages.archived })
    .default("false")
    .transform((archived) => archived === "true"),
  q: z.string({ message: priceListMessages.search }).trim().max(PRICE_LIST_LIMITS.search, priceListMessages.search).default(""),
});
