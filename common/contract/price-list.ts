import { z } from "zod";
import { id, isoDate, listOf, successMessageOf, successOf } from "./wire";

/** One item of the business's price list (common/price-list.ts), its price in cents. */
export const priceListItemSchema = z.object({
  id,
  description: z.string(),
  unit: z.string(),
  unitPrice: z.number().int(),
  /** Kept on the item; an estimate's tax is reckoned on its whole subtotal (docs/decisions/0056-price-list.md). */
  taxExempt: z.boolean(),
  /** When it stopped being offered; null while it is offered. */
  archivedAt: isoDate.nullable(),
  createdAt: isoDate,
  updatedAt: isoDate,
});
export type PriceListItem = z.input<typeof priceListItemSchema>;

/** GET /api/admin/price-list: by description. */
export const priceListSchema = listOf(priceListItemSchema);
/** POST /api/admin/price-list (201), PATCH /api/admin/price-list/{id}. */
export const priceListItemAnswerSchema = successOf(priceListItemSchema);

/**
 * DELETE /api/admin/price-list/{id}: `deleted` when no estimate line refers to the item, else
 * `archived` (the lines keep their own description and price).
 */
export const priceListItemRemovedSchema = successMessageOf(z.object({ id, outcome: z.enum(["deleted", "archived"]) }));
export type PriceListItemRemoved = z.input<typeof priceListItemRemovedSchema>;
