import { type AnyPgColumn, boolean, doublePrecision, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { ownerId } from "./accounts";
import { services } from "./catalogue";
import { createdAt, id } from "./columns";
import { jobs } from "./jobs";

// Reports and media: files an admin uploads for a customer.

/** What reports and media share: an upload an admin made for a customer, kept in storage under storageKey. */
export const storedFile = () => ({
  id: id(),
  userId: ownerId(),
  serviceId: integer("service_id").references((): AnyPgColumn => services.id),
  title: text("title").notNull(),
  description: text("description").notNull(),
  storageKey: text("storage_key").notNull(),
  /** The job it was made for; held from its customer until that job is delivered. None: shown at once. */
  jobId: integer("job_id").references((): AnyPgColumn => jobs.id, { onDelete: "set null" }),
});

export const reports = pgTable(
  "reports",
  {
    ...storedFile(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("reports_user_id_idx").on(table.userId), index("reports_job_id_idx").on(table.jobId)],
);

/** A group of the public gallery (docs/product.md §2, Gallery): its chips filter the page; ?category= carries the slug. */
export const galleryCategories = pgTable(
  "gallery_categories",
  {
    id: id(),
    name: text("name").notNull(),
    /** The name in address form, kept in step with it. */
    slug: text("slug").notNull(),
    /** Lower first. */
    position: integer("position").notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex("gallery_categories_slug_idx").on(table.slug)],
);

export const media = pgTable(
  "media",
  {
    ...storedFile(),
    fileType: text("file_type").notNull(),
    size: integer("size").notNull(),
    isGalleryItem: boolean("is_gallery_item").notNull().default(false),
    /** A video's length as ffprobe read it; none until the poster task ran, or where ffmpeg is not installed (docs/decisions/0038-video-posters.md). */
    durationSeconds: doublePrecision("duration_seconds"),
    /** A video's poster frame (JPEG) in storage; none: the browser shows the generic poster. */
    posterKey: text("poster_key"),
    /**
     * A video whose poster task has not ended yet: written true with the row, false once the task made
     * a poster, found none to make or no ffmpeg, or ran out of tries; lists poll while it is true
     * (docs/decisions/0050-poster-pending.md). Rows from before it hold false: their jobs had run.
     */
    posterPending: boolean("poster_pending").notNull().default(false),
    /** Its gallery category; none: shown under All only. A deleted category leaves its items without one. */
    categoryId: integer("category_id").references((): AnyPgColumn => galleryCategories.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (table) => [
    index("media_user_id_idx").on(table.userId),
    index("media_gallery_idx").on(table.isGalleryItem),
    index("media_job_id_idx").on(table.jobId),
    index("media_category_idx").on(table.categoryId),
  ],
);
