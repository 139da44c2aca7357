import { DEFAULT_PAGE_SIZE, type PageQuery } from "@common/contract/pagination";

/** The rows of one page: LIMIT and OFFSET. */
export interface PageWindow {
  limit: number;
  offset: number;
}

/** Which rows a page query asks for (common/contract/pagination.ts): none given is every row, otherwise one page. */
export function pageWindow({ page, pageSize }: Pick<PageQuery, "page" | "pageSize">): PageWindow | null {
  if (page === undefined && pageSize === undefined) return null;
  const limit = pageSize ?? DEFAULT_PAGE_SIZE;
  return { limit, offset: ((page ?? 1) - 1) * limit };
}

/**
 * A list answer with its total: the rows of the window (or all of them) and, beside them, how many
 * rows match in all. `rows` takes the window; `count` counts with the same filter.
 */
export async function pageAnswer<Row>(
  window: PageWindow | null,
  rows: (window: PageWindow | null) => Promise<Row[]>,
  count: () => Promise<number>,
): Promise<{ success: true; data: Row[]; total: number }> {
  const data = await rows(window);
  // The whole list needs no second query: its length is the total.
  const total = window === null ? data.length : await count();
  return { success: true as const, data, total };
}
