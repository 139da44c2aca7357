import { boolean, check, date, integer, pgTable, text } from "drizzle-orm/pg-core";
import { BADGE_KINDS } from "../../../common/site-badges";
import { createdAt, id, oneOf, updatedAt } from "./columns";

// What the public pages show beyond their own text: testimonials, social links and badges.

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

/** A certification or an insurance policy the public pages show as a badge while it is valid (docs/product.md §2, Certified and insured). */
export const siteBadges = pgTable(
  "site_badges",
  {
    id: id(),
    kind: text("kind").notNull(),
    title: text("title").notNull(),
    /** The authority that issued the certificate, or the insurer. */
    issuer: text("issuer").notNull(),
    /** The certificate's or policy's number; empty: not shown. */
    reference: text("reference").notNull().default(""),
    /** A line such as "$5,000,000 liability cover"; empty: not shown. */
    detail: text("detail").notNull().default(""),
    /** The last day it is valid, in the business's time zone; null: it does not lapse. */
    validUntil: date("valid_until", { mode: "string" }),
    /** An http(s) page where a visitor can check it (a register); empty: none. */
    link: text("link").notNull().default(""),
    /** Lower first. */
    position: integer("position").notNull().default(0),
    shown: boolean("shown").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [check("site_badges_kind_check", oneOf(table.kind, BADGE_KINDS))],
);
