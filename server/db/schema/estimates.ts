import { sql } from "drizzle-orm";
import { boolean, check, date, index, inet, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { CURRENT_ESTIMATE_STATUSES, ESTIMATE_ANSWERS, ESTIMATE_STATUSES } from "../../../common/estimate-status";
import { DEPOSIT_KINDS } from "../../../common/estimates";
import { createdBy, users } from "./accounts";
import { cents, createdAt, id, lineChecks, lineColumns, notNegative, oneOf, updatedAt } from "./columns";
import { jobs } from "./jobs";
import { priceListItems } from "./price-list";

// Estimates: revisions, their lines and the customer's answers.

/**
 * One revision of a job's estimate as sent to the customer. A revision is never
 * edited: revising sends revision n + 1 and supersedes n. The figures are the server's, in cents,
 * for the required lines as issued; the customer's choice of optional lines gives the accepted
 * figures in `estimate_responses`. total = subtotal − discount + tax.
 */
export const estimates = pgTable(
  "estimates",
  {
    id: id(),
    jobId: integer("job_id")
      .notNull()
      .references(() => jobs.id, { onDelete: "cascade" }),
    revision: integer("revision").notNull(),
    status: text("status", { enum: ESTIMATE_STATUSES }).notNull().default("sent"),
    currency: text("currency").notNull().default("usd"),
    discount: cents("discount").default(0),
    depositKind: text("deposit_kind", { enum: DEPOSIT_KINDS }).notNull().default("amount"),
    /** Basis points of the total for a percent (3000 is 30 %), cents for an amount. */
    depositValue: integer("deposit_value").notNull().default(0),
    /** The business's tax rate when it was issued, in basis points (825 is 8.25 %). */
    taxRateBasisPoints: integer("tax_rate_basis_points").notNull().default(0),
    validUntil: date("valid_until", { mode: "string" }).notNull(),
    note: text("note").notNull().default(""),
    subtotal: cents("subtotal"),
    tax: cents("tax"),
    total: cents("total"),
    depositAmount: cents("deposit_amount"),
    createdBy: createdBy(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("estimates_job_revision_idx").on(table.jobId, table.revision),
    // Two live estimates for one job could both be accepted and paid.
    uniqueIndex("estimates_one_current_per_job_idx").on(table.jobId).where(oneOf(table.status, CURRENT_ESTIMATE_STATUSES)),
    check("estimates_revision_check", sql`${table.revision} >= 1`),
    check("estimates_status_check", oneOf(table.status, ESTIMATE_STATUSES)),
    check("estimates_deposit_kind_check", oneOf(table.depositKind, DEPOSIT_KINDS)),
    check("estimates_deposit_value_check", sql`${table.depositValue} >= 0 and (${table.depositKind} <> 'percent' or ${table.depositValue} <= 10000)`),
    check("estimates_tax_rate_check", sql`${table.taxRateBasisPoints} between 0 and 10000`),
    check("estimates_discount_check", sql`${table.discount} between 0 and ${table.subtotal}`),
    check("estimates_tax_check", notNegative(table.tax)),
    check("estimates_total_check", sql`${table.total} = ${table.subtotal} - ${table.discount} + ${table.tax}`),
    check("estimates_deposit_amount_check", sql`${table.depositAmount} between 0 and ${table.total}`),
  ],
);

/**
 * An estimate's lines in order; an optional line is one the customer may tick. A line added from the
 * price list remembers its item but keeps its own description and price (docs/decisions/0056-price-list.md).
 */
export const estimateLines = pgTable(
  "estimate_lines",
  {
    ...lineColumns(),
    estimateId: integer("estimate_id")
      .notNull()
      .references(() => estimates.id, { onDelete: "cascade" }),
    optional: boolean("optional").notNull().default(false),
    priceListItemId: integer("price_list_item_id").references(() => priceListItems.id, { onDelete: "set null" }),
  },
  (table) => [
    uniqueIndex("estimate_lines_position_idx").on(table.estimateId, table.position),
    // Deleting an item asks whether any line refers to it.
    index("estimate_lines_price_list_item_idx").on(table.priceListItemId),
    ...lineChecks("estimate_lines", table),
  ],
);

/**
 * The customer's one answer to one revision: accepted with a typed signature,
 * changes requested with a comment, or declined with a reason. An acceptance keeps who signed, when,
 * from which address and browser, the optional lines ticked, the figures they came to, and the
 * SHA-256 of exactly the estimate text and figures accepted, so what was signed can be proven later.
 */
export const estimateResponses = pgTable(
  "estimate_responses",
  {
    estimateId: integer("estimate_id")
      .primaryKey()
      .references(() => estimates.id, { onDelete: "cascade" }),
    answer: text("answer", { enum: ESTIMATE_ANSWERS }).notNull(),
    /** The account that answered; kept when that account goes. */
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    signatureName: text("signature_name"),
    signedAt: timestamp("signed_at", { withTimezone: true }),
    ipAddress: inet("ip_address"),
    userAgent: text("user_agent"),
    /** Hex SHA-256 of the accepted estimate's text and figures. */
    acceptedSha256: text("accepted_sha256"),
    /** The ids of the optional lines ticked (estimate_lines of this estimate). */
    optionalLineIds: integer("optional_line_ids")
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    acceptedSubtotal: integer("accepted_subtotal"),
    acceptedTax: integer("accepted_tax"),
    acceptedTotal: integer("accepted_total"),
    acceptedDepositAmount: integer("accepted_deposit_amount"),
    comment: text("comment"),
    reason: text("reason"),
    createdAt: createdAt(),
  },
  (table) => [
    check("estimate_responses_answer_check", oneOf(table.answer, ESTIMATE_ANSWERS)),
    check(
      "estimate_responses_accepted_check",
      sql`${table.answer} <> 'accepted' or (
        length(btrim(${table.signatureName})) >= 2 and ${table.signedAt} is not null and ${table.ipAddress} is not null
        and ${table.userAgent} is not null and ${table.acceptedSha256} ~ '^[0-9a-f]{64}$'
        and ${table.acceptedSubtotal} >= 0 and ${table.acceptedTax} >= 0 and ${table.acceptedTotal} >= 0
        and ${table.acceptedDepositAmount} between 0 and ${table.acceptedTotal}
      )`,
    ),
    check("estimate_responses_changes_check", sql`${table.answer} <> 'changes_requested' or length(btrim(${table.comment})) > 0`),
    check("estimate_responses_declined_check", sql`${table.answer} <> 'declined' or length(btrim(${table.reason})) > 0`),
  ],
);
