import { sql } from "drizzle-orm";
import { ROLES } from "../../common/auth";
import { PAYMENT_PROVIDERS, PAYMENT_STATUSES } from "../../common/payments";
import { QUOTE_STATUSES } from "../../common/quotes";
import { usernameSkeletonSql } from "./username-skeleton";
import { type AnyPgColumn, boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

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
  (table) => [index("reports_user_id_idx").on(table.userId)],
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
  (table) => [index("media_user_id_idx").on(table.userId), index("media_gallery_idx").on(table.isGalleryItem)],
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
