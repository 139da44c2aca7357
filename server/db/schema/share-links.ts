import { type AnyPgColumn, boolean, check, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { SHARE_EVENTS } from "../../../common/share-links";
import { users } from "./accounts";
import { createdAt, id, oneOf } from "./columns";
import { jobs } from "./jobs";

// Share links, their access log and PIN attempts.

/**
 * A job's deliverables shared with someone who has no account. The link's token is kept
 * only as its SHA-256, the PIN only as a scrypt hash (docs/decisions/0034-share-links.md).
 */
export const shareLinks = pgTable(
  "share_links",
  {
    id: id(),
    jobId: integer("job_id")
      .notNull()
      .references((): AnyPgColumn => jobs.id, { onDelete: "cascade" }),
    createdBy: integer("created_by").references((): AnyPgColumn => users.id, { onDelete: "set null" }),
    tokenHash: text("token_hash").notNull().unique(),
    pinHash: text("pin_hash"),
    allowDownload: boolean("allow_download").notNull(),
    /** null: everything the job delivers, later deliveries too. */
    /** Links made before findings could be shared have no `findings`: they share none. */
    items: jsonb("items").$type<{ reports: number[]; media: number[]; layers: number[]; siteMap: boolean; findings?: boolean; compliancePacket?: boolean }>(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    /** Set by the link's last allowed wrong PIN (docs/decisions/0044-share-link-pins.md): it answers 410 from then on. */
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index("share_links_job_id_idx").on(table.jobId)],
);

/** Each opening of a shared page, each download from it and each wrong PIN: the owner's access log. */
export const shareLinkEvents = pgTable(
  "share_link_events",
  {
    id: id(),
    linkId: integer("link_id")
      .notNull()
      .references(() => shareLinks.id, { onDelete: "cascade" }),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    address: text("address").notNull(),
    what: text("what", { enum: SHARE_EVENTS }).notNull(),
    itemName: text("item_name").notNull().default(""),
  },
  (table) => [index("share_link_events_link_id_idx").on(table.linkId, table.id), check("share_link_events_what_check", oneOf(table.what, SHARE_EVENTS))],
);

/** PIN attempts of the last window, counted per address in the database so every instance sees the same ones; a right PIN takes its attempt back. */
export const sharePinAttempts = pgTable(
  "share_pin_attempts",
  {
    id: id(),
    linkId: integer("link_id")
      .notNull()
      .references(() => shareLinks.id, { onDelete: "cascade" }),
    address: text("address").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("share_pin_attempts_link_idx").on(table.linkId, table.at), index("share_pin_attempts_address_idx").on(table.address, table.at)],
);
