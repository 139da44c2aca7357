import { z } from "zod";
import { CUSTOMER_VISIBLE_STATUSES, FINDING_CLASSES, FINDING_SEVERITIES } from "../findings";
import { NEW_SHARE_PIN_PATTERN, SHARE_EVENTS, SHARE_LINK_STATES, SHARE_PIN_PATTERN, shareLinkMessages } from "../share-links";
import { findingImageSchema } from "./findings";
import { mapLayerSchema } from "./map-layers";
import { id, isoDate, listOf, successMessageSchema, successOf } from "./wire";

/** Most ids one list of a link's items may hold: more than any job has. */
const MAX_ITEMS = 500;
const ids = (field: string) => z.array(id, { message: `${field} must be a list of ids` }).max(MAX_ITEMS, `${field} may hold at most ${MAX_ITEMS} ids`);

/** A chosen set of the job's deliverables; a link without one shares all of them, those delivered later too. */
const shareItemsSchema = z.object({
  reports: ids("items.reports").default([]),
  media: ids("items.media").default([]),
  layers: ids("items.layers").default([]),
  /** The map with the site's boundary (the layers chosen are drawn on it either way). */
  siteMap: z.boolean({ message: "items.siteMap must be true or false" }).default(false),
  /** The findings the job's customer sees (never a candidate or a dismissed one): listed, pinned on the map when it is shared, and in the ZIP's findings.csv. */
  findings: z.boolean({ message: "items.findings must be true or false" }).default(false),
  /**
   * The job's compliance packet and the scanned copies it names, for the client's safety department:
   * chosen by an admin only (docs/decisions/0075-scanned-copies.md); a link without items never shares it.
   */
  compliancePacket: z.boolean({ message: "items.compliancePacket must be true or false" }).default(false),
});
export type ShareItems = z.output<typeof shareItemsSchema>;

/** POST /api/jobs/:id/share-links. Whether expiresAt is in the future, and not too far, is checked against the server's clock. */
export const createShareLinkSchema = z.object({
  expiresAt: z.iso.datetime({ offset: true, message: shareLinkMessages.expiresAtFormat }),
  pin: z.string({ message: shareLinkMessages.pinFormat }).regex(NEW_SHARE_PIN_PATTERN, shareLinkMessages.pinFormat).optional(),
  allowDownload: z.boolean({ message: shareLinkMessages.allowDownload }),
  items: shareItemsSchema.optional(),
});
export type CreateShareLinkInput = z.input<typeof createShareLinkSchema>;

/** The answer to a new link: its address, shown this once (only its hash is kept). */
export const shareLinkCreatedSchema = successOf(z.object({ id, url: z.string() }));

const accessSchema = z.object({
  at: isoDate,
  address: z.string(),
  what: z.enum(SHARE_EVENTS),
  /** What was downloaded, as the owner reads it ("the ZIP of everything shared", a file's title); "" for an opening or a wrong PIN. */
  itemName: z.string(),
});

/** A link as its owner sees it, with its access log (newest first). */
export const shareLinkSchema = z.object({
  id,
  jobId: id,
  createdAt: isoDate,
  createdByName: z.string(),
  expiresAt: isoDate,
  revokedAt: isoDate.nullable(),
  /** When its last allowed wrong PIN closed it (state "disabled"). */
  disabledAt: isoDate.nullable(),
  state: z.enum(SHARE_LINK_STATES),
  hasPin: z.boolean(),
  allowDownload: z.boolean(),
  /** null: everything the job delivers. */
  items: z
    .object({ reports: z.array(id), media: z.array(id), layers: z.array(id), siteMap: z.boolean(), findings: z.boolean(), compliancePacket: z.boolean() })
    .nullable(),
  log: z.array(accessSchema),
});
export type ShareLink = z.input<typeof shareLinkSchema>;

/** GET /api/jobs/:id/share-links, newest first. */
export const shareLinkListSchema = listOf(shareLinkSchema);

