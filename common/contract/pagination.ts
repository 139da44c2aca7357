import { z } from "zod";
import { listOf } from "./wire";

/** The page size a back-office list shows when it pages without saying how many rows. */
export const DEFAULT_PAGE_SIZE = 25;
const MAX_PAGE_SIZE = 100;

/**
 * The optional query of a back-office list that pages and searches on the server: which page
 * (from 1), how many rows a page holds, and words to find. Without page or pageSize the list comes
 * whole, as docs/product.md §7 has it. Spread into a list's own query schema.
 */
export const pageQueryFields = {
  page: z.coerce.number().int("page must be a whole number").min(1, "page must be 1 or more").max(100_000, "page is too large").optional(),
  pageSize: z.coerce
    .number()
    .int("pageSize must be a whole number")
    .min(1, "pageSize must be 1 or more")
    .max(MAX_PAGE_SIZE, `pageSize must be at most ${MAX_PAGE_SIZE}`)
    .optional(),
  q: z.string().trim().max(200, "q is at most 200 characters").optional(),
};
export const pageQuerySchema = z.object(pageQueryFields);
export type PageQuery = z.output<typeof pageQuerySchema>;

/** A list answer that also says how many rows match in all, so a pager knows how many pages there are. */
export const pageOf = <Item extends z.ZodType>(item: Item) => listOf(item).extend({ total: z.number().int().nonnegative() });

/** The paged list answer as the client reads it. */
export type PageResponse<Item> = { success: true; data: Item[]; total: number };
