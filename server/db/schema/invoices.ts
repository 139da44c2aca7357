import { sql } from "drizzle-orm";
import { check, date, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { INVOICE_LINE_SOURCES, INVOICE_STATUSES } from "../../../common/invoices";
import { createdBy } from "./accounts";
import { cents, createdAt, id, lineChecks, lineColumns, notNegative, oneOf, updatedAt } from "./columns";
import { estimates } from "./estimates";
import { jobs } from "./jobs";

// Invoices, their lines and adjustments, their credit notes, and the yearly numbering of each.

/** The last invoice sequence taken in each year; nextInvoiceNumber (server/invoices/numbering.ts) takes the next under its row lock. */
export const invoiceCounters = pgTable(
  "invoice_counters",
  {
    year: integer("year").primaryKey(),
    lastSequence: integer("last_sequence").notNull(),
  },
  (table) => [
    check("invoice_counters_year_check", sql`${table.year} between 1000 and 9999`),
    check("invoice_counters_last_sequence_check", sql`${table.lastSequence} >= 1`),
  ],
);

/**
 * An invoice, numbered without gaps per year ("2026-0001"). It is never deleted:
 * a mistaken one is voided, keeping its number. What was paid is read from its payments (and the
 * deposit's, through the estimate); total = lines_total − discount + adjustments + tax, where
 * adjustments is the sum of its invoice_adjustments (docs/decisions/0059-extra-lines-and-credit-notes.md).
 */
export const invoices = pgTable(
  "invoices",
  {
    id: id(),
    jobId: integer("job_id")
      .notNull()
      .references(() => jobs.id, { onDelete: "restrict" }),
    /** The accepted estimate it was made from, if any. */
    estimateId: integer("estimate_id").references(() => estimates.id, { onDelete: "restrict" }),
    number: text("number").notNull().unique(),
    year: integer("year").notNull(),
    sequence: integer("sequence").notNull(),
    issueDate: date("issue_date", { mode: "string" }).notNull(),
    dueDate: date("due_date", { mode: "string" }).notNull(),
    currency: text("currency").notNull().default("usd"),
    linesTotal: cents("lines_total"),
    discount: cents("discount").default(0),
    /** The sum of its adjustments, before tax: below 0 when goodwill credits outweigh surcharges. */
    adjustments: cents("adjustments").default(0),
    taxRateBasisPoints: integer("tax_rate_basis_points").notNull().default(0),
    tax: cents("tax"),
    total: cents("total"),
    status: text("status", { enum: INVOICE_STATUSES }).notNull().default("open"),
    /** How many of the overdue reminders (3 and 7 days after the due date) went out. */
    remindersSent: integer("reminders_sent").notNull().default(0),
    createdBy: createdBy(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("invoices_year_sequence_idx").on(table.year, table.sequence),
    // Issuing twice at once (two admins, two tabs) must not bill a job twice; a void one may be replaced.
    uniqueIndex("invoices_one_live_per_job_idx")
      .on(table.jobId)
      .where(sql`${table.status} <> 'void'`),
    index("invoices_estimate_id_idx").on(table.estimateId),
    check("invoices_status_check", oneOf(table.status, INVOICE_STATUSES)),
    check("invoices_sequence_check", sql`${table.sequence} >= 1`),
    // The number says the year and sequence it was given: four digits at least, more past 9999.
    check(
      "invoices_number_check",
      sql`${table.number} = ${table.year} || '-' || lpad(${table.sequence}::text, greatest(4, length(${table.sequence}::text)), '0')`,
    ),
    check("invoices_year_check", sql`${table.year} = extract(year from ${table.issueDate})`),
    check("invoices_due_date_check", sql`${table.dueDate} >= ${table.issueDate}`),
    check("invoices_discount_check", sql`${table.discount} between 0 and ${table.linesTotal}`),
    check("invoices_tax_rate_check", sql`${table.taxRateBasisPoints} between 0 and 10000`),
    check("invoices_tax_check", notNegative(table.tax)),
    check("invoices_adjustments_check", sql`${table.linesTotal} - ${table.discount} + ${table.adjustments} >= 0`),
    check("invoices_total_check", sql`${table.total} = ${table.linesTotal} - ${table.discount} + ${table.adjustments} + ${table.tax}`),
    check("invoices_reminders_sent_check", sql`${table.remindersSent} between 0 and 2`),
  ],
);

/** An invoice's lines: copied from the accepted estimate, or extra work the admin added when issuing it (`source`). */
export const invoiceLines = pgTable(
  "invoice_lines",
  {
    ...lineColumns(),
    invoiceId: integer("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    source: text("source", { enum: INVOICE_LINE_SOURCES }).notNull().default("estimate"),
  },
  (table) => [
    uniqueIndex("invoice_lines_position_idx").on(table.invoiceId, table.position),
    ...lineChecks("invoice_lines", table),
    check("invoice_lines_source_check", oneOf(table.source, INVOICE_LINE_SOURCES)),
  ],
);

/** A goodwill credit (amount below 0) or a surcharge (above 0) on an invoice's subtotal, before tax. */
export const invoiceAdjustments = pgTable(
  "invoice_adjustments",
  {
    id: id(),
    invoiceId: integer("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    description: text("description").notNull(),
    amount: integer("amount").notNull(),
  },
  (table) => [
    uniqueIndex("invoice_adjustments_position_idx").on(table.invoiceId, table.position),
    check("invoice_adjustments_position_check", sql`${table.position} >= 1`),
    check("invoice_adjustments_amount_check", sql`${table.amount} <> 0`),
  ],
);

/** The last credit note sequence taken in each year: the same mechanism as invoice_counters, in a series of its own. */
export const creditNoteCounters = pgTable(
  "credit_note_counters",
  {
    year: integer("year").primaryKey(),
    lastSequence: integer("last_sequence").notNull(),
  },
  (table) => [
    check("credit_note_counters_year_check", sql`${table.year} between 1000 and 9999`),
    check("credit_note_counters_last_sequence_check", sql`${table.lastSequence} >= 1`),
  ],
);

/**
 * A credit note ("CN-2026-0001"): part or all of an issued invoice reversed, lowering what its
 * customer owes on it. Never deleted. total = subtotal + tax, tax at the invoice's rate.
 */
export const creditNotes = pgTable(
  "credit_notes",
  {
    id: id(),
    invoiceId: integer("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "restrict" }),
    number: text("number").notNull().unique(),
    year: integer("year").notNull(),
    sequence: integer("sequence").notNull(),
    issueDate: date("issue_date", { mode: "string" }).notNull(),
    reason: text("reason").notNull(),
    currency: text("currency").notNull(),
    subtotal: cents("subtotal"),
    taxRateBasisPoints: integer("tax_rate_basis_points").notNull(),
    tax: cents("tax"),
    total: cents("total"),
    createdBy: createdBy(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("credit_notes_year_sequence_idx").on(table.year, table.sequence),
    index("credit_notes_invoice_id_idx").on(table.invoiceId),
    check("credit_notes_sequence_check", sql`${table.sequence} >= 1`),
    check(
      "credit_notes_number_check",
      sql`${table.number} = 'CN-' || ${table.year} || '-' || lpad(${table.sequence}::text, greatest(4, length(${table.sequence}::text)), '0')`,
    ),
    check("credit_notes_year_check", sql`${table.year} = extract(year from ${table.issueDate})`),
    check("credit_notes_subtotal_check", sql`${table.subtotal} > 0`),
    check("credit_notes_tax_check", notNegative(table.tax)),
    check("credit_notes_total_check", sql`${table.total} = ${table.subtotal} + ${table.tax}`),
  ],
);

export const creditNoteLines = pgTable(
  "credit_note_lines",
  {
    id: id(),
    creditNoteId: integer("credit_note_id")
      .notNull()
      .references(() => creditNotes.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    description: text("description").notNull(),
    amount: integer("amount").notNull(),
  },
  (table) => [
    uniqueIndex("credit_note_lines_position_idx").on(table.creditNoteId, table.position),
    check("credit_note_lines_position_check", sql`${table.position} >= 1`),
    check("credit_note_lines_amount_check", sql`${table.amount} > 0`),
  ],
);