/** DELETE /api/share-links/:id. */
export const shareLinkRevokedSchema = successMessageSchema;

const sharedFile = {
  id,
  title: z.string(),
  description: z.string(),
  createdAt: isoDate,
  /** Shown in the page (an image, a video that seeks, a PDF). */
  fileUrl: z.string(),
  /** Saved to disk; null on a view-only link. */
  downloadUrl: z.string().nullable(),
};

/** A shared finding: what the customer's list shows of it, without the history, its images at the link's own addresses. */
const sharedFindingSchema = z.object({
  id,
  class: z.enum(FINDING_CLASSES),
  /** The class in words ("Hot spot"). */
  title: z.string(),
  severity: z.enum(FINDING_SEVERITIES),
  /** Only the states the customer sees (common/finding-status.ts): the serializer refuses any other. */
  status: z.enum(CUSTOMER_VISIBLE_STATUSES),
  locator: z.string(),
  lat: z.number(),
  lon: z.number(),
  polygon: z.object({ type: z.literal("Polygon"), coordinates: z.array(z.array(z.tuple([z.number(), z.number()]))) }).nullable(),
  maxTemp: z.number().nullable(),
  deltaT: z.number().nullable(),
  indexValue: z.number().nullable(),
  powerLoss: z.number().nullable(),
  note: z.string(),
  /**
   * Its crops, then the photos attached to it that the link shares too (another photo is left out),
   * each at the link's own address (GET /api/share/{token}/findings/{findingId}/images/{cropId},
   * GET /api/share/{token}/media/{id}), as the customer's finding lists them.
   */
  images: z.array(findingImageSchema),
  createdAt: isoDate,
});
export type SharedFinding = z.input<typeof sharedFindingSchema>;

/** GET /api/share/:token: the PIN screen's facts, or what the link shares. */
export const sharedJobSchema = z.discriminatedUnion("locked", [
  z.object({ locked: z.literal(true), expiresAt: isoDate }),
  z.object({
    locked: z.literal(false),
    expiresAt: isoDate,
    allowDownload: z.boolean(),
    title: z.string(),
    siteName: z.string(),
    /** Drawn on the map when the site map is shared. */
    siteBoundary: z.object({ type: z.literal("Polygon"), coordinates: z.array(z.array(z.tuple([z.number(), z.number()]))) }).nullable(),
    /** Whether the map shows at all: the site map, or a layer, is shared. */
    showMap: z.boolean(),
    reports: z.array(z.object({ ...sharedFile, contentType: z.string() })),
    media: z.array(
      z.object({
        ...sharedFile,
        fileType: z.string(),
        thumbnailUrl: z.string().nullable(),
        posterUrl: z.string().nullable(),
        durationSeconds: z.number().nonnegative().nullable(),
      }),
    ),
    layers: z.array(mapLayerSchema),
    /** The findings as the job's customer sees them, oldest first, when the link shares them; null when it does not. */
    findings: z.array(sharedFindingSchema).nullable(),
    /**
     * The compliance packet (a PDF made when asked for, from the records as they stand) and the
     * scanned copies it names, when the link shares it; else null. Saving them (?download=1) is a
     * download as any other.
     */
    compliancePacket: z
      .object({
        url: z.string(),
        copies: z.array(z.object({ id, record: z.string(), name: z.string(), contentType: z.string(), url: z.string() })),
      })
      .nullable(),
    /** Everything shared as one ZIP; null on a view-only link. */
    zipUrl: z.string().nullable(),
  }),
]);
export type SharedJob = z.input<typeof sharedJobSchema>;
export type SharedMedia = Extract<SharedJob, { locked: false }>["media"][number];

/** POST /api/share/:token/pin: 4 to 12 digits, as links made before 6-digit PINs have them. */
export const sharePinSchema = z.object({
  pin: z.string({ message: shareLinkMessages.pinEntryFormat }).regex(SHARE_PIN_PATTERN, shareLinkMessages.pinEntryFormat),
});
