import { sql } from "drizzle-orm";
import { type AnyPgColumn, boolean, check, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { REFUND_STATUSES } from "../../../common/invoices";
import { PAYMENT_METHODS } from "../../../common/payment-methods";
import { PAYMENT_PROVIDERS, PAYMENT_RECORD_PROVIDERS, PAYMENT_STATUSES } from "../../../common/payments";
import { createdBy, ownerId } from "./accounts";
import { services } from "./catalogue";
import { cents, createdAt, id, oneOf, updatedAt } from "./columns";
import { estimates } from "./estimates";
import { invoices } from "./invoices";
import { quotes } from "./jobs";

// Subscriptions, payments, provider events and refunds.

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

/** Provider events already applied, so a replayed webhook changes nothing. */
export const paymentEvents = pgTable("payment_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  createdAt: createdAt(),
});

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

export type Subscription = typeof subscriptions.$inferSelect;

export type Payment = typeof payments.$inferSelect;
