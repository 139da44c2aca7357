import { sql } from "drizzle-orm";
import { check, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { oneOf } from "./columns";

/** The formats an upload may arrive as, told by its content (server/site-images/store-image.ts). */
export const SITE_IMAGE_FORMATS = ["jpeg", "png", "webp"] as const;

/**
 * The pictures uploaded for the public pages (docs/decisions/0065-page-images.md). Their copies live
 * in the file storage under `storageKeys`; pages name them by `token` in their documents.
 */
export const siteImages = pgTable(
  "site_images",
  {
    id: serial("id").primaryKey(),
    /** 128 random bits in hex: the public addresses' part, unguessable so a draft's pictures cannot be listed. */
    token: text("token").notNull().unique(),
    /** Every copy written: the WebP widths, the fallback JPEG and the Open Graph crop. */
    storageKeys: jsonb("storage_keys").$type<string[]>().notNull(),
    /** The uploaded file's format, as its content said. */
    format: text("format", { enum: SITE_IMAGE_FORMATS }).notNull(),
    /** The picture's size once turned upright, in pixels. */
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    /** The uploaded file's size. */
    bytes: integer("bytes").notNull(),
    /** The file's name as uploaded, to tell pictures apart in the list; never part of an address. */
    fileName: text("file_name").notNull(),
    uploadedBy: integer("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    uploadedAt: timestamp("uploaded_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("site_images_format_check", oneOf(table.format, SITE_IMAGE_FORMATS)),
    check("site_images_size_check", sql`${table.width} > 0 and ${table.height} > 0 and ${table.bytes} > 0`),
  ],
);
