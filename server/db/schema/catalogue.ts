import { boolean, integer, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, id } from "./columns";

// The catalogue of monthly services.

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

export type Service = typeof services.$inferSelect;
