// The certifications and insurance the business shows as badges on its public pages (docs/product.md
// §2, Certified and insured). The rules live here once, for the back office's form and the API alike.
import { z } from "zod";
import { oneLine } from "./one-line";
import { isSafeHref } from "./site-pages";

export const BADGE_KINDS = ["certification", "insurance"] as const;
export type BadgeKind = (typeof BADGE_KINDS)[number];

export const BADGE_KIND_LABELS: Record<BadgeKind, string> = { certification: "Certification", insurance: "Insurance" };

export const badgeMessages = {
  kind: "Choose certification or insurance",
  title: "Name the certificate or policy",
  titleLong: "Keep the title under 120 characters",
  issuer: "Name who issued it (the authority, or the insurer)",
  issuerLong: "Keep the issuer under 120 characters",
  referenceLong: "Keep the reference under 80 characters",
  detailLong: "Keep the detail under 160 characters",
  validUntil: "Valid until is a date as YYYY-MM-DD",
  link: "Enter a web address starting with https:// or http://",
  linkLong: "Keep the link under 500 characters",
  shown: "shown must be true or false",
  nothingToChange: "Change a field of the badge or whether it is shown",
  notFound: "Badge not found",
} as const;

/**
 * Where a badge's link may go: a web page, http or https. isSafeHref already refuses what would run
 * (javascript:, data:); a badge's link is a register or certificate on another site, so a page of
 * this site, mail and phone addresses are refused too.
 */
function isBadgeLink(value: string): boolean {
  return isSafeHref(value) && /^https?:\/\/[^/]/i.test(value);
}

const badgeFields = {
  kind: z.enum(BADGE_KINDS, { message: badgeMessages.kind }),
  title: oneLine("The title").min(1, badgeMessages.title).max(120, badgeMessages.titleLong),
  issuer: oneLine("The issuer").min(1, badgeMessages.issuer).max(120, badgeMessages.issuerLong),
  reference: oneLine("The reference").max(80, badgeMessages.referenceLong),
  detail: oneLine("The detail").max(160, badgeMessages.detailLong),
  link: oneLine("The link")
    .max(500, badgeMessages.linkLong)
    .refine((value) => value === "" || isBadgeLink(value), badgeMessages.link),
  shown: z.boolean({ message: badgeMessages.shown }),
};

/** The last day it is valid, in the business's time zone (YYYY-MM-DD); null, or "" from the back office's empty date field: it does not lapse. */
const validUntilOrEmpty = z
  .union([z.literal(""), z.iso.date({ message: badgeMessages.validUntil })], { message: badgeMessages.validUntil })
  .nullable()
  .transform((value) => (value === "" ? null : value));

/** POST /api/admin/badges: a certificate or an insurance policy the public pages show. */
export const badgeInputSchema = z.object({
  ...badgeFields,
  reference: badgeFields.reference.default(""),
  detail: badgeFields.detail.default(""),
  validUntil: validUntilOrEmpty.default(null),
  link: badgeFields.link.default(""),
  shown: badgeFields.shown.default(true),
});
export type BadgeInput = z.input<typeof badgeInputSchema>;

/** PATCH /api/admin/badges/:id: any of the same fields, without defaults, so Show and Hide (only `shown`) change nothing else. */
export const badgeUpdateSchema = z.object({ ...badgeFields, validUntil: validUntilOrEmpty }).partial();
export type BadgeUpdate = z.input<typeof badgeUpdateSchema>;

/** POST /api/admin/badges/:id/move: one place up or down the order the public pages show them in. */
export const badgeMoveSchema = z.object({ direction: z.enum(["up", "down"], { message: "Move up or down" }) });

/** Whether a badge has lapsed on the business's day `today` (YYYY-MM-DD): it is valid through its last day. */
export const badgeExpired = (validUntil: string | null, today: string): boolean => validUntil !== null && validUntil < today;
