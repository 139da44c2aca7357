import { z } from "zod";
import { id, successOf } from "./wire";

/** GET /api/admin/search?q=: what the back office's search box finds, a few of each kind, each with where it opens. */
export const backOfficeSearchQuerySchema = z.object({
  q: z.string().trim().min(2, "Type at least 2 characters to search").max(100, "Search for at most 100 characters"),
});

const hit = z.object({
  id,
  /** What the result list shows first: the job's title, the person's name, the invoice's number. */
  title: z.string(),
  /** The line under it: the site and customer, the e-mail and company, the job and amount. */
  detail: z.string(),
  /** The back-office page it opens. */
  href: z.string(),
});
export type SearchHit = z.input<typeof hit>;

const searchResultsSchema = z.object({ jobs: z.array(hit), customers: z.array(hit), invoices: z.array(hit) });
export type SearchResults = z.input<typeof searchResultsSchema>;
export const searchAnswerSchema = successOf(searchResultsSchema);
