import { sql } from "drizzle-orm";
import { type AnyPgColumn, boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { ROLES } from "../../../common/roles";
import { usernameSkeletonSql } from "../username-skeleton";
import { createdAt, id, oneOf, updatedAt } from "./columns";

// Accounts, their sessions and password resets.

export const users = pgTable(
  "users",
  {
    id: id(),
    username: text("username").notNull(),
    email: text("email").notNull(),
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    role: text("role", { enum: ROLES }).notNull().default("customer"),
    /** Null for an account the business made (a phone-in customer) until its person sets one (docs/decisions/0058-people-and-invitations.md). */
    passwordHash: text("password_hash"),
    company: text("company").notNull().default(""),
    phone: text("phone").notNull().default(""),
    /** Several lines, as printed on the invoice. */
    billingAddress: text("billing_address").notNull().default(""),
    /** The business's own notes on the person: never sent to them. */
    notes: text("notes").notNull().default(""),
    /** A customer's: the liability limit per occurrence (cents) their work requires; a job is not scheduled under a smaller policy (docs/decisions/0068-operator-records.md). */
    requiredInsuranceLimit: integer("required_insurance_limit"),
    /** A deactivated account keeps its name on past work but cannot sign in. */
    active: boolean("active").notNull().default(true),
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

/** The account a row belongs to: it goes when the account goes. */
export const ownerId = () =>
  integer("user_id")
    .notNull()
    .references((): AnyPgColumn => users.id, { onDelete: "cascade" });

/** Who issued it; kept when that account goes. */
export const createdBy = () => integer("created_by").references((): AnyPgColumn => users.id, { onDelete: "set null" });

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

export type User = typeof users.$inferSelect;
