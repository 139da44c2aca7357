import { sql } from "drizzle-orm";
import { ROLES } from "../../common/auth";
import { PAYMENT_PROVIDERS, PAYMENT_STATUSES } from "../../common/payments";
import { JOB_STATUSES } from "../../common/jobs";
import { QUOTE_STATUSES } from "../../common/quotes";
import { usernameSkeletonSql } from "./username-skeleton";
import { type AnyPgColumn, boolean, check, doublePrecision, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

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
    /** When the admins were reminded of it, still pending after two working days (once). */
    adminRemindedAt: timestamp("admin_reminded_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("quotes_user_id_idx").on(table.userId),
    check("quotes_status_check", oneOf(table.status, QUOTE_STATUSES)),
  ],
);

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
    provider: text("provider", { enum: PAYMENT_PROVIDERS }).notNull(),
    /** Stripe `pi_…` (one-off) or `in_…` (subscription invoice); the demo provider's id otherwise. */
    providerPaymentId: text("provider_payment_id").notNull().unique(),
    /** SHA-256 of the client secret handed to the browser; the demo provider checks it at confirmation. */
    clientSecretHash: text("client_secret_hash"),
    /** When the customer pressed Pay; an attempt only opened by visiting checkout stays out of the lists until then. */
    submittedAt: timestamp("submitted_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("payments_user_id_idx").on(table.userId),
    index("payments_quote_id_idx").on(table.quoteId),
    check("payments_amount_check", sql`${table.amount} > 0`),
    check("payments_status_check", sql.raw(`status in (${PAYMENT_STATUSES.map((status) => `'${status}'`).join(", ")})`)),
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

export type ContactSubmission = typeof contactSubmissions.$inferSelect;
export type User = typeof users.$inferSelect;
export type Service = typeof services.$inferSelect;
export type Subscription = typeof subscriptions.$inferSelect;
export type Payment = typeof payments.$inferSelect;
export type Job = typeof jobs.$inferSelect;
