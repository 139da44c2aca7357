import { z } from "zod";
import { id, isoDate, listOf } from "./wire";

/** A catalogue service (docs/product.md §3): price in cents per month. */
const serviceSchema = z.object({
  id,
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  category: z.string(),
  price: z.number().int(),
  active: z.boolean(),
  createdAt: isoDate,
});
export type Service = z.input<typeof serviceSchema>;

/** GET /api/services and GET /api/services?active=true. */
export const serviceListSchema = listOf(serviceSchema);
