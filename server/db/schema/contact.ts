import { index, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, id } from "./columns";

// What visitors and customers send through the contact form.

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

export type ContactSubmission = typeof contactSubmissions.$inferSelect;
