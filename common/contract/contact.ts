import { z } from "zod";
import { pageOf, pageQueryFields } from "./pagination";
import { id, isoDate } from "./wire";

/** A contact inquiry or quote request as the admins' Messages tab lists it. */
const contactSubmissionSchema = z.object({
  id,
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  service: z.string(),
  message: z.string(),
  createdAt: isoDate,
});
export type ContactSubmission = z.input<typeof contactSubmissionSchema>;

/** GET /api/contact's query: a page, words of the name, e-mail or message, and which kind: inquiries (message) or quote requests (quote); both when none. */
export const contactQuerySchema = z.object({
  ...pageQueryFields,
  kind: z.enum(["message", "quote"], { message: "kind must be message or quote" }).optional(),
});
export type ContactQuery = z.input<typeof contactQuerySchema>;

/** GET /api/contact: every submission, or one page with the total matching. */
export const contactSubmissionListSchema = pageOf(contactSubmissionSchema);

/**
 * POST /api/contact: the thanks, and the stored row's id (with the quote's and the job it opened
 * for a quote request: the quote form then stores the site boundary on that job).
 * A dropped honeypot submission gets the thanks without data, so a bot learns nothing.
 */
export const contactCreatedSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ id, quoteId: id.optional(), jobId: id.optional() }).optional(),
});
