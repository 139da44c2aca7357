import { sql } from "drizzle-orm";
import { ROLES } from "../../common/roles";
import { DEPOSIT_KINDS } from "../../common/estimates";
import { CURRENT_ESTIMATE_STATUSES, ESTIMATE_ANSWERS, ESTIMATE_STATUSES } from "../../common/estimate-status";
import { INVOICE_STATUSES, REFUND_STATUSES } from "../../common/invoices";
import { PAYMENT_METHODS } from "../../common/payment-methods";
import { PAYMENT_PROVIDERS, PAYMENT_RECORD_PROVIDERS, PAYMENT_STATUSES } from "../../common/payments";
import { FINDING_CLASSES, FINDING_SEVERITIES, FINDING_STATUSES } from "../../common/findings";
import { DETECTION_STATUSES } from "../../common/finding-detection";
import { CLOUD_UNITS, INSPECTION_REPORT_STATUSES } from "../../common/inspection-report";
import { JOB_STATUSES } from "../../common/job-status";
import { MAP_LAYER_KINDS, MAP_LAYER_STATUSES } from "../../common/map-layer-kinds";
import type { SiteBoundary } from "../../common/site-boundary";
import type { BandStats, LayerBounds } from "../../common/contract/map-layers";
import { QUOTE_STATUSES } from "../../common/quote-statuses";
import { SHARE_EVENTS } from "../../common/share-links";
import { usernameSkeletonSql } from "./username-skeleton";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  inet,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/** The database's own check that `column` holds one of the values its type lists (the same list, from common/). */
const oneOf = (column: AnyPgColumn, values: readonly string[]) => sql`${column} in (${sql.raw(values.map((value) => `'${value}'`).join(", "))})`;

const id = () => serial("id").primaryKey();
/** The account a row belongs to: it goes when the account goes. */
const ownerId = () =>
  integer("user_id")
    .notNull()
    .references((): AnyPgColumn => users.id, { onDelete: "cascade" });
/** What reports and media share: an upload an admin made for a customer, kept in storage under storageKey. */
const storedFile = () => ({
  id: id(),
  userId: ownerId(),
  serviceId: integer("service_id").references((): AnyPgColumn => services.id),
  title: text("title").notNull(),
  description: text("description").notNull(),
  storageKey: text("storage_key").notNull(),
  /** The job it was made for; held from its customer until that job is delivered. None: shown at once. */
  jobId: integer("job_id").references((): AnyPgColumn => jobs.id, { onDelete: "set null" }),
});

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

