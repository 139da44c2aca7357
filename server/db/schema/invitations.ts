import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { ROLES } from "../../../common/roles";
import { users } from "./accounts";
import { createdAt, id, oneOf } from "./columns";

/**
 * An invitation by mail to join as an admin, a pilot or a customer. The mailed link's token is
 * stored only hashed, and only once the mail task has made it (server/auth/invitation-mail-task.ts).
 * `userId` is the account it opens: one the business already made (a phone-in customer), or the
 * one made when it is accepted.
 */
export const invitations = pgTable(
  "invitations",
  {
    id: id(),
    email: text("email").notNull(),
    role: text("role", { enum: ROLES }).notNull(),
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    tokenHash: text("token_hash").unique(),
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    /** Who sent it; kept when that account goes. */
    invitedBy: integer("invited_by").references(() => users.id, { onDelete: "set null" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index("invitations_email_lower_idx").on(sql`lower(${table.email})`), check("invitations_role_check", oneOf(table.role, ROLES))],
);

export type Invitation = typeof invitations.$inferSelect;
