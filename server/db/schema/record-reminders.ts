import { sql } from "drizzle-orm";
import { check, date, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { EXPIRY_REMINDER_DAYS, RECORD_KINDS } from "../../../common/operator-records";
import { oneOf } from "./columns";

/**
 * The expiry reminders sent of the operator's records (server/follow-up/record-reminders.ts): one
 * row per record, expiry day and reminder (30, 7 or 0 days before). A renewal moves the expiry day,
 * which earns the reminders anew.
 */
export const recordReminders = pgTable(
  "record_reminders",
  {
    kind: text("kind", { enum: RECORD_KINDS }).notNull(),
    recordId: integer("record_id").notNull(),
    dueOn: date("due_on", { mode: "string" }).notNull(),
    days: integer("days").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.kind, table.recordId, table.dueOn, table.days] }),
    check("record_reminders_kind_check", oneOf(table.kind, RECORD_KINDS)),
    check("record_reminders_days_check", sql`${table.days} in (${sql.raw(EXPIRY_REMINDER_DAYS.join(", "))})`),
  ],
);
