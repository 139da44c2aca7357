import { sql } from "drizzle-orm";
import { check, customType, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import type { SettingKey } from "../../../common/contract/settings";
import { users } from "./accounts";
import { updatedAt } from "./columns";

// The business's own settings (docs/decisions/0055-business-settings.md): one row, read at use.

const bytea = customType<{ data: Buffer; driverData: Uint8Array | Buffer }>({
  dataType: () => "bytea",
  fromDriver: (value) => Buffer.from(value),
});

/** A stored setting's value as JSON: a string, a number, a list of lines, the mail server. */
type StoredSettings = Partial<Record<SettingKey | "setupDone" | "logoVersion", unknown>>;

export const businessSettings = pgTable(
  "business_settings",
  {
    /** Always 1: the business has one set of settings. */
    id: integer("id").primaryKey().default(1),
    values: jsonb("values").$type<StoredSettings>().notNull().default({}),
    /** Secrets (the mail password) as AES-256-GCM boxes, the key outside the database (server/settings/secret-box.ts). */
    secrets: jsonb("secrets").$type<Record<string, string>>().notNull().default({}),
    /** Counts every save: pages rendered with the settings name it, and a page made with an older one is made again. */
    version: integer("version").notNull().default(0),
    /** Who saved last; kept when that account goes. */
    updatedBy: integer("updated_by").references(() => users.id, { onDelete: "set null" }),
    updatedAt: updatedAt(),
  },
  (table) => [check("business_settings_single_row", sql`${table.id} = 1`)],
);

/** The logo, made at upload into the sizes the site and mails (PNG, 256 px high at most) and the documents (PNG, 600 px wide at most) use. */
export const businessLogos = pgTable(
  "business_logos",
  {
    id: integer("id").primaryKey().default(1),
    /** A hash of the upload: the logo's address carries it, so browsers cache each logo for good. */
    version: text("version").notNull(),
    web: bytea("web").notNull(),
    document: bytea("document").notNull(),
    updatedAt: updatedAt(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check("business_logos_single_row", sql`${table.id} = 1`)],
);