export const contactSubmissions = pgTable(
  "contact_submissions",
  {
    id: id(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    service: text("service").notNull(),
    message: text("message").notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("contact_submissions_created_at_idx").on(table.createdAt)],
);

export const users = pgTable(
  "users",
  {
    id: id(),
    username: text("username").notNull(),
    email: text("email").notNull(),
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    role: text("role", { enum: ROLES }).notNull().default("customer"),
    passwordHash: text("password_hash").notNull(),
    /** The payment provider's customer (Stripe `cus_…`), made at the first payment. */
    paymentCustomerId: text("payment_customer_id"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    // Unique without regard to case: "Ada" and "ada" are one account.
    uniqueIndex("users_username_lower_idx").on(sql`lower(${table.username})`),
    uniqueIndex("users_email_lower_idx").on(sql`lower(${table.email})`),
    // Look-alikes of one name cannot both exist.
    uniqueIndex("users_username_skeleton_idx").on(usernameSkeletonSql(table.username)),
    check("users_role_check", oneOf(table.role, ROLES)),
  ],
);

/** Server-side sessions; the cookie carries a random token, the table only its SHA-256. */
export const sessions = pgTable(
  "sessions",
  {
    idHash: text("id_hash").primaryKey(),
    userId: ownerId(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (table) => [index("sessions_user_id_idx").on(table.userId), index("sessions_expires_at_idx").on(table.expiresAt)],
);

export const passwordResetTokens = pgTable(
  "password_reset_tokens",
  {
    id: id(),
    userId: ownerId(),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index("password_reset_tokens_user_id_idx").on(table.userId)],
);

/** The catalogue of monthly services (docs/product.md §3: price in cents). */
export const services = pgTable("services", {
  id: id(),
  slug: text("slug").notNull().unique(),
  name: text("name").notNull(),
  description: text("description").notNull(),
  category: text("category").notNull(),
  price: integer("price").notNull(),
  active: boolean("active").notNull().default(true),
  createdAt: createdAt(),
});

export const subscriptions = pgTable(
  "subscriptions",
  {
    id: id(),
    userId: ownerId(),
    serviceId: integer("service_id")
      .notNull()
      .references(() => services.id),
    /** The provider's status, stored as given (Stripe: incomplete, active, past_due, canceled, …). */
    status: text("status").notNull(),
    currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }),
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    provider: text("provider", { enum: PAYMENT_PROVIDERS }).notNull().default("demo"),
    /** Stripe `sub_…`, or the demo provider's id. */
    providerSubscriptionId: text("provider_subscription_id").unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("subscriptions_user_id_idx").on(table.userId)],
);

export const reports = pgTable(
  "reports",
  {
    ...storedFile(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("reports_user_id_idx").on(table.userId), index("reports_job_id_idx").on(table.jobId)],
);

export const media = pgTable(
  "media",
  {
    ...storedFile(),
    fileType: text("file_type").notNull(),
    size: integer("size").notNull(),
    isGalleryItem: boolean("is_gallery_item").notNull().default(false),
    /** A video's length as ffprobe read it; none until the poster job ran, or where ffmpeg is not installed (docs/decisions/0038-video-posters.md). */
    durationSeconds: doublePrecision("duration_seconds"),
    /** A video's poster frame (JPEG) in storage; none: the browser shows the generic poster. */
    posterKey: text("poster_key"),
    /**
     * A video whose poster job has not ended yet: written true with the row, false once the job made
     * a poster, found none to make or no ffmpeg, or ran out of tries; lists poll while it is true
     * (docs/decisions/0050-poster-pending.md). Rows from before it hold false: their jobs had run.
     */
    posterPending: boolean("poster_pending").notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [index("media_user_id_idx").on(table.userId), index("media_gallery_idx").on(table.isGalleryItem), index("media_job_id_idx").on(table.jobId)],
);

/** A customer's quote request; its text also lives in contact_submissions (docs/product.md §3). */
export const quotes = pgTable(
  "quotes",
  {
    id: id(),
    userId: ownerId(),
    contactSubmissionId: integer("contact_submission_id")
      .notNull()
      .references(() => contactSubmissions.id, { onDelete: "cascade" }),
    serviceType: text("service_type").notNull(),
    description: text("description").notNull(),
    budget: text("budget").notNull().default(""),
    timeline: text("timeline").notNull().default(""),
    status: text("status", { enum: QUOTE_STATUSES }).notNull().default("pending"),
    /** Set by an admin when accepting; in cents. */
    price: integer("price"),
    /** Why an admin declined it, shown to the customer; none when not declined or no reason given. */
    declineReason: text("decline_reason"),
    /** When the admins were reminded of it, still pending after two working days (once). */
    adminRemindedAt: timestamp("admin_reminded_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("quotes_user_id_idx").on(table.userId), check("quotes_status_check", oneOf(table.status, QUOTE_STATUSES))],
);

/**
 * Estimates, invoices and their payments (docs/decisions/0025-invoice-numbers.md,
 * 0026-quote-to-cash.md). The lists the database checks; an estimate's status follows the
 * customer's answer or its replacement.
 */
/** Every payment a customer starts: one-off, for a quote, or a subscription's invoice. */
export const payments = pgTable(
  "payments",
  {
    id: id(),
    userId: ownerId(),
    /** What the customer sees the payment as: the service name, or "Custom Service". */
    description: text("description").notNull(),
    serviceId: integer("service_id").references(() => services.id),
    quoteId: integer("quote_id").references(() => quotes.id, { onDelete: "set null" }),
    subscriptionId: integer("subscription_id").references(() => subscriptions.id, { onDelete: "set null" }),
    /** In cents, decided by the server. */
    amount: integer("amount").notNull(),
    currency: text("currency").notNull().default("usd"),
    status: text("status", { enum: PAYMENT_STATUSES }).notNull().default("pending"),
    failureMessage: text("failure_message"),
    /** stripe or demo for a card payment; offline for one an admin recorded (bank transfer, cheque, cash). */
    provider: text("provider", { enum: PAYMENT_RECORD_PROVIDERS }).notNull(),
    /** Stripe `pi_…` (one-off) or `in_…` (subscription invoice); the demo provider's id otherwise. */
    providerPaymentId: text("provider_payment_id").notNull().unique(),
    /** SHA-256 of the client secret handed to the browser; the demo provider checks it at confirmation. */
    clientSecretHash: text("client_secret_hash"),
    /** When the customer pressed Pay; an attempt only opened by visiting checkout stays out of the lists until then. */
    submittedAt: timestamp("submitted_at", { withTimezone: true }),
    /** The estimate whose deposit it pays (docs/decisions/0025-invoice-numbers.md). */
    estimateId: integer("estimate_id").references((): AnyPgColumn => estimates.id, { onDelete: "set null" }),
    /** The invoice whose balance it pays. */
    invoiceId: integer("invoice_id").references((): AnyPgColumn => invoices.id, { onDelete: "set null" }),
    /** How the money came: by card through the provider, or recorded by an admin (every row before estimates was a card's). */
    method: text("method", { enum: PAYMENT_METHODS }).notNull().default("card"),
    /** What an admin recorded an offline payment by (the bank transfer's or the cheque's number); empty for a card's, whose reference is providerPaymentId. */
    reference: text("reference").notNull().default(""),
    /** In cents: the refunds that were not refused or cancelled (rows in `refunds`), never more than the amount. */
    refundedAmount: integer("refunded_amount").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("payments_user_id_idx").on(table.userId),
    index("payments_quote_id_idx").on(table.quoteId),
    index("payments_estimate_id_idx").on(table.estimateId),
    index("payments_invoice_id_idx").on(table.invoiceId),
    check("payments_amount_check", sql`${table.amount} > 0`),
    check("payments_status_check", sql.raw(`status in (${PAYMENT_STATUSES.map((status) => `'${status}'`).join(", ")})`)),
    check("payments_method_check", oneOf(table.method, PAYMENT_METHODS)),
    check("payments_refunded_amount_check", sql`${table.refundedAmount} >= 0 and ${table.refundedAmount} <= ${table.amount}`),
  ],
);

/** The flight as recorded when a job is marked flown: free fields besides the date. */
export interface FlightRecord {
  flownOn: string;
  durationMinutes: number | null;
  pilotId: number | null;
  aircraft: string;
  wind: string;
  temperature: string;
  cloud: string;
  irradiance: string;
}

/** A mission flown for one customer at one site (docs/product.md §10), from request to delivery. */
export const jobs = pgTable(
  "jobs",
  {
    id: id(),
    userId: ownerId(),
    /** The catalogue service flown; none for a quote request, which names its service in words. */
    serviceId: integer("service_id").references(() => services.id),
    /** The quote request that opened it; none when an admin opened it directly. */
    quoteId: integer("quote_id")
      .unique()
      .references(() => quotes.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    /** Empty until known: a quote request names no site. */
    siteName: text("site_name").notNull().default(""),
    siteAddress: text("site_address").notNull().default(""),
    siteLatitude: doublePrecision("site_latitude"),
    siteLongitude: doublePrecision("site_longitude"),
    /** The site as the customer drew it (GeoJSON Polygon, WGS84); its area is computed from it (common/site-boundary.ts). */
    siteBoundary: jsonb("site_boundary").$type<SiteBoundary>(),
    status: text("status", { enum: JOB_STATUSES }).notNull().default("requested"),
    scheduledStart: timestamp("scheduled_start", { withTimezone: true }),
    scheduledEnd: timestamp("scheduled_end", { withTimezone: true }),
    /** The IANA zone the window is shown in (the site's). */
    timeZone: text("time_zone").notNull().default("UTC"),
    pilotId: integer("pilot_id").references((): AnyPgColumn => users.id, { onDelete: "set null" }),
    flight: jsonb("flight").$type<FlightRecord>(),
    cancelReason: text("cancel_reason"),
    /** The flight start the day-before reminder went out for; a new window earns a new reminder. */
    remindedFor: timestamp("reminded_for", { withTimezone: true }),
    /** When it was marked delivered: its held deliverables were published then. */
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("jobs_user_id_idx").on(table.userId),
    index("jobs_pilot_id_idx").on(table.pilotId),
    index("jobs_status_idx").on(table.status),
    check("jobs_status_check", oneOf(table.status, JOB_STATUSES)),
    check("jobs_window_check", sql`${table.scheduledEnd} is null or ${table.scheduledStart} is null or ${table.scheduledEnd} > ${table.scheduledStart}`),
  ],
);

/** Every change of a job, appended and never edited or deleted (the timeline). */
export const jobEvents = pgTable(
  "job_events",
  {
    id: id(),
    jobId: integer("job_id")
      .notNull()
      .references(() => jobs.id, { onDelete: "cascade" }),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    fromStatus: text("from_status", { enum: JOB_STATUSES }),
    toStatus: text("to_status", { enum: JOB_STATUSES }).notNull(),
    /** Who made the change; none when the system did (a quote request) or the account is gone. */
    byUserId: integer("by_user_id").references(() => users.id, { onDelete: "set null" }),
    note: text("note").notNull().default(""),
    /** A reschedule keeps the window it replaced. */
    previousStart: timestamp("previous_start", { withTimezone: true }),
    previousEnd: timestamp("previous_end", { withTimezone: true }),
  },
  (table) => [index("job_events_job_id_idx").on(table.jobId, table.id)],
);

/** The thread between a job's customer and the business. */
export const jobMessages = pgTable(
  "job_messages",
  {
    id: id(),
    jobId: integer("job_id")
      .notNull()
      .references(() => jobs.id, { onDelete: "cascade" }),
    authorId: integer("author_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("job_messages_job_id_idx").on(table.jobId, table.id)],
);

/** Provider events already applied, so a replayed webhook changes nothing. */
export const paymentEvents = pgTable("payment_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  createdAt: createdAt(),
});

/** A money column in integer cents (docs/decisions/0023-money-rounding.md); each table's checks say how low it may go. */
const cents = (name: string) => integer(name).notNull();
const notNegative = (column: AnyPgColumn) => sql`${column} >= 0`;
/** Who issued it; kept when that account goes. */
const createdBy = () => integer("created_by").references((): AnyPgColumn => users.id, { onDelete: "set null" });
/**
 * The line columns estimates and invoices share: quantity in thousandths (2.5 acres is 2500), the
 * unit it counts ("acre", "hour"), the unit price in cents and the line's amount in cents as
 * computed by the server when it was issued.
 */
const lineColumns = () => ({
  id: id(),
  position: integer("position").notNull(),
  description: text("description").notNull(),
  quantity: integer("quantity").notNull(),
  unit: text("unit").notNull().default(""),
  unitPrice: cents("unit_price"),
  amount: cents("amount"),
});
const lineChecks = (name: string, table: { position: AnyPgColumn; quantity: AnyPgColumn; unitPrice: AnyPgColumn; amount: AnyPgColumn }) => [
  check(`${name}_position_check`, sql`${table.position} >= 1`),
  check(`${name}_quantity_check`, sql`${table.quantity} > 0`),
  check(`${name}_unit_price_check`, notNegative(table.unitPrice)),
  check(`${name}_amount_check`, notNegative(table.amount)),
];

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

/** An estimate's lines in order; an optional line is one the customer may tick. */
export const estimateLines = pgTable(
  "estimate_lines",
  {
    ...lineColumns(),
    estimateId: integer("estimate_id")
      .notNull()
      .references(() => estimates.id, { onDelete: "cascade" }),
    optional: boolean("optional").notNull().default(false),
  },
  (table) => [uniqueIndex("estimate_lines_position_idx").on(table.estimateId, table.position), ...lineChecks("estimate_lines", table)],
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
 * deposit's, through the estimate); total = lines_total − discount + tax.
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
    check("invoices_total_check", sql`${table.total} = ${table.linesTotal} - ${table.discount} + ${table.tax}`),
    check("invoices_reminders_sent_check", sql`${table.remindersSent} between 0 and 2`),
  ],
);

export const invoiceLines = pgTable(
  "invoice_lines",
  {
    ...lineColumns(),
    invoiceId: integer("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
  },
  (table) => [uniqueIndex("invoice_lines_position_idx").on(table.invoiceId, table.position), ...lineChecks("invoice_lines", table)],
);

/**
 * A refund of a payment, whole or in part, as the provider reported it. The
 * payment's refunded_amount adds up those not failed or cancelled, in the same transaction.
 */
export const refunds = pgTable(
  "refunds",
  {
    id: id(),
    paymentId: integer("payment_id")
      .notNull()
      .references(() => payments.id, { onDelete: "cascade" }),
    amount: cents("amount"),
    status: text("status", { enum: REFUND_STATUSES }).notNull().default("pending"),
    /** Stripe `re_…`, or the demo provider's id. */
    providerRefundId: text("provider_refund_id").notNull().unique(),
    reason: text("reason").notNull().default(""),
    createdBy: createdBy(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("refunds_payment_id_idx").on(table.paymentId),
    check("refunds_amount_check", sql`${table.amount} > 0`),
    check("refunds_status_check", oneOf(table.status, REFUND_STATUSES)),
  ],
);

export type ContactSubmission = typeof contactSubmissions.$inferSelect;
export type User = typeof users.$inferSelect;
export type Service = typeof services.$inferSelect;
export type Subscription = typeof subscriptions.$inferSelect;
export type Payment = typeof payments.$inferSelect;
export type Job = typeof jobs.$inferSelect;

/**
 * A raster deliverable of a job shown on its map (docs/decisions/0027-map-layers.md): the original
 * GeoTIFF as uploaded and, once the queue has processed it, a Cloud Optimized GeoTIFF in Web
 * Mercator with its statistics.
 */
export const mapLayers = pgTable(
  "map_layers",
  {
    id: id(),
    jobId: integer("job_id")
      .notNull()
      .references(() => jobs.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: MAP_LAYER_KINDS }).notNull(),
    title: text("title").notNull(),
    capturedAt: timestamp("captured_at", { withTimezone: true }),
    /** Band names in file order (multispectral: as the admin named them). */
    bands: jsonb("bands").$type<string[]>().notNull().default([]),
    status: text("status", { enum: MAP_LAYER_STATUSES }).notNull().default("queued"),
    progress: integer("progress").notNull().default(0),
    error: text("error"),
    originalKey: text("original_key").notNull(),
    originalName: text("original_name").notNull(),
    originalSize: bigint("original_size", { mode: "number" }).notNull(),
    /** The processed COG; the original's key when the upload already was one in EPSG:3857. */
    cogKey: text("cog_key"),
    /** WGS84 [west, south, east, north]. */
    bounds: jsonb("bounds").$type<LayerBounds>(),
    /** Ground resolution at the centre, cm per pixel. */
    resolutionCm: doublePrecision("resolution_cm"),
    stats: jsonb("stats").$type<BandStats[]>(),
    uploadedBy: integer("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("map_layers_job_id_idx").on(table.jobId, table.id),
    check("map_layers_kind_check", oneOf(table.kind, MAP_LAYER_KINDS)),
    check("map_layers_status_check", oneOf(table.status, MAP_LAYER_STATUSES)),
    check("map_layers_progress_check", sql`${table.progress} between 0 and 100`),
  ],
);

/** What a happy customer said, shown on the marketing pages when published; managed in the back office. */
export const testimonials = pgTable("testimonials", {
  id: id(),
  quote: text("quote").notNull(),
  author: text("author").notNull(),
  /** Their role and company, as they agreed to be named ("Operations manager, Sunfield Solar"). */
  role: text("role").notNull().default(""),
  /** Lower first. */
  position: integer("position").notNull().default(0),
  published: boolean("published").notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** The business's social profiles linked from the contact section; a network without a row keeps its placeholder link (docs/product.md §2). */
export const socialLinks = pgTable("social_links", {
  network: text("network").primaryKey(),
  url: text("url").notNull(),
  updatedAt: updatedAt(),
});

/** A document a customer sent the business for one of their jobs (site plans, earlier reports). */
export const jobDocuments = pgTable(
  "job_documents",
  {
    id: id(),
    jobId: integer("job_id")
      .notNull()
      .references(() => jobs.id, { onDelete: "cascade" }),
    /** Who sent it: the job's customer. */
    userId: ownerId(),
    title: text("title").notNull(),
    originalName: text("original_name").notNull(),
    storageKey: text("storage_key").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("job_documents_job_id_idx").on(table.jobId, table.id)],
);

/**
 * A fault found on a job (docs/decisions/0030-findings.md): its class, severity and place, what was
 * measured, the job's media that show it, and where it stands in its repair life cycle.
 */
export const findings = pgTable(
  "findings",
  {
    id: id(),
    jobId: integer("job_id")
      .notNull()
      .references(() => jobs.id, { onDelete: "cascade" }),
    class: text("class", { enum: FINDING_CLASSES }).notNull(),
    severity: text("severity", { enum: FINDING_SEVERITIES }).notNull(),
    /** An admin's reason for a severity other than the one ΔT gives; empty otherwise. */
    severityReason: text("severity_reason").notNull().default(""),
    status: text("status", { enum: FINDING_STATUSES }).notNull().default("open"),
    dismissReason: text("dismiss_reason").notNull().default(""),
    lat: doublePrecision("lat").notNull(),
    lon: doublePrecision("lon").notNull(),
    /** An agriculture finding's area (GeoJSON Polygon, WGS84). */
    polygon: jsonb("polygon").$type<SiteBoundary>(),
    locator: text("locator").notNull().default(""),
    maxTemp: doublePrecision("max_temp"),
    refTemp: doublePrecision("ref_temp"),
    deltaT: doublePrecision("delta_t"),
    indexValue: doublePrecision("index_value"),
    /** kW. */
    powerLoss: doublePrecision("power_loss"),
    /** Ids of the job's media showing it; checked on every write, and read through the job's media so a deleted one drops out. */
    mediaIds: jsonb("media_ids").$type<number[]>().notNull().default([]),
    note: text("note").notNull().default(""),
    /** The thermal layer whose detection proposed it (docs/decisions/0033-hot-spot-detection.md); null for findings entered or imported. */
    layerId: integer("layer_id").references(() => mapLayers.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("findings_job_id_idx").on(table.jobId, table.id),
    index("findings_layer_id_idx").on(table.layerId),
    check("findings_class_check", oneOf(table.class, FINDING_CLASSES)),
    check("findings_severity_check", oneOf(table.severity, FINDING_SEVERITIES)),
    check("findings_status_check", oneOf(table.status, FINDING_STATUSES)),
    check("findings_position_check", sql`${table.lat} between -90 and 90 and ${table.lon} between -180 and 180`),
  ],
);

/** Every change of a finding, appended and never edited or deleted: who, when, the move, the fields, the note. */
export const findingEvents = pgTable(
  "finding_events",
  {
    id: id(),
    findingId: integer("finding_id")
      .notNull()
      .references(() => findings.id, { onDelete: "cascade" }),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    byUserId: integer("by_user_id").references(() => users.id, { onDelete: "set null" }),
    /** None when the finding was created. */
    fromStatus: text("from_status", { enum: FINDING_STATUSES }),
    toStatus: text("to_status", { enum: FINDING_STATUSES }).notNull(),
    fields: jsonb("fields").$type<string[]>().notNull().default([]),
    note: text("note").notNull().default(""),
  },
  (table) => [index("finding_events_finding_id_idx").on(table.findingId, table.id)],
);

/**
 * The conditions of a job's inspection flight, as IEC TS 62446-3 asks a thermographic
 * report to state them: irradiance (W/m²), ambient temperature (°C), wind (m/s), cloud cover (oktas
 * or %), and the aircraft and camera flown. One row per job; each value null until recorded.
 */
export const inspectionConditions = pgTable(
  "inspection_conditions",
  {
    jobId: integer("job_id")
      .primaryKey()
      .references(() => jobs.id, { onDelete: "cascade" }),
    irradiance: doublePrecision("irradiance"),
    ambientTemp: doublePrecision("ambient_temp"),
    windSpeed: doublePrecision("wind_speed"),
    cloudCover: doublePrecision("cloud_cover"),
    cloudUnit: text("cloud_unit", { enum: CLOUD_UNITS }).notNull().default("oktas"),
    aircraft: text("aircraft").notNull().default(""),
    camera: text("camera").notNull().default(""),
    recordedBy: integer("recorded_by").references(() => users.id, { onDelete: "set null" }),
    updatedAt: updatedAt(),
  },
  (table) => [check("inspection_conditions_cloud_unit_check", oneOf(table.cloudUnit, CLOUD_UNITS))],
);

/**
 * One version of a job's generated inspection report (docs/decisions/0032-inspection-report.md):
 * queued, generating, then published as a row of `reports` (the customer's Reports tab), or failed.
 * A new version is queued when the findings change after one was published; the earlier ones are
 * kept.
 */
export const inspectionReports = pgTable(
  "inspection_reports",
  {
    id: id(),
    jobId: integer("job_id")
      .notNull()
      .references(() => jobs.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    status: text("status", { enum: INSPECTION_REPORT_STATUSES }).notNull().default("queued"),
    /** What the report lacks (the inspection conditions not recorded), printed in it as well. */
    warnings: jsonb("warnings").$type<string[]>().notNull().default([]),
    error: text("error").notNull().default(""),
    /** The published PDF; none until then (or once an admin deleted it). */
    reportId: integer("report_id").references(() => reports.id, { onDelete: "set null" }),
    requestedBy: integer("requested_by").references(() => users.id, { onDelete: "set null" }),
    /** How many findings it shows, once generated. */
    findingCount: integer("finding_count"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("inspection_reports_job_version_idx").on(table.jobId, table.version),
    check("inspection_reports_status_check", oneOf(table.status, INSPECTION_REPORT_STATUSES)),
  ],
);

/**
 * A job's deliverables shared with someone who has no account. The link's token is kept
 * only as its SHA-256, the PIN only as a scrypt hash (docs/decisions/0034-share-links.md).
 */
export const shareLinks = pgTable(
  "share_links",
  {
    id: id(),
    jobId: integer("job_id")
      .notNull()
      .references((): AnyPgColumn => jobs.id, { onDelete: "cascade" }),
    createdBy: integer("created_by").references((): AnyPgColumn => users.id, { onDelete: "set null" }),
    tokenHash: text("token_hash").notNull().unique(),
    pinHash: text("pin_hash"),
    allowDownload: boolean("allow_download").notNull(),
    /** null: everything the job delivers, later deliveries too. */
    items: jsonb("items").$type<{ reports: number[]; media: number[]; layers: number[]; siteMap: boolean }>(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    /** Set by the link's last allowed wrong PIN (docs/decisions/0044-share-link-pins.md): it answers 410 from then on. */
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index("share_links_job_id_idx").on(table.jobId)],
);

/** Each opening of a shared page, each download from it and each wrong PIN: the owner's access log. */
export const shareLinkEvents = pgTable(
  "share_link_events",
  {
    id: id(),
    linkId: integer("link_id")
      .notNull()
      .references(() => shareLinks.id, { onDelete: "cascade" }),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    address: text("address").notNull(),
    what: text("what", { enum: SHARE_EVENTS }).notNull(),
    itemName: text("item_name").notNull().default(""),
  },
  (table) => [index("share_link_events_link_id_idx").on(table.linkId, table.id), check("share_link_events_what_check", oneOf(table.what, SHARE_EVENTS))],
);

/** PIN attempts of the last window, counted per address in the database so every instance sees the same ones; a right PIN takes its attempt back. */
export const sharePinAttempts = pgTable(
  "share_pin_attempts",
  {
    id: id(),
    linkId: integer("link_id")
      .notNull()
      .references(() => shareLinks.id, { onDelete: "cascade" }),
    address: text("address").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("share_pin_attempts_link_idx").on(table.linkId, table.at), index("share_pin_attempts_address_idx").on(table.address, table.at)],
);

/**
 * A thermal layer's hot-spot detection (docs/decisions/0033-hot-spot-detection.md), one row per
 * layer: its last run's state, how many candidates it proposed, or why it failed. Asking again
 * resets it to queued.
 */
export const findingDetections = pgTable(
  "finding_detections",
  {
    layerId: integer("layer_id")
      .primaryKey()
      .references(() => mapLayers.id, { onDelete: "cascade" }),
    status: text("status", { enum: DETECTION_STATUSES }).notNull().default("queued"),
    candidates: integer("candidates"),
    error: text("error"),
    requestedBy: integer("requested_by").references(() => users.id, { onDelete: "set null" }),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: updatedAt(),
  },
  (table) => [check("finding_detections_status_check", oneOf(table.status, DETECTION_STATUSES))],
);
