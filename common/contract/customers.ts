import { z } from "zod";
import { jobAmountsSchema } from "./job-amounts";
import { jobSchema } from "./jobs";
import { mediaItemSchema } from "./media";
import { paymentSchema } from "./payments";
import { quoteSchema } from "./quotes";
import { reportSchema } from "./reports";
import { accountSchema } from "./users";
import { isoDate, listOf, successOf } from "./wire";

/** An account as the back office's Customers list shows it (docs/product.md §2): who, and how much business. */
const customerSummarySchema = accountSchema.extend({
  jobCount: z.number().int().nonnegative(),
  /** Jobs neither closed nor cancelled. */
  openJobCount: z.number().int().nonnegative(),
  /** Succeeded payments, in cents. */
  totalPaidCents: z.number().int().nonnegative(),
  /** The latest of: the account's creation, a job change, a quote, a payment, a message. */
  lastActivityAt: isoDate,
});
export type CustomerSummary = z.input<typeof customerSummarySchema>;

/** GET /api/admin/customers?role=&q= */
export const customerListSchema = listOf(customerSummarySchema);

/** GET /api/admin/customers/:id: the account with its jobs, deliverables (held ones too), quotes and payments. */
const customerDetailSchema = customerSummarySchema.extend({
  /** Each job with its amounts (server/billing/job-amounts.ts). */
  jobs: z.array(jobSchema.extend({ amounts: jobAmountsSchema })),
  reports: z.array(reportSchema),
  media: z.array(mediaItemSchema),
  quotes: z.array(quoteSchema),
  payments: z.array(paymentSchema),
});
export type CustomerDetail = z.input<typeof customerDetailSchema>;
export const customerDetailAnswerSchema = successOf(customerDetailSchema);

/** The Outbox's states: pg-boss's job states as people read them. */
/** "unsent": the worker took the mail but no mail server is configured (SMTP_URL unset), so it was only logged. */
export const OUTBOX_STATES = ["queued", "sending", "sent", "unsent", "retrying", "failed", "cancelled"] as const;

/** One mail of the development Outbox (docs/product.md §2): what was, or would have been, sent. */
export const outboxMailSchema = z.object({
  /** The queue task's id, also the mail's Message-ID. */
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  attachments: z.array(z.object({ filename: z.string(), contentType: z.string() })),
  state: z.enum(OUTBOX_STATES),
  attempts: z.number().int().nonnegative(),
  /** The last failed attempt's error, if any. */
  lastError: z.string().nullable(),
  createdAt: isoDate,
  /** When SMTP (or the development log) took it. */
  sentAt: isoDate.nullable(),
});
export type OutboxMail = z.input<typeof outboxMailSchema>;

/** GET /api/admin/outbox, newest first (development and test only). */
export const outboxListSchema = listOf(outboxMailSchema);
