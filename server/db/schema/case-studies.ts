import { boolean, check, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { CASE_STUDY_CONSENT } from "../../../common/case-studies";
import type { CaseStudyFigure } from "../../../common/case-studies";
import { users } from "./accounts";
import { createdAt, id, oneOf, updatedAt } from "./columns";
import { jobs } from "./jobs";
import { media } from "./media";

/**
 * A delivered job told on the public site: at most one per job, public only while its customer's
 * consent is granted and the owner shows it (docs/decisions/0066-case-study-consent.md).
 */
export const caseStudies = pgTable(
  "case_studies",
  {
    id: id(),
    jobId: integer("job_id")
      .notNull()
      .unique()
      .references(() => jobs.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    /** Plain paragraphs, separated by blank lines. */
    summary: text("summary").notNull(),
    figures: jsonb("figures").$type<CaseStudyFigure[]>().notNull().default([]),
    /** Among the job's own images; a picture deleted later leaves its side empty. */
    beforeMediaId: integer("before_media_id").references(() => media.id, { onDelete: "set null" }),
    afterMediaId: integer("after_media_id").references(() => media.id, { onDelete: "set null" }),
    showMap: boolean("show_map").notNull().default(true),
    /** The owner's switch; the public sees it only with consent granted as well. */
    shown: boolean("shown").notNull().default(false),
    consent: text("consent", { enum: CASE_STUDY_CONSENT }).notNull().default("none"),
    /** The customer's choice when granting: their company named, or the anonymous label. */
    showName: boolean("show_name").notNull().default(false),
    consentRequestedAt: timestamp("consent_requested_at", { withTimezone: true }),
    consentRequestedBy: integer("consent_requested_by").references(() => users.id, { onDelete: "set null" }),
    /** When the customer last granted, declined or withdrew, and which account did. */
    consentAnsweredAt: timestamp("consent_answered_at", { withTimezone: true }),
    consentAnsweredBy: integer("consent_answered_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("case_studies_public_idx").on(table.consent, table.shown), check("case_studies_consent_check", oneOf(table.consent, CASE_STUDY_CONSENT))],
);
