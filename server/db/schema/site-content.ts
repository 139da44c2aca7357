import { boolean, integer, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, id, updatedAt } from "./columns";

// What the public pages show beyond their own text: testimonials and social links.

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
